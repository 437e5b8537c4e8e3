// Printing an opened session: at start-up (-c, --session, or any worker that opened one), after
// a session change (/resume, /fork, /clone, /tree, /new, a -r pick) and after a worker restart
// that came back on a different session, the active branch is printed into the transcript as it
// looked live, and the footer takes the session's totals. A restart that reopened the session
// already on screen prints nothing: the transcript shows it.
import type { AgentMessage, RpcSessionState, SessionStats } from "../../bridge/index.js";
import type { TuiConnection } from "./tui-connection.js";
import {
  historyPrompts,
  historySlice,
  historyTotals,
  type SessionTotals,
  startHistory,
  startTail,
} from "../state/history.js";
import type { MessageList } from "../state/history.js";
import type { EntryInput } from "../state/transcript.js";
import type { TuiAction } from "../state/actions.js";
import type { Store } from "../state/store.js";
import { workerSupports } from "../state/worker-info.js";
import { listOf, messageWindow, type PageReader, readMissing, readTail, type TailPlace } from "./session-pages.js";

/**
 * Messages printed into scrollback when a session opens (about five turns: several screens);
 * older ones stay in the store for the transcript view (ctrl+o), as the notice above them says.
 * Everything printed comes before the last answer, so the first full screen waits for all of it:
 * on the resume bench's 10,000-message session (bench/resume.mjs, same runs alternated, load
 * 3.8-4.4) the TUI spent 520-590 ms of CPU from the footer to the first full screen with 40
 * messages (275 rows), 190-360 ms with 20 (~140 rows), which came 140-450 ms after the footer
 * instead of 700-860 ms.
 */
export const PRINT_LAST_MESSAGES = 20;

/** A session's last prompts put into the editor's Up-arrow history. */
const PROMPTS_KEPT = 100;

/** A whole answer's messages (an attach or a rehydration carries them all). */
type Messages = readonly AgentMessage[];

export type SessionPrinter = {
  /**
   * Print the worker's current session below what is on screen (a `title` divider first when
   * given) and take its totals. `messages` when the caller already has them (rehydration).
   */
  show(options?: { title?: string; messages?: MessageList; ifNotShown?: boolean }): Promise<void>;
  /** After a restart rehydrated `state`: print only if it is not the session on screen. */
  rehydrated(state: RpcSessionState, messages: Messages): Promise<void>;
  /**
   * A live worker's attach answer printed `state`'s session (sessionActions, in stream order
   * before the run in progress): remember it, take its totals and build its earlier messages.
   * show({ ifNotShown }) then prints nothing. `place`: the answer held only the messages from
   * there on (the earlier ones are read a page at a time). `totalsGiven`: the answer carried the
   * session's totals (applied in stream order with it); otherwise they are asked for.
   */
  attached(state: RpcSessionState, messages: Messages, place?: TailPlace, totalsGiven?: boolean): Promise<void>;
  /** Resolves once the earlier messages of the last printed session are in the store. */
  olderBuilt(): Promise<void>;
  /** A live attach answer without the session's state: build its earlier messages only. */
  attachedWithoutState(messages: Messages, place?: TailPlace): Promise<void>;
};

/**
 * The actions that print a session: a `title` divider when given, then the entries of its last
 * PRINT_LAST_MESSAGES messages only (cheap, so the first screen comes at once); the earlier
 * ones are built afterwards by fillOlder and inserted before them, unprinted.
 */
export function sessionActions(messages: MessageList, title?: string): TuiAction[] {
  const out: TuiAction[] = [];
  if (title !== undefined) out.push({ type: "notice", level: "info", text: `── ${title} ──` });
  const build = startTail(messages, PRINT_LAST_MESSAGES);
  const entries = historySlice(messages, build.firstPrinted, messages.length, build);
  out.push({ type: "history", entries, olderFollow: build.firstPrinted > 0 });
  for (const text of historyPrompts(messages).slice(-PROMPTS_KEPT))
    out.push({ type: "editor", op: { op: "commit_history", text } });
  return out;
}

type Connection = Pick<TuiConnection, "rpc">;

/**
 * Messages turned into entries per event-loop turn: keys are read between slices. On the
 * resume bench's session a slice of 250 took 18 ms at the median and 80-100 ms at worst on a
 * loaded machine (with the GC it triggers); 100 take 3-11 ms and 40-90 ms at worst.
 */
const BUILD_SLICE = 100;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Resolves once the transcript printed every entry committed now (it reports `printedThrough`),
 * or the transcript view took the screen (printing waits for it, and it shows the earlier
 * messages). Reading and building those messages meanwhile competed with the tail's print for
 * the CPU, and the worker's answers with it for the other core (bench/long-day.mjs).
 */
function tailPrinted(store: Store): Promise<void> {
  const last = store.getState().transcript.committed.at(-1)?.id;
  const done = (): boolean => {
    const s = store.getState();
    return last === undefined || (s.transcript.printedThrough ?? -1) >= last || s.ui.transcriptView !== undefined;
  };
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}

/**
 * After sessionActions printed `messages`' tail: build the entries of the earlier messages a
 * slice per event-loop turn (keys and print chunks run between slices) and insert them before
 * the tail for the transcript view (also when another session was printed meanwhile: the
 * transcript view shows every session printed). Messages the window lacks (only its tail came)
 * are read from the worker a page at a time, oldest first.
 */
async function fillOlder(store: Store, messages: MessageList, filling: Set<number>, read: PageReader): Promise<void> {
  const before = store.getState().transcript.olderBefore;
  if (before === undefined || filling.has(before)) return;
  filling.add(before);
  try {
    // slice() keeps the holes, and the caller's window is left as it is.
    const window = messages.slice();
    const build = startHistory(window, PRINT_LAST_MESSAGES);
    const holes = !(0 in window);
    const entries: EntryInput[] = [];
    await tailPrinted(store);
    for (let from = 0; from < build.firstPrinted; from += BUILD_SLICE) {
      const to = Math.min(from + BUILD_SLICE, build.firstPrinted);
      if (holes) await readMissing(window, from, to, read, listOf(messages));
      await nextTurn();
      entries.push(...historySlice(window, from, to, build));
    }
    store.dispatch({ type: "history_older", entries, before });
    if (holes) store.dispatch({ type: "editor", op: { op: "load_history", entries: olderPrompts(messages, window) } });
  } finally {
    filling.delete(before);
  }
}

/**
 * The prompts of `whole` that sessionActions would have put in the editor's history had it
 * printed from `whole` instead of the `tail` window (only their messages were here then).
 */
function olderPrompts(tail: MessageList, whole: MessageList): string[] {
  const all = historyPrompts(whole).slice(-PROMPTS_KEPT);
  return all.slice(0, all.length - historyPrompts(tail).slice(-PROMPTS_KEPT).length);
}

function sessionKey(state: Pick<RpcSessionState, "sessionFile" | "sessionId">): string {
  return state.sessionFile ?? `id:${state.sessionId}`;
}

/** The footer's totals from get_session_stats data. */
export function statsTotals(s: SessionStats): SessionTotals {
  return {
    tokensIn: s.tokens.input + s.tokens.cacheRead,
    tokensOut: s.tokens.output,
    cost: s.cost,
    contextTokens: typeof s.contextUsage?.tokens === "number" ? s.contextUsage.tokens : undefined,
  };
}

export function createSessionPrinter(store: Store, connection: Connection): SessionPrinter {
  const shown = (): string | undefined => store.getState().transcript.shownSession;
  const remember = (state: RpcSessionState): void =>
    store.dispatch({ type: "session_shown", session: sessionKey(state) });

  const totals = async (messages: MessageList): Promise<SessionTotals> => {
    if (!workerSupports(store.getState(), "get_session_stats")) return historyTotals(messages);
    try {
      return statsTotals(await connection.rpc.getSessionStats());
    } catch (error) {
      // Older workers without the command: the messages carry the same usage figures.
      void error;
      return historyTotals(messages);
    }
  };

  const filling = new Set<number>();
  const read: PageReader = (page) => connection.rpc.getMessages(page);
  const fill = (messages: MessageList): Promise<void> => fillOlder(store, messages, filling, read);
  let older: Promise<void> = Promise.resolve();
  const print = async (state: RpcSessionState, messages: MessageList, title: string | undefined): Promise<void> => {
    remember(state);
    store.dispatchAll(sessionActions(messages, title));
    store.dispatch({ type: "session_totals", totals: await totals(messages) });
    // Not awaited: what waits for the session to be printed (start-up, /resume) need not wait for
    // the part only the transcript view shows.
    older = fill(messages).catch((error: unknown) =>
      store.dispatch({
        type: "notice",
        level: "warning",
        text: `Could not read the session's earlier messages: ${String(error)}`,
      }),
    );
  };

  return {
    async show(options = {}) {
      const state = await connection.rpc.getState();
      if (options.ifNotShown === true && shown() === sessionKey(state)) return;
      const messages = options.messages ?? (await readTail(read));
      await print(state, messages, options.title);
    },
    async rehydrated(state, messages) {
      if (shown() === undefined || shown() === sessionKey(state)) return remember(state);
      await print(state, messages, "The restarted worker opened another session");
    },
    async attached(state, messages, place, totalsGiven = false) {
      remember(state);
      const window = messageWindow(messages, place);
      // Asked for only from workers whose answer lacks them: an answer arriving after events that
      // the store already counted would count them twice (or drop them).
      if (!totalsGiven) store.dispatch({ type: "session_totals", totals: await totals(window) });
      // The attach answer's notice printed the tail (live-notices.ts); the rest follows here.
      await fill(window);
    },
    attachedWithoutState: (messages, place) => fill(messageWindow(messages, place)),
    olderBuilt: () => older,
  };
}
