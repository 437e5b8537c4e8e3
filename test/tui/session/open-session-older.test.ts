// A long session opens tail first: its last messages are printed at once, the earlier ones are
// built a slice per event-loop turn afterwards and inserted before the tail, unprinted, so the
// store ends with every message in order; keys dispatched meanwhile are handled before they land.
import { describe, expect, it } from "vitest";
import type { AgentMessage, BridgeNotice, RpcSessionState } from "../../../src/bridge/index.js";
import type { TuiConnection } from "../../../src/tui/session/tui-connection.js";
import { messagePage } from "../../../src/agent/commands/message-page.js";
import { liveNoticeActions, tailPlace } from "../../../src/tui/live/live-notices.js";
import { createSessionPrinter, PRINT_LAST_MESSAGES, sessionActions } from "../../../src/tui/session/open-session.js";
import { PAGE_MESSAGES, TAIL_MESSAGES } from "../../../src/tui/session/session-pages.js";
import { historyEntries } from "../../../src/tui/state/history.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";
import { createStore, type Store } from "../../../src/tui/state/store.js";
import type { Entry } from "../../../src/tui/state/types.js";
import { wireMessages } from "../helpers/wire-values.js";

/** `turns` of prompt, tool call, tool result and answer (4 messages each). */
function session(turns: number): AgentMessage[] {
  const out: unknown[] = [];
  for (let n = 0; n < turns; n += 1) {
    out.push({ role: "user", content: `prompt ${n}`, timestamp: n });
    out.push({
      role: "assistant",
      content: [{ type: "toolCall", id: `c${n}`, name: "read", arguments: { path: `f${n}.ts` } }],
      stopReason: "toolUse",
      timestamp: n,
    });
    out.push({
      role: "toolResult",
      toolCallId: `c${n}`,
      toolName: "read",
      content: [{ type: "text", text: `body ${n}` }],
      isError: false,
      timestamp: n,
    });
    out.push({ role: "assistant", content: [{ type: "text", text: `answer ${n}` }], stopReason: "stop", timestamp: n });
  }
  return wireMessages(out);
}

type Page = { offset: number; limit?: number };

/** What the transcript does on screen: once a turn after entries are committed, report them printed. */
function printsEverything(store: Store): void {
  store.subscribe(() => {
    const last = store.getState().transcript.committed.at(-1)?.id;
    if (last !== undefined && store.getState().transcript.printedThrough !== last)
      setImmediate(() => store.dispatch({ type: "printed", through: last }));
  });
}

/**
 * A worker over `messages`: pi's kind answers get_messages with every message whatever it is
 * asked; agent-rpc's answers paging fields with that page and its place (`pages` lists them).
 */
function setup(messages: AgentMessage[], worker: "pi" | "paging" = "pi", screen: "prints" | "holds" = "prints") {
  const store = createStore(createInitialState(), { frameMs: 0 });
  if (screen === "prints") printsEverything(store);
  const pages: Page[] = [];
  const rpc = {
    getState: async () => ({ sessionFile: "/s/long.jsonl", sessionId: "long" }),
    getMessages: async (page?: Page) => {
      if (worker === "pi" || page === undefined) return { messages };
      pages.push(page);
      return messagePage(messages, page.offset, page.limit);
    },
    getSessionStats: async () => ({ tokens: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, total: 3 }, cost: 0 }),
  };
  return { store, pages, printer: createSessionPrinter(store, { rpc } as unknown as TuiConnection) };
}

const withoutIds = (entries: readonly Entry[]) => entries.map(({ id: _id, ...rest }) => rest);
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !done(); turn += 1) await nextTurn();
  expect(done()).toBe(true);
}

describe("opening a long session tail first", () => {
  it("ends with every message's entries in order, the earlier ones unprinted, each id once", async () => {
    const messages = session(500);
    const { store, printer } = setup(messages);
    await printer.show();
    await printer.olderBuilt();
    const committed = store.getState().transcript.committed;
    expect(withoutIds(committed)).toEqual(historyEntries(messages, PRINT_LAST_MESSAGES));
    expect(new Set(committed.map((e) => e.id)).size).toBe(committed.length);
    expect(store.getState().transcript.olderBefore).toBeUndefined();
    // The tail's first tool result still names its call, made before the tail.
    const firstTool = committed.find((e) => !e.unprinted && e.kind === "tool");
    expect(firstTool?.kind === "tool" ? firstTool.run.args : undefined).toEqual({
      path: `f${500 - PRINT_LAST_MESSAGES / 4}.ts`,
    });
  });

  it("prints the tail before building the rest, and a key typed meanwhile is handled first", async () => {
    const messages = session(2000);
    const { store, printer } = setup(messages);
    const opening = printer.show();
    await until(() =>
      store.getState().transcript.committed.some((e) => e.kind === "markdown" && e.text === "answer 1999"),
    );
    // The tail is in the store; the earlier messages are still being built.
    expect(store.getState().transcript.olderBefore).toBeDefined();
    expect(store.getState().transcript.committed.some((e) => e.kind === "user" && e.text === "prompt 0")).toBe(false);
    store.dispatch({ type: "editor", op: { op: "insert", text: "typed" } });
    expect(store.getState().editor.text).toBe("typed");
    await opening;
    await printer.olderBuilt();
    expect(withoutIds(store.getState().transcript.committed)).toEqual(historyEntries(messages, PRINT_LAST_MESSAGES));
  });

  it("still completes a session's earlier messages when another one is printed meanwhile", async () => {
    const { store, printer } = setup(session(2000));
    const first = printer.show();
    await until(() => store.getState().transcript.olderBefore !== undefined);
    store.dispatchAll(sessionActions(session(300), "another"));
    const second = store.getState().transcript.olderBefore;
    await first;
    await printer.olderBuilt();
    // The second session's mark survives the first one's insertion.
    expect(store.getState().transcript.olderBefore).toBe(second);
    const prompts = store
      .getState()
      .transcript.committed.filter((e) => e.kind === "user")
      .map((e) => (e.kind === "user" ? e.text : ""));
    expect(prompts.slice(0, 2000)).toEqual(Array.from({ length: 2000 }, (_, n) => `prompt ${n}`));
    expect(prompts.slice(2000, 2000 + PRINT_LAST_MESSAGES / 4)).toEqual(
      Array.from({ length: PRINT_LAST_MESSAGES / 4 }, (_, n) => `prompt ${300 - PRINT_LAST_MESSAGES / 4 + n}`),
    );
  });
});

describe("opening a long session from a worker that pages", () => {
  it("asks for the tail, then the earlier messages a page at a time, oldest first, and ends as with a worker that sends all", async () => {
    const messages = session(500);
    const paged = setup(messages, "paging");
    const whole = setup(messages, "pi");
    for (const { printer } of [paged, whole]) {
      await printer.show();
      await printer.olderBuilt();
    }
    expect(paged.pages[0]).toEqual({ offset: -TAIL_MESSAGES });
    const later = paged.pages.slice(1);
    expect(later.map((p) => p.offset)).toEqual(Array.from({ length: later.length }, (_, i) => i * PAGE_MESSAGES));
    expect(later.every((p) => p.limit === PAGE_MESSAGES)).toBe(true);
    // Only what the tail lacked was asked for.
    expect(later.length).toBe(Math.ceil((messages.length - TAIL_MESSAGES) / PAGE_MESSAGES));
    expect(withoutIds(paged.store.getState().transcript.committed)).toEqual(
      withoutIds(whole.store.getState().transcript.committed),
    );
    expect(paged.store.getState().transcript.committed.find((e) => e.kind === "notice")).toMatchObject({
      text: `${(messages.length - PRINT_LAST_MESSAGES).toLocaleString("en-US")} earlier messages not printed here · ctrl+o shows the whole session`,
    });
    // The editor's history has the session's last 100 prompts either way, oldest first.
    expect(paged.store.getState().editor.history).toEqual(whole.store.getState().editor.history);
    expect(paged.store.getState().editor.history).toHaveLength(100);
  });

  it.each([
    ["a compaction left fewer", (messages: AgentMessage[]) => messages.splice(0, 1000)],
    [
      "another list as long replaced them",
      (messages: AgentMessage[]) => messages.splice(0, messages.length, ...session(600)),
    ],
  ])("stops with a warning when the messages changed while the pages were read: %s", async (_name, change) => {
    let messages = session(500);
    const store = createStore(createInitialState(), { frameMs: 0 });
    printsEverything(store);
    const rpc = {
      getState: async () => ({ sessionFile: "/s/long.jsonl", sessionId: "long" }),
      getMessages: async (page: Page) => messagePage(messages, page.offset, page.limit),
      getSessionStats: async () => ({
        tokens: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, total: 3 },
        cost: 0,
      }),
    };
    const printer = createSessionPrinter(store, { rpc } as unknown as TuiConnection);
    await printer.show();
    // The worker's context is replaced by a new list (runtime.setStore), as its worker does.
    const next = [...messages];
    change(next);
    messages = next;
    await printer.olderBuilt();
    const notices = store
      .getState()
      .transcript.committed.filter((e) => e.kind === "notice")
      .map((e) => (e.kind === "notice" ? e.text : ""));
    expect(notices).toContain(
      "Could not read the session's earlier messages: Error: the session changed while its earlier messages were being read",
    );
  });

  it("reads no earlier page until the tail is printed (or the transcript view opens)", async () => {
    const messages = session(500);
    const held = setup(messages, "paging", "holds");
    await held.printer.show();
    for (let turn = 0; turn < 50; turn += 1) await nextTurn();
    expect(held.pages).toEqual([{ offset: -TAIL_MESSAGES }]);
    const last = held.store.getState().transcript.committed.at(-1)?.id ?? -1;
    held.store.dispatch({ type: "printed", through: last });
    await held.printer.olderBuilt();
    expect(held.pages.length).toBeGreaterThan(1);

    const viewed = setup(messages, "paging", "holds");
    await viewed.printer.show();
    viewed.store.dispatch({ type: "transcript_view", open: true });
    await viewed.printer.olderBuilt();
    expect(viewed.pages.length).toBeGreaterThan(1);
  });

  it("a live attach answer with only the tail: prints it, then reads and builds the rest", async () => {
    const messages = session(500);
    const { store, printer, pages } = setup(messages, "paging");
    const tail = messagePage(messages, -TAIL_MESSAGES);
    const notice = {
      kind: "live_attached",
      id: "w",
      mode: "first",
      messages: tail.messages,
      messagesOffset: tail.offset,
      messagesListId: tail.listId,
    } as Extract<BridgeNotice, { kind: "live_attached" }>;
    store.dispatchAll(liveNoticeActions(notice, 0));
    expect(store.getState().transcript.committed.filter((e) => e.kind === "user").length).toBe(PRINT_LAST_MESSAGES / 4);
    await printer.attached(
      { sessionFile: "/s/long.jsonl", sessionId: "long" } as RpcSessionState,
      tail.messages,
      tailPlace(notice),
    );
    expect(pages.every((p) => p.offset >= 0 && p.offset < tail.offset)).toBe(true);
    expect(withoutIds(store.getState().transcript.committed)).toEqual(historyEntries(messages, PRINT_LAST_MESSAGES));
  });
});

describe("attaching to a live worker's long session", () => {
  it("prints the tail from the attach notice at once; the printer then builds the rest", async () => {
    const messages = session(500);
    const { store, printer } = setup(messages);
    const notice = { kind: "live_attached", id: "w", mode: "first", messages } as Extract<
      BridgeNotice,
      { kind: "live_attached" }
    >;
    store.dispatchAll(liveNoticeActions(notice, 0));
    const printed = store.getState().transcript.committed;
    expect(printed.every((e) => !e.unprinted)).toBe(true);
    expect(printed.filter((e) => e.kind === "user").length).toBe(PRINT_LAST_MESSAGES / 4);
    await printer.attached({ sessionFile: "/s/long.jsonl", sessionId: "long" } as RpcSessionState, messages);
    expect(withoutIds(store.getState().transcript.committed)).toEqual(historyEntries(messages, PRINT_LAST_MESSAGES));
  });
});

describe("inserting a session's earlier entries", () => {
  it("moves the print limit held while the transcript view is up past them", () => {
    let s = reduce(createInitialState(), {
      type: "history",
      entries: [{ kind: "user", text: "tail", images: 0 }],
      olderFollow: true,
    });
    const before = s.transcript.olderBefore;
    expect(before).toBeDefined();
    s = reduce(s, { type: "transcript_view", open: true });
    expect(s.ui.transcriptView?.staticCount).toBe(1);
    s = reduce(s, {
      type: "history_older",
      entries: [{ kind: "user", text: "older", images: 0, unprinted: true }],
      before: before ?? -1,
    });
    expect(s.transcript.committed.map((e) => (e.kind === "user" ? e.text : ""))).toEqual(["older", "tail"]);
    expect(s.ui.transcriptView?.staticCount).toBe(2);
    expect(s.transcript.olderBefore).toBeUndefined();
  });
});
