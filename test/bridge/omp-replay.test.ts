// Replay of REAL oh-my-pi 18.2.3 traces (test/fixtures/traces/omp-18.2.3, see its README):
// routing and docs/protocol.md Appendix B normalisation line by line, run states from the normalised events,
// capability classification from its get_state, and the whole pipeline through a real pipe
// against expectations recorded without the bridge (client-expectations.json).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { capabilitiesFor, classifyFlavour } from "../../src/bridge/capabilities.js";
import { createFrameRouter, type RoutedFrame } from "../../src/bridge/frame-router.js";
import { decodeData } from "../../src/bridge/normalise.js";
import { createPendingTable } from "../../src/bridge/pending.js";
import { initialRunModel, reduceRunState, type RunModel } from "../../src/bridge/run-state.js";
import type { AgentEvent } from "../../src/bridge/wire-types.js";
import { harness, waitFor, type Harness } from "./helpers.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "omp-18.2.3");
const traces = readdirSync(TRACE_DIR).filter((f) => f.endsWith(".jsonl") && !f.includes("timeline"));
const EXPECTED = JSON.parse(readFileSync(join(TRACE_DIR, "client-expectations.json"), "utf8")) as Record<
  string,
  string[]
>;

const lines = (name: string): string[] =>
  readFileSync(join(TRACE_DIR, name), "utf8")
    .split("\n")
    .filter((l) => l.trim());

function route(name: string): RoutedFrame[] {
  const router = createFrameRouter((t) => t);
  return lines(name).map((l) => router.route(l));
}

const eventsOf = (name: string): AgentEvent[] => route(name).flatMap((r) => (r.kind === "event" ? [r.event] : []));

/** Run states after each event, as the connection steps them, with the quiet probe answered "idle". */
function runStates(events: AgentEvent[]): string[] {
  let model: RunModel = initialRunModel(true);
  const seen: string[] = [];
  for (const event of events) {
    const input: { type: "event"; eventType: string; willRetry?: boolean; success?: boolean } = {
      type: "event",
      eventType: event.type,
    };
    if ("willRetry" in event && typeof event.willRetry === "boolean") input.willRetry = event.willRetry;
    if (event.type === "auto_retry_end") input.success = event.success;
    model = reduceRunState(model, input).model;
    if (seen[seen.length - 1] !== model.state) seen.push(model.state);
  }
  if (model.state === "settling") {
    model = reduceRunState(model, { type: "probe_result", isStreaming: false, isCompacting: false }).model;
    seen.push(model.state);
  }
  return seen;
}

describe("omp 18.2.3 traces: routing and normalisation", () => {
  for (const name of traces) {
    it(`${name}: every line routes, no legacy event leaks through`, () => {
      const routed = route(name);
      expect(routed.length).toBeGreaterThan(5);
      expect(routed.filter((r) => r.kind === "protocol_error")).toEqual([]);
      // The ready frame has protocolVersion but no version: readiness without a version string.
      expect(routed[0]).toEqual({ kind: "ready" });
      const types = routed.flatMap((r) => (r.kind === "event" ? [r.event.type] : []));
      expect(types.some((t) => t.startsWith("auto_compaction"))).toBe(false);
    });
  }

  it("omp-only frames pass on as unknown events (forward compatible), never as errors", () => {
    const unknown = new Set(
      traces.flatMap((n) => route(n).flatMap((r) => (r.kind === "unknown_event" ? [r.type] : []))),
    );
    expect([...unknown].sort()).toEqual([
      "advisor_cost_changed",
      "available_commands_update",
      "command_output",
      "notice",
    ]);
  });

  it("its setWidget requests (no widgetLines) are UI requests", () => {
    const requests = route("a_text.jsonl").flatMap((r) => (r.kind === "ui_request" ? [r.request] : []));
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.method).toBe("setWidget");
  });

  it("h_compaction: auto_compaction_* become compaction_* with the start's reason", () => {
    const events = eventsOf("h_compaction.jsonl").filter((e) => e.type.startsWith("compaction_"));
    expect(events.length).toBe(12);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]).toEqual({ type: "compaction_start", reason: "threshold" });
      const end = events[i + 1];
      if (end?.type !== "compaction_end") throw new Error(`expected compaction_end, got ${end?.type}`);
      expect(end.reason).toBe("threshold");
      expect(end.aborted).toBe(false);
    }
    // omp 18 marks every compaction `action: "handoff"`: the client re-reads get_state after each end.
    const ends = route("h_compaction.jsonl").filter((r) => r.kind === "event" && r.event.type === "compaction_end");
    expect(ends.map((r) => r.kind === "event" && r.refetchState === true)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    const summaries = events.flatMap((e) => (e.type === "compaction_end" && e.result ? [e.result.summary] : []));
    expect(summaries).toEqual(["Fallback answer.", "Fallback answer.", "Fallback answer."]);
  });

  it("g_session: todo_reminder todos (no ids) get index ids and known statuses", () => {
    const reminder = eventsOf("g_session.jsonl").find((e) => e.type === "todo_reminder");
    if (reminder?.type !== "todo_reminder") throw new Error("no todo_reminder in g_session");
    expect(reminder.todos.map((t) => [t.content, t.status])).toEqual([
      ["Read code", "in_progress"],
      ["Fix bug", "pending"],
    ]);
    expect(new Set(reminder.todos.map((t) => t.id)).size).toBe(2);
  });

  it("d_steer_followup: the background-job continuation (custom message) decodes", () => {
    const custom = eventsOf("d_steer_followup.jsonl").filter(
      (e) => e.type === "message_start" && e.message.role === "custom",
    );
    expect(custom.length).toBe(1);
  });
});

describe("omp 18.2.3 traces: responses and capabilities", () => {
  const responses = (name: string) => route(name).flatMap((r) => (r.kind === "response" ? [r.frame] : []));

  it("get_state: queuedMessageCount → pendingMessageCount; classified as the xcsh/omp family", () => {
    const state = responses("d_steer_followup.jsonl").find((r) => r.id === "d-state-mid");
    if (!state) throw new Error("no d-state-mid response");
    const raw = state.data as Record<string, unknown>;
    expect(raw["pendingMessageCount"]).toBeUndefined();
    const decoded = decodeData("get_state", raw);
    if (!decoded.ok) throw new Error(decoded.error);
    const value = decoded.value as { pendingMessageCount: number; isStreaming: boolean };
    expect(value.pendingMessageCount).toBe(raw["queuedMessageCount"]);
    const flavour = classifyFlavour(raw);
    expect(flavour).toBe("xcsh");
    const caps = capabilitiesFor(flavour);
    expect(caps.synthesisedSettled).toBe(true);
    expect(caps.useBranchAliases).toBe(true);
    // What omp 18 answered in f_protocol_edges: get_commands unknown, set_todos/set_interrupt_mode known.
    expect(caps.commands["get_commands"]).toBe(false);
    expect(caps.commands["set_todos"]).toBe(true);
    expect(caps.commands["set_interrupt_mode"]).toBe(true);
    expect(caps.events["queue_update"]).toBe(false);
  });

  it("f_protocol_edges: unknown-command and parse errors come without an id", () => {
    const failures = responses("f_protocol_edges.jsonl").filter((r) => !r.success);
    expect(failures.map((r) => [r.id, r.command, r.error?.split(":")[0]])).toEqual([
      [undefined, "no_such_command", "Unknown command"],
      [undefined, "parse", "Failed to parse command"],
      [undefined, undefined, "Unknown command"],
      [undefined, "get_commands", "Unknown command"],
      ["f-setmodel-bad", "set_model", "Model not found"],
    ]);
  });

  it("i_slash_and_busy_prompt: omp's second response for a prompt it acknowledged is a late prompt failure (docs/protocol.md §2.4)", () => {
    const table = createPendingTable();
    const busy = table.add("i-busy", "prompt", 0, () => undefined);
    const [ack, failure] = responses("i_slash_and_busy_prompt.jsonl").filter((r) => r.id === "i-busy");
    if (!ack || !failure) throw new Error("expected two responses for i-busy");
    expect(table.settle(ack, decodeData)).toEqual({ kind: "resolved", type: "prompt", id: "i-busy" });
    expect(table.settle(failure, decodeData)).toEqual({
      kind: "late_prompt_failure",
      id: "i-busy",
      error: "Agent is already processing. Use steer() or followUp() to queue messages, or wait for completion.",
    });
    return expect(busy).resolves.toBeUndefined();
  });

  it("every successful response's data decodes for its command", () => {
    const sent = new Map<string, string>();
    for (const name of traces) {
      for (const line of readFileSync(join(TRACE_DIR, name.replace(".jsonl", ".timeline.jsonl")), "utf8").split("\n")) {
        if (!line.includes('"in"')) continue;
        const entry = JSON.parse(line) as { in: string };
        if (entry.in === "eof") continue;
        try {
          const cmd = JSON.parse(entry.in) as { id?: unknown; type?: unknown };
          if (typeof cmd.id === "string" && typeof cmd.type === "string") sent.set(`${name}:${cmd.id}`, cmd.type);
        } catch {
          // Only the deliberately malformed input of f_protocol_edges is not JSON.
          expect(entry.in).toBe("this is not json");
        }
      }
      for (const r of responses(name)) {
        if (!r.success || r.id === undefined) continue;
        const command = sent.get(`${name}:${r.id}`);
        expect(command, `${name} ${r.id}`).toBeDefined();
        const decoded = decodeData(command ?? "", r.data);
        expect(decoded.ok ? "ok" : `${command}: ${decoded.error}`).toBe("ok");
      }
    }
  });
});

describe("omp 18.2.3 traces: run states", () => {
  it("a_text: streaming → settling → settled", () => {
    expect(runStates(eventsOf("a_text.jsonl"))).toEqual(["streaming", "settling", "settled"]);
  });

  it("c_tool_bash: one run, settled once at the end", () => {
    expect(runStates(eventsOf("c_tool_bash.jsonl"))).toEqual(["streaming", "settling", "settled"]);
  });

  it("g_session: a todo reminder continuation (second agent_start without agent_end) stays one busy activity", () => {
    expect(runStates(eventsOf("g_session.jsonl"))).toEqual(["streaming", "settling", "settled"]);
  });

  it("e_abort: each aborted run settles", () => {
    const events = eventsOf("e_abort.jsonl");
    const cut = events.findIndex((e, i) => i > 0 && e.type === "agent_start");
    expect(runStates(events.slice(0, cut))).toEqual(["streaming", "settling", "settled"]);
    expect(runStates(events.slice(cut))).toEqual(["streaming", "settling", "settled"]);
  });

  it("h_compaction: pre-prompt and post-turn compactions never leave the run compacting", () => {
    const states = runStates(eventsOf("h_compaction.jsonl"));
    expect(states.at(-1)).toBe("settled");
    expect(states).toContain("compacting");
    // A skipped pre-prompt compaction while idle returns to idle, not to settling.
    expect(states.slice(0, 3)).toEqual(["compacting", "idle", "streaming"]);
  });
});

let current: Harness | undefined;
afterEach(async () => {
  await current?.connection.stop();
  current = undefined;
});

describe("omp 18.2.3 traces through a real pipe", () => {
  // h_compaction's handoff ends make the client send get_state mid-replay, which the fake worker
  // would answer inside a replayed line; omp-connection.test.ts plays it back line by line instead.
  for (const name of traces.filter((n) => n !== "h_compaction.jsonl")) {
    it(name, async () => {
      const file = join(TRACE_DIR, name);
      // Recorded from the raw trace without the bridge's code (record-client-expectations.mjs).
      const expected = EXPECTED[name]?.filter((e) => e !== "event:queue_update");
      expect(expected, `${name} has no recorded expectation: run record-client-expectations.mjs`).toBeDefined();
      // The quiet probe must not fire mid-replay: the fake worker would answer it in the middle
      // of one of omp's 68 KB get_state lines (an artefact of replaying, not of omp).
      current = harness({
        fakeEnv: { FAKE_FLAVOUR: "omp" },
        probeCapabilities: false,
        degradedThreshold: 1000,
        settleQuietMs: 60_000,
      });
      const h = current;
      await h.connection.start();
      const start = h.notices.length;
      await h.connection.rpc.prompt(`replay:${file}`);
      await waitFor(
        () => h.notices.some((n) => n.kind === "unknown_event" && n.type === "replay_done"),
        5000,
        "replay end",
      );
      const got = h.notices.slice(start).flatMap((n) => {
        if (n.kind === "event") return n.event.type === "queue_update" ? [] : [`event:${n.event.type}`];
        if (n.kind === "ui_request") return [`ui:${n.request.method}:${n.request.id}`];
        if (n.kind === "unknown_event") return n.type === "replay_done" ? [] : [`unknown:${n.type}`];
        return [];
      });
      expect(got).toEqual(expected);
      // Only omp's own `parse` answer to the malformed line f_protocol_edges sent counts.
      for (const e of h.of("protocol_error")) expect(e.message).toMatch(/^Worker could not parse a command/);
      // Run states from the live pipe: busy during the runs, waiting for the quiet probe after.
      const runs = h.of("run_state").map((n) => n.state);
      if (expected?.includes("event:agent_start")) {
        expect(runs).toContain("streaming");
        expect(h.connection.getSnapshot().runState).toBe("settling");
      }
    });
  }
});
