// Printing an opened session: at start-up (-c, --session, or any worker that opened one), after
// a session change (/resume, /fork, /clone, /tree, /new, a -r pick) and after a worker restart
// that came back on a different session, the active branch is printed into the transcript as it
// looked live, and the footer takes the session's totals. A restart that reopened the session
// already on screen prints nothing: the transcript shows it.
import type { RpcSessionState, SessionStats } from "../bridge/index.js";
import type { TuiConnection } from "./bridge-notices.js";
import { historyEntries, historyPrompts, historySlice, historyTotals, type SessionTotals, startHistory } from "./state/history.js";
import type { EntryInput } from "./state/transcript.js";
import type { TuiAction } from "./state/actions.js";
import type { Store } from "./state/store.js";
import { workerSupports } from "./state/worker-info.js";

/**
 * Messages printed into scrollback when a session opens; older ones stay in the store for the
 * transcript view. Rendering a 10,000-message session whole takes seconds (bench/resume.mjs
 * prints the figures), while its last answer must show within one.
 */
export const PRINT_LAST_MESSAGES = 100;

export type SessionPrinter = {
  /**
   * Print the worker's current session below what is on screen (a `title` divider first when
   * given) and take its totals. `messages` when the caller already has them (rehydration).
   */
  show(options?: { title?: string; messages?: readonly unknown[]; ifNotShown?: boolean }): Promise<void>;
  /** After a restart rehydrated `state`: print only if it is not the session on screen. */
  rehydrated(state: RpcSessionState, messages: readonly unknown[]): Promise<void>;
  /**
   * A live worker's attach answer printed `state`'s session (sessionActions, in stream order
   * before the run in progress): remember it and take its totals. show({ ifNotShown }) then
   * prints nothing.
   */
  attached(state: RpcSessionState, messages: readonly unknown[]): Promise<void>;
};

/** The actions that print a session's messages (a `title` divider first when given). */
export function sessionActions(messages: readonly unknown[], title?: string): TuiAction[] {
  const out: TuiAction[] = [];
  if (title !== undefined) out.push({ type: "notice", level: "info", text: `── ${title} ──` });
  out.push({ type: "history", entries: historyEntries(messages, PRINT_LAST_MESSAGES) });
  for (const text of historyPrompts(messages).slice(-100)) out.push({ type: "editor", op: { op: "commit_history", text } });
  return out;
}

type Connection = Pick<TuiConnection, "rpc">;

/** Messages turned into entries per event-loop turn: keys are read between slices. */
const BUILD_SLICE = 400;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function buildEntries(messages: readonly unknown[]): Promise<EntryInput[]> {
  const build = startHistory(messages, PRINT_LAST_MESSAGES);
  const entries: EntryInput[] = [];
  for (let from = 0; from < messages.length; from += BUILD_SLICE) {
    if (from > 0) await nextTurn();
    entries.push(...historySlice(messages, from, from + BUILD_SLICE, build));
  }
  return entries;
}

function sessionKey(state: Pick<RpcSessionState, "sessionFile" | "sessionId">): string {
  return state.sessionFile ?? `id:${state.sessionId}`;
}

function statsTotals(s: SessionStats): SessionTotals {
  return {
    tokensIn: s.tokens.input + s.tokens.cacheRead,
    tokensOut: s.tokens.output,
    cost: s.cost,
    contextTokens: typeof s.contextUsage?.tokens === "number" ? s.contextUsage.tokens : undefined,
  };
}

export function createSessionPrinter(store: Store, connection: Connection): SessionPrinter {
  const shown = (): string | undefined => store.getState().transcript.shownSession;
  const remember = (state: RpcSessionState): void => store.dispatch({ type: "session_shown", session: sessionKey(state) });

  const totals = async (messages: readonly unknown[]): Promise<SessionTotals> => {
    if (!workerSupports(store.getState(), "get_session_stats")) return historyTotals(messages);
    try {
      return statsTotals(await connection.rpc.getSessionStats());
    } catch (error) {
      // Older workers without the command: the messages carry the same usage figures.
      void error;
      return historyTotals(messages);
    }
  };

  const print = async (state: RpcSessionState, messages: readonly unknown[], title: string | undefined): Promise<void> => {
    remember(state);
    if (title !== undefined) store.dispatch({ type: "notice", level: "info", text: `── ${title} ──` });
    store.dispatch({ type: "history", entries: await buildEntries(messages) });
    const prompts = historyPrompts(messages).slice(-100);
    store.dispatchAll(prompts.map((text) => ({ type: "editor", op: { op: "commit_history", text } })));
    store.dispatch({ type: "session_totals", totals: await totals(messages) });
  };

  return {
    async show(options = {}) {
      const state = await connection.rpc.getState();
      if (options.ifNotShown === true && shown() === sessionKey(state)) return;
      const messages = options.messages ?? (await connection.rpc.getMessages()).messages;
      await print(state, messages, options.title);
    },
    async rehydrated(state, messages) {
      if (shown() === undefined || shown() === sessionKey(state)) return remember(state);
      await print(state, messages, "The restarted worker opened another session");
    },
    async attached(state, messages) {
      remember(state);
      store.dispatch({ type: "session_totals", totals: await totals(messages) });
    },
  };
}
