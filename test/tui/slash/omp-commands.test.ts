// oh-my-pi's slash commands (no get_commands; available_commands_update events and
// get_available_commands, trace omp-18.2.3) reach `/` completion, and a chosen one is sent
// to the worker as a prompt ("/name args"), which omp runs itself.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BridgeError, decodeAvailableCommands, type BridgeNotice } from "../../../src/bridge/index.js";
import type { SlashContext } from "../../../src/tui/slash/slash-registry.js";
import { createController } from "../../../src/tui/controller.js";
import { allSuggestions, filterSuggestions } from "../../../src/tui/slash/completion.js";
import {
  createSlashCommands,
  createWorkerCommands,
  slashSupported,
  type SlashDeps,
} from "../../../src/tui/slash/index.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore, type Store } from "../../../src/tui/state/store.js";
import { noticesToActions } from "../../../src/tui/session/bridge-notices.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "..", "fixtures", "traces", "omp-18.2.3");

function frames(name: string): Record<string, unknown>[] {
  return readFileSync(resolve(TRACE_DIR, name), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const edges = frames("f_protocol_edges.jsonl");
const gacAnswer = edges.find((f) => f["type"] === "response" && f["command"] === "get_available_commands");
const updateEvent = frames("a_text.jsonl").find((f) => f["type"] === "available_commands_update");

type Call = { method: string; args: unknown[] };

/**
 * A connection shaped like omp's: get_commands unknown (false after the probe), get_available_commands
 * answered; `store` holds those capabilities, as the bridge's notices would have put them there.
 */
function ompConnection(
  commands: Record<string, boolean>,
  answers: Record<string, () => unknown>,
  store: Store = createStore(createInitialState(100, 30)),
) {
  store.dispatch({ type: "worker_info", info: { commands, supervisor: "running" } });
  const calls: Call[] = [];
  const rpc = new Proxy(
    {},
    {
      get:
        (_t, prop: string) =>
        async (...args: unknown[]) => {
          calls.push({ method: prop, args });
          const answer = answers[prop === "send" ? `send:${String(args[0])}` : prop];
          return answer ? answer() : undefined;
        },
    },
  );
  const connection = { rpc, respondToUi: () => undefined } as unknown as SlashContext["connection"];
  return { connection, calls, store };
}

describe("omp slash commands for completion", () => {
  it("decodes omp's command list from the trace (names, descriptions with the input hint, sources)", () => {
    if (!gacAnswer) throw new Error("trace has no get_available_commands answer");
    const list = decodeAvailableCommands(gacAnswer["data"]);
    expect(list.length).toBe(45);
    expect(list.map((c) => c.name)).toEqual(
      expect.arrayContaining(["session", "todo", "jobs", "handoff", "export", "compact"]),
    );
    expect(list.find((c) => c.name === "switch")).toEqual({
      name: "switch",
      description: "Switch model for this session only [model]",
      source: "extension",
    });
    expect(new Set(list.map((c) => c.source))).toEqual(new Set(["extension", "prompt"]));
    expect(decodeAvailableCommands({ commands: [{ name: "bad name" }, 7, { description: "no name" }] })).toEqual([]);
  });

  it("refresh() uses get_available_commands when get_commands is not supported", async () => {
    const { connection, calls, store } = ompConnection(
      { get_commands: false },
      { "send:get_available_commands": () => gacAnswer?.["data"] },
    );
    const wc = createWorkerCommands(store, connection);
    await wc.refresh();
    expect(calls.map((c) => c.method)).toEqual(["send"]);
    expect(wc.list().some((c) => c.name === "session")).toBe(true);
  });

  it("refresh() falls back when get_commands is not probed yet and omp rejects it as unsupported", async () => {
    const { connection, calls, store } = ompConnection(
      {},
      {
        getCommands: () => {
          throw new BridgeError("unsupported", "Unknown command: get_commands", { command: "get_commands" });
        },
        "send:get_available_commands": () => gacAnswer?.["data"],
      },
    );
    const wc = createWorkerCommands(store, connection);
    await wc.refresh();
    expect(calls.map((c) => c.method)).toEqual(["getCommands", "send"]);
    expect(wc.list().length).toBe(45);
  });

  it("pi / agent-rpc: get_commands as before", async () => {
    const piList = [{ name: "greet", description: "say hi", source: "extension" as const }];
    const { connection, calls, store } = ompConnection({}, { getCommands: () => ({ commands: piList }) });
    const wc = createWorkerCommands(store, connection);
    await wc.refresh();
    expect(calls.map((c) => c.method)).toEqual(["getCommands"]);
    expect(wc.list()).toEqual(piList);
  });

  it("available_commands_update events (start-up, after new_session) set the list", () => {
    if (!updateEvent) throw new Error("trace has no available_commands_update");
    const { connection, store } = ompConnection({ get_commands: false, get_available_commands: false }, {});
    const wc = createWorkerCommands(store, connection);
    const batch: BridgeNotice[] = [{ kind: "unknown_event", type: "available_commands_update", raw: updateEvent }];
    store.dispatchAll(noticesToActions(batch, 0));
    expect(wc.list().map((c) => c.name)).toContain("todo");
  });

  it("completion offers omp's commands next to ours; our supported built-ins keep their names", () => {
    const list = decodeAvailableCommands(gacAnswer?.["data"]);
    const snap = { worker: { ...createInitialState().worker, commands: { get_commands: false, export_html: false } } };
    const all = allSuggestions(createSlashCommands({} as SlashDeps), list, (n) => slashSupported(n, snap));
    expect(filterSuggestions(all, "ses")[0]).toMatchObject({ name: "session", source: "extension" });
    expect(all.find((s) => s.name === "model")?.source).toBe("builtin");
    // omp's /export replaces ours, which needs export_html.
    expect(all.find((s) => s.name === "export")?.source).toBe("extension");
  });
});

describe("running a chosen omp command", () => {
  function setup(busy = false) {
    const store = createStore(createInitialState(100, 30), { frameMs: 0, setTimer: (fn) => fn() });
    if (busy) store.dispatch({ type: "run_state", busy: true, now: 0 });
    const { connection, calls } = ompConnection({ get_commands: false, export_html: false }, {}, store);
    const names = new Set(decodeAvailableCommands(gacAnswer?.["data"]).map((c) => c.name));
    const deps = { workerCommand: (n: string) => names.has(n) } as unknown as SlashDeps;
    const controller = createController({
      store,
      connection,
      exit: () => undefined,
      slashCommands: createSlashCommands(deps),
    });
    const submit = async (text: string): Promise<void> => {
      store.dispatch({ type: "editor", op: { op: "set", text, keepUndo: true } });
      await controller.submit("auto");
    };
    return { store, calls, submit };
  }

  it("a command only omp knows goes out as the prompt text", async () => {
    const s = setup();
    await s.submit("/session");
    expect(s.calls).toEqual([{ method: "prompt", args: ["/session"] }]);
  });

  it("a built-in this worker cannot run defers to omp's command of the same name, arguments kept", async () => {
    const s = setup();
    await s.submit("/export out.html");
    expect(s.calls).toEqual([{ method: "prompt", args: ["/export out.html"] }]);
    expect(
      s.store.getState().transcript.committed.some((e) => "text" in e && String(e.text).includes("not available")),
    ).toBe(false);
  });

  it("while busy it is steered in (a plain prompt would be refused, trace fact 16)", async () => {
    const s = setup(true);
    await s.submit("/export");
    expect(s.calls).toEqual([{ method: "prompt", args: ["/export", { streamingBehavior: "steer" }] }]);
  });
});
