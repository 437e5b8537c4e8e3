// Slash commands against a scripted fake connection: pickers answered through the
// picker host, capability gating, session changes printing history, start-up checks and
// crash recovery presentation.
import { describe, expect, it } from "vitest";
import { toSessionSnapshot } from "../../../src/bridge/index.js";
import type { SlashContext } from "../../../src/tui/slash/slash-registry.js";
import { createSessionPrinter } from "../../../src/tui/session/open-session.js";
import { parseSlash } from "../../../src/tui/slash/slash-registry.js";
import { createPickerHost } from "../../../src/tui/pickers/picker-host.js";
import { createRecovery } from "../../../src/tui/recovery/recovery.js";
import { allSuggestions, filterSuggestions, slashQuery } from "../../../src/tui/slash/completion.js";
import { createSlashCommands, slashSupported, type SlashDeps } from "../../../src/tui/slash/index.js";
import { formatStats } from "../../../src/tui/slash/info-commands.js";
import { flagReport, isRemoteCommand, providerHint, type StartFlags } from "../../../src/tui/slash/start-checks.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore, type Store } from "../../../src/tui/state/store.js";
import type { TuiState } from "../../../src/tui/state/types.js";

type Call = { method: string; args: unknown[] };

const MODELS = [
  { id: "m1", name: "Model One", provider: "p", contextWindow: 100000, reasoning: true },
  { id: "m2", name: "Model Two", provider: "p", contextWindow: 200000, reasoning: false },
  { id: "gpt", name: "GPT", provider: "q", contextWindow: 0, reasoning: false },
];
const MESSAGES = [
  { role: "user", content: [{ type: "text", text: "old question" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "old answer" },
      { type: "toolCall", id: "t1", name: "bash", arguments: { command: "ls" } },
    ],
    usage: { input: 5, output: 7 },
  },
  {
    role: "toolResult",
    toolCallId: "t1",
    toolName: "bash",
    content: [{ type: "text", text: "file.txt" }],
    isError: false,
  },
];

function setup(unsupported: string[] = [], overrides: Record<string, unknown> = {}) {
  const store = createStore(createInitialState(100, 30), { frameMs: 0, setTimer: (fn) => fn() });
  const calls: Call[] = [];
  const canned: Record<string, unknown> = {
    getAvailableModels: { models: MODELS },
    getState: { model: MODELS[1], thinkingLevel: "low", isStreaming: false, sessionFile: "/nowhere/s.jsonl" },
    getAvailableThinkingLevels: { levels: ["off", "low", "high"] },
    getForkMessages: {
      messages: [
        { entryId: "e1", text: "first" },
        { entryId: "e2", text: "second prompt" },
      ],
    },
    fork: { text: "second prompt", cancelled: false },
    newSession: { cancelled: false },
    clone: { cancelled: false },
    getMessages: { messages: MESSAGES },
    getLastAssistantText: { text: "the answer" },
    getSessionStats: {
      sessionId: "s",
      userMessages: 1,
      assistantMessages: 2,
      toolCalls: 3,
      toolResults: 3,
      totalMessages: 9,
      tokens: { input: 1500, output: 20, cacheRead: 0, cacheWrite: 0, total: 1520 },
      cost: 0.5,
      contextUsage: { tokens: 1000, contextWindow: 200000, percent: 0.5 },
    },
    compact: { summary: "s", firstKeptEntryId: "x", tokensBefore: 12345 },
    exportHtml: { path: "/tmp/out.html" },
    ...overrides,
  };
  const rpc = new Proxy(
    {},
    {
      get:
        (_t, prop: string) =>
        async (...args: unknown[]) => {
          calls.push({ method: prop, args });
          return canned[prop];
        },
    },
  );
  const commands: Record<string, boolean> = {};
  for (const c of unsupported) commands[c] = false;
  // What the bridge's notices tell the store: the worker runs, with these commands.
  store.dispatch({ type: "worker_info", info: { commands, supervisor: "running" } });
  const connection = { rpc, respondToUi: () => undefined } as unknown as SlashContext["connection"];
  const pickers = createPickerHost(store);
  const copied: string[] = [];
  const deps: SlashDeps = {
    pickers,
    copy: (text) => {
      copied.push(text);
      return Promise.resolve({
        osc52: true,
        bytes: text.length,
        program: undefined,
        file: "/tmp/copy.md",
        error: undefined,
      });
    },
    fallbackSessionDir: () => undefined,
    localSessions: true,
    sessions: createSessionPrinter(store, connection),
  };
  const notices: string[] = [];
  const ctx: SlashContext = {
    store,
    connection,
    exit: () => undefined,
    setEditorText: (text) => store.dispatch({ type: "editor", op: { op: "set", text, keepUndo: true } }),
    notice: (text) => {
      notices.push(text);
      store.dispatch({ type: "notice", level: "info", text });
    },
  };
  const cmds = createSlashCommands(deps);
  const run = (line: string): Promise<void> => {
    const p = parseSlash(line);
    const cmd = cmds.find((c) => c.name === p?.name);
    if (!p || !cmd) throw new Error(`no command ${line}`);
    return Promise.resolve(cmd.run(p.args, ctx));
  };
  return { store, calls, pickers, copied, notices, run, ctx };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
async function untilPicker(s: { pickers: ReturnType<typeof createPickerHost> }): Promise<void> {
  for (let i = 0; i < 50 && !s.pickers.state(); i += 1) await tick();
  if (!s.pickers.state()) throw new Error("picker did not open");
}
const OFFERED_BACK = "the interrupted prompt is back in the editor: Enter sends it again, Ctrl+C clears the editor.";
const texts = (st: Store) =>
  st
    .getState()
    .transcript.committed.map((e: TuiState["transcript"]["committed"][number]) =>
      "text" in e ? e.text : e.kind === "tool" ? `tool:${e.run.name}` : e.kind,
    );

describe("/model and /thinking", () => {
  it("sets a model directly when the argument names one", async () => {
    const s = setup();
    await s.run("/model gpt");
    expect(s.calls.find((c) => c.method === "setModel")?.args).toEqual(["q", "gpt"]);
  });

  it("opens the fuzzy picker otherwise, on the current model, and applies the choice", async () => {
    const s = setup();
    s.store.dispatch({
      type: "snapshot",
      snapshot: {
        model: {
          ...{ id: "m2", name: "Model Two", provider: "p" },
          ...{ contextWindow: 1, reasoning: false, imageInput: undefined },
        },
        thinkingLevel: "low",
        isStreaming: false,
        sessionName: undefined,
        todoPhases: undefined,
      },
    });
    const done = s.run("/model");
    await untilPicker(s);
    expect(s.store.getState().ui.overlay).toBe("picker");
    expect(s.pickers.state()?.visible[s.pickers.state()?.selected ?? -1]?.id).toBe("p/m2");
    s.pickers.apply({ op: "type", text: "one" });
    s.pickers.choose();
    await done;
    expect(s.calls.find((c) => c.method === "setModel")?.args).toEqual(["p", "m1"]);
    expect(s.store.getState().ui.overlay).toBeUndefined();
  });

  it("Esc (cancel) changes nothing", async () => {
    const s = setup();
    const done = s.run("/model");
    await untilPicker(s);
    s.pickers.cancel();
    await done;
    expect(s.calls.some((c) => c.method === "setModel")).toBe(false);
  });

  it("/thinking takes a level argument, rejects unknown ones, and picks from the worker's list", async () => {
    const s = setup();
    await s.run("/thinking high");
    expect(s.calls.find((c) => c.method === "setThinkingLevel")?.args).toEqual(["high"]);
    await s.run("/thinking huge");
    expect(s.notices.at(-1)).toMatch(/Unknown thinking level "huge"\. Available: off, low, high/);
    const done = s.run("/thinking");
    await untilPicker(s);
    expect(s.pickers.state()?.items.map((i) => i.id)).toEqual(["off", "low", "high"]);
    s.pickers.apply({ op: "type", text: "off" });
    s.pickers.choose();
    await done;
    expect(s.calls.filter((c) => c.method === "setThinkingLevel").at(-1)?.args).toEqual(["off"]);
  });
});

describe("session commands", () => {
  it("/fork lists user messages newest first, forks, replays the session and pre-fills the editor", async () => {
    const s = setup();
    const done = s.run("/fork");
    await untilPicker(s);
    expect(s.pickers.state()?.visible.map((i) => i.label)).toEqual(["second prompt", "first"]);
    s.pickers.choose();
    await done;
    expect(s.calls.find((c) => c.method === "fork")?.args).toEqual(["e2"]);
    expect(s.store.getState().editor.text).toBe("second prompt");
    expect(texts(s.store)).toEqual(["── Forked session ──", "old question", "old answer", "tool:bash"]);
    // The footer shows the opened session's totals (get_session_stats), not zero.
    expect(s.store.getState().footer).toMatchObject({
      tokensIn: 1500,
      tokensOut: 20,
      cost: 0.5,
      lastContextTokens: 1000,
    });
  });

  it("without get_session_stats the totals are summed from the session's messages", async () => {
    const s = setup(["get_session_stats"]);
    await s.run("/clone");
    expect(s.store.getState().footer).toMatchObject({ tokensIn: 5, tokensOut: 7 });
  });

  it("/new and /clone replay; a veto is reported", async () => {
    const s = setup();
    await s.run("/new");
    expect(texts(s.store)[0]).toBe("── New session ──");
    const vetoed = setup([], { clone: { cancelled: true } });
    await vetoed.run("/clone");
    expect(vetoed.notices.at(-1)).toBe("Clone was cancelled by an extension");
  });

  it("/resume without a session directory says why", async () => {
    const s = setup([], { getState: { model: MODELS[0], isStreaming: false } });
    await s.run("/resume");
    expect(s.notices.at(-1)).toMatch(/does not persist sessions/);
  });

  it("a command the worker lacks is refused and not offered", async () => {
    const s = setup(["get_tree"]);
    await s.run("/tree");
    expect(s.notices.at(-1)).toBe("/tree is not available: this worker does not support it.");
    // pi 0.73's capabilities as the store holds them.
    const snap = { worker: { ...createInitialState().worker, commands: { get_tree: false, branch: false } } };
    expect(slashSupported("tree", snap)).toBe(false);
    expect(slashSupported("fork", snap)).toBe(true); // fork works, only the alias is missing
    const names = allSuggestions(createSlashCommands({} as SlashDeps), [], (n) => slashSupported(n, snap)).map(
      (x) => x.name,
    );
    expect(names).not.toContain("tree");
    expect(names).toContain("model");
  });
});

describe("info commands", () => {
  it("/copy copies the last answer; /stats, /export, /compact, /name report", async () => {
    const s = setup();
    await s.run("/copy");
    expect(s.copied).toEqual(["the answer"]);
    expect(s.notices.at(-1)).toMatch(/OSC 52.*\/tmp\/copy\.md/);
    await s.run("/stats");
    expect(s.notices.at(-1)).toMatch(/1 user · 2 assistant · 3 tool calls/);
    await s.run("/export out.html");
    expect(s.calls.find((c) => c.method === "exportHtml")?.args).toEqual(["out.html", undefined]);
    expect(s.notices.at(-1)).toBe("Exported to /tmp/out.html");
    await s.run("/compact keep the API notes");
    expect(s.calls.find((c) => c.method === "compact")?.args).toEqual(["keep the API notes"]);
    await s.run("/name parser work");
    expect(s.calls.find((c) => c.method === "setSessionName")?.args).toEqual(["parser work"]);
    expect(s.store.getState().footer.sessionName).toBe("parser work");
  });

  it("/copy with no answer yet says so", async () => {
    const s = setup([], { getLastAssistantText: { text: null } });
    await s.run("/copy");
    expect(s.copied).toEqual([]);
    expect(s.notices.at(-1)).toBe("There is no answer to copy yet.");
  });

  it("formats stats with context use", () => {
    const text = formatStats({
      sessionId: "id",
      userMessages: 1,
      assistantMessages: 1,
      toolCalls: 0,
      toolResults: 0,
      totalMessages: 2,
      tokens: { input: 1500, output: 2, cacheRead: 0, cacheWrite: 0, total: 1502 },
      cost: 0.01,
      contextUsage: { tokens: null, contextWindow: 1000, percent: null },
    });
    expect(text).toContain("1.5k in");
    expect(text).toContain("context    ? / 1.0k");
  });
});

describe("completion model", () => {
  it("only completes the command name, prefix matches first", () => {
    expect(slashQuery("/mo", 3)).toBe("mo");
    expect(slashQuery("/model x", 8)).toBeUndefined();
    expect(slashQuery("hi /mo", 6)).toBeUndefined();
    const all = [
      { name: "compact", description: "", source: "builtin" as const },
      { name: "copy", description: "", source: "builtin" as const },
      { name: "skill:commit", description: "", source: "skill" as const },
    ];
    expect(filterSuggestions(all, "co").map((x) => x.name)).toEqual(["compact", "copy", "skill:commit"]);
  });
});

describe("start-up checks", () => {
  const flags = (over: Partial<StartFlags> = {}): StartFlags => ({
    customAgent: true,
    remoteWorker: false,
    demo: false,
    resume: false,
    hasInitialMessage: false,
    sessionDir: undefined,
    requested: {},
    ...over,
  });
  const model = { id: "fake-model", name: "Fake", provider: "fake" } as never;

  it("reports flags the worker did not honour, and nothing when it did", () => {
    expect(
      flagReport(flags({ requested: { model: "fake-model", provider: "fake", name: "n" } }), {
        model,
        sessionName: "n",
      }),
    ).toEqual([]);
    const out = flagReport(
      flags({ demo: true, requested: { model: "other", thinking: "high", noSession: true, session: "/a/b.jsonl" } }),
      {
        model,
        thinkingLevel: "off",
        sessionFile: "/x/y.jsonl",
      },
    );
    expect(out.join("\n")).toMatch(/--demo applies to the bundled agent only/);
    expect(out.join("\n")).toMatch(/did not honour --model other \(it uses fake\/fake-model\)/);
    expect(out.join("\n")).toMatch(/--thinking high/);
    expect(out.join("\n")).toMatch(/--no-session: it writes \/x\/y\.jsonl/);
    expect(out.join("\n")).toMatch(/--session \/a\/b\.jsonl/);
  });

  it("explains provider setup when only the demo model is there (not with --demo)", () => {
    expect(providerHint({ demo: false }, { model: { provider: "demo" } as never })).toMatch(
      /ANTHROPIC_API_KEY.*\n.*models\.json[\s\S]*OpenAI-compatible/,
    );
    expect(providerHint({ demo: false }, {})).toBeDefined();
    expect(providerHint({ demo: true }, {})).toBeUndefined();
    expect(providerHint({ demo: false }, { model })).toBeUndefined();
    expect(isRemoteCommand(["ssh", "devbox", "agent-rpc"])).toBe(true);
    expect(isRemoteCommand(["pi", "--mode", "rpc"])).toBe(false);
  });
});

describe("crash recovery", () => {
  const userStart = (text: string) => ({
    kind: "event" as const,
    event: { type: "message_start", message: { role: "user", blocks: [{ type: "text", text }] } } as never,
  });
  const exit = { generation: 1, code: null, signal: "SIGKILL", intentional: false, stderrTail: "" };

  it("marks the prompt in flight as interrupted and offers it back after rehydration, never resending", () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    let closed = 0;
    let rehydrated = -1;
    const r = createRecovery({ store, closeOverlays: () => closed++, onRehydrated: (n) => (rehydrated = n) });
    r.handle([userStart("build the thing")]);
    r.handle([{ kind: "supervisor", state: "exited", info: exit }]);
    expect(closed).toBe(1);
    expect(r.interrupted()).toBe("build the thing");
    // The crash notice (reducer) says the death; recovery adds nothing until the restart.
    expect(texts(store)).toEqual([]);
    r.handle([
      { kind: "rehydrated", state: {} as never, snapshot: toSessionSnapshot({}), messages: [{} as never, {} as never] },
    ]);
    expect(rehydrated).toBe(2);
    expect(store.getState().editor.text).toBe("build the thing");
    expect(texts(store)).toEqual([`Restarted from the saved session (2 messages); ${OFFERED_BACK}`]);
    r.handle([userStart("build the thing")]);
    expect(r.interrupted()).toBeUndefined();
  });

  it("a resent prompt that the reopened session ends with, unanswered, is answered where it stands, not added again", async () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    let continued = 0;
    let supported = true;
    const r = createRecovery({
      store,
      continuing: { supported: () => supported, run: async () => void continued++ },
    });
    const crashOn = (prompt: string, saved: unknown[]): void => {
      r.handle([userStart(prompt), { kind: "supervisor", state: "exited", info: exit }]);
      r.handle([{ kind: "rehydrated", state: {} as never, snapshot: toSessionSnapshot({}), messages: saved as never }]);
    };
    const unanswered = (text: string) => [...MESSAGES, { role: "user", content: [{ type: "text", text }] }];

    crashOn("go on", unanswered("go on"));
    // Said as it will happen: answered where it stands, not sent a second time.
    expect(texts(store).at(-1)).toBe(
      "Restarted from the saved session (4 messages); the interrupted prompt is back in the editor: Enter asks for its answer where the session left it, Ctrl+C clears the editor.",
    );
    // Another text is a new prompt; the offered one is answered once, then the offer is over.
    expect(await r.answerInterrupted("go on, please")).toBe(false);
    expect(await r.answerInterrupted("go on")).toBe(true);
    expect(continued).toBe(1);
    expect(r.interrupted()).toBeUndefined();
    expect(await r.answerInterrupted("go on")).toBe(false);

    // Cut off again during that answer: offered again, as the same prompt.
    r.handle([{ kind: "supervisor", state: "exited", info: exit }]);
    expect(r.interrupted()).toBe("go on");

    // The saved session does not end with it (the worker died before saving it): sent as a prompt.
    crashOn("never saved", MESSAGES);
    expect(await r.answerInterrupted("never saved")).toBe(false);
    // A worker without `continue` (pi): sent as a prompt.
    crashOn("on pi", unanswered("on pi"));
    supported = false;
    expect(await r.answerInterrupted("on pi")).toBe(false);
    expect(continued).toBe(1);
  });

  it("a run cut off in its tools is continued where it stands, not sent again", async () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    let continued = 0;
    const r = createRecovery({ store, continuing: { supported: () => true, run: async () => void continued++ } });
    const prompt = { role: "user", content: [{ type: "text", text: "run the tests" }] };
    const asked = (stopReason: string) => ({
      role: "assistant",
      content: [{ type: "toolCall", id: "t1", name: "bash", arguments: { command: "npm test" } }],
      stopReason,
    });
    const result = { role: "toolResult", toolCallId: "t1", toolName: "bash", content: [], isError: false };
    const crashWith = (saved: unknown[]): void => {
      r.handle([userStart("run the tests"), { kind: "supervisor", state: "exited", info: exit }]);
      r.handle([{ kind: "rehydrated", state: {} as never, snapshot: toSessionSnapshot({}), messages: saved as never }]);
    };
    // The worker died while the tool ran, or after its result and before the next answer.
    for (const saved of [
      [...MESSAGES, prompt, asked("toolUse")],
      [...MESSAGES, prompt, asked("toolUse"), result],
    ]) {
      crashWith(saved);
      expect(await r.answerInterrupted("run the tests")).toBe(true);
    }
    expect(continued).toBe(2);
    // An answer cut off by an abort asked for nothing to run: the prompt is sent again.
    crashWith([...MESSAGES, prompt, asked("aborted")]);
    expect(await r.answerInterrupted("run the tests")).toBe(false);
    // A session reopened in the middle of a run says so.
    r.clear();
    r.openedSession([...MESSAGES, prompt, asked("toolUse")] as never[]);
    expect(texts(store).at(-1)).toBe(
      'This session ends in the middle of the answer to "run the tests": /resend continues it.',
    );
    expect(await r.answerInterrupted("run the tests")).toBe(true);
    expect(continued).toBe(3);
  });

  it("a session opened idle that ends with a prompt never answered offers it to /resend", async () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    let continued = 0;
    let supported = false;
    let refuse = false;
    const run = async (): Promise<void> => {
      if (refuse) throw new Error("worker busy");
      continued++;
    };
    const r = createRecovery({ store, continuing: { supported: () => supported, run } });
    const unanswered = [...MESSAGES, { role: "user", content: "where were we?" }] as never[];
    // Not offered by a worker that cannot continue, nor for a conversation that ends answered.
    r.openedSession(unanswered);
    supported = true;
    const answered = [
      ...MESSAGES,
      { role: "assistant", content: [{ type: "text", text: "done" }], stopReason: "stop" },
    ];
    r.openedSession(answered as never[]);
    expect(texts(store)).toEqual([]);
    expect(r.interrupted()).toBeUndefined();
    r.openedSession(unanswered);
    expect(texts(store)).toEqual([
      'This session ends with a prompt that was never answered, "where were we?": /resend asks for its answer.',
    ]);
    // A refused continue leaves the offer standing; the next try asks again.
    refuse = true;
    await expect(r.answerInterrupted("where were we?")).rejects.toThrow("worker busy");
    expect(r.interrupted()).toBe("where were we?");
    refuse = false;
    expect(await r.answerInterrupted("where were we?")).toBe(true);
    expect(continued).toBe(1);
  });

  it("a finished run is not interrupted; an intentional stop is not a crash; a spent budget says what to do", () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    const r = createRecovery({ store });
    r.handle([userStart("done already"), { kind: "event", event: { type: "agent_end", messages: [] } as never }]);
    r.handle([{ kind: "supervisor", state: "exited", info: exit }]);
    expect(r.interrupted()).toBeUndefined();
    r.handle([userStart("x"), { kind: "supervisor", state: "exited", info: { ...exit, intentional: true } }]);
    expect(r.interrupted()).toBeUndefined();
    r.handle([{ kind: "supervisor", state: "failed", info: { ...exit, code: 1, signal: null } }]);
    expect(texts(store).at(-1)).toMatch(/did not start \(last exit: code 1, signal none\)/);
    r.handle([
      { kind: "supervisor", state: "running" },
      { kind: "supervisor", state: "failed", info: { ...exit, code: 1, signal: null } },
    ]);
    expect(texts(store).at(-1)).toMatch(
      /keeps stopping \(last exit: code 1, signal none\)[\s\S]*\/restart[\s\S]*\/quit/,
    );
  });

  it("one crash is one 'The worker died' notice, also when the budget is spent (exited then failed)", async () => {
    const { noticesToActions } = await import("../../../src/tui/session/bridge-notices.js");
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    const r = createRecovery({ store });
    const feed = (batch: Parameters<typeof noticesToActions>[0]): void => {
      store.dispatchAll(noticesToActions(batch, 1000));
      r.handle(batch);
    };
    feed([{ kind: "supervisor", state: "running" }]);
    feed([
      { kind: "supervisor", state: "exited", info: exit },
      { kind: "supervisor", state: "recovering" },
    ]);
    feed([{ kind: "supervisor", state: "running" }]);
    // The last crash: the supervisor gives up in the same breath.
    feed([
      { kind: "supervisor", state: "exited", info: { ...exit, signal: "SIGSEGV" } },
      { kind: "supervisor", state: "failed", info: { ...exit, signal: "SIGSEGV" } },
    ]);
    const crashed = texts(store).filter((t) => t.startsWith("The worker died"));
    expect(crashed).toEqual(["The worker died (killed by SIGKILL).", "The worker died (killed by SIGSEGV)."]);
    // The restart after the first crash adds no line of its own.
    expect(texts(store).filter((t) => t.includes("Restarting"))).toEqual([]);
    expect(texts(store).filter((t) => t.includes("keeps stopping"))).toHaveLength(1);
    expect(texts(store).at(-1)).toMatch(/keeps stopping[\s\S]*\/restart[\s\S]*\/quit/);
    expect(store.getState().footer.worker).toBe("crashed");
  });

  it("keeps typed text: offers /resend instead of overwriting the editor", () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    const r = createRecovery({ store });
    r.handle([userStart("long task"), { kind: "supervisor", state: "exited", info: exit }]);
    store.dispatch({ type: "editor", op: { op: "insert", text: "my draft" } });
    r.handle([{ kind: "rehydrated", state: {} as never, snapshot: toSessionSnapshot({}), messages: [] }]);
    expect(store.getState().editor.text).toBe("my draft");
    const offer = '/resend sends the interrupted prompt "long task" again.';
    expect(texts(store).at(-1)).toBe(`Restarted from the saved session (0 messages); ${offer}`);
  });
});

describe("/help", () => {
  it("lists built-ins and the worker's commands with their source", async () => {
    const { helpLines } = await import("../../../src/tui/slash/help-command.js");
    const lines = helpLines([
      { name: "model", description: "choose the model", source: "builtin" },
      { name: "review", description: "review code", source: "prompt" },
    ]);
    expect(lines[0]).toBe("Commands:");
    expect(lines).toContain("  /model   choose the model");
    expect(lines.some((l) => l.includes("/review") && l.endsWith("(prompt)"))).toBe(true);
  });
});

describe("provider hint for another worker", () => {
  it("points at the worker's own configuration, not $AGENT_TUI_HOME", () => {
    const hint = providerHint({ demo: false, customAgent: true }, {});
    expect(hint).toMatch(/worker reports no model/);
    expect(hint).toMatch(/~\/\.pi\/agent\/models\.json/);
    expect(hint).not.toMatch(/AGENT_TUI_HOME/);
  });
});
