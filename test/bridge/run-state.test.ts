// Run-state reducer: synthesised settledness for pi 0.73 (no agent_settled, docs/protocol.md §4.12) replayed
// from recorded traces, and the direct path for workers that send agent_settled.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { initialRunModel, reduceRunState, type RunEffect, type RunModel } from "../../src/bridge/run-state.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "pi-0.73.1");

function events(name: string): Record<string, unknown>[] {
  return readFileSync(resolve(TRACE_DIR, name), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((f) => f["type"] !== "response" && f["type"] !== "extension_ui_request");
}

function feed(model: RunModel, frame: Record<string, unknown>): { model: RunModel; effects: RunEffect[] } {
  const input: { type: "event"; eventType: string; willRetry?: boolean; success?: boolean } = {
    type: "event",
    eventType: String(frame["type"]),
  };
  if (typeof frame["willRetry"] === "boolean") input.willRetry = frame["willRetry"];
  if (typeof frame["success"] === "boolean") input.success = frame["success"];
  return reduceRunState(model, input);
}

describe("run state", () => {
  it("a_text: streaming during the run, settling after agent_end, settled after the quiet probe", () => {
    let model = initialRunModel(true);
    const seen: string[] = [];
    let lastEffects: RunEffect[] = [];
    for (const frame of events("a_text.jsonl")) {
      const step = feed(model, frame);
      model = step.model;
      lastEffects = step.effects;
      if (seen[seen.length - 1] !== model.state) seen.push(model.state);
    }
    expect(seen).toEqual(["streaming", "settling"]);
    expect(lastEffects).toEqual(["start_quiet_timer"]);
    const probe = reduceRunState(model, { type: "quiet_elapsed" });
    expect(probe.effects).toEqual(["probe_state"]);
    expect(reduceRunState(model, { type: "probe_result", isStreaming: false, isCompacting: false }).model.state).toBe(
      "settled",
    );
    // A worker still busy keeps the state (wait for the next agent_end).
    expect(reduceRunState(model, { type: "probe_result", isStreaming: true, isCompacting: false }).model.state).toBe(
      "settling",
    );
  });

  it("i_auto_retry: a retry after agent_end cancels the quiet timer and keeps the run busy", () => {
    let model = initialRunModel(true);
    const states: string[] = [];
    const effects: RunEffect[][] = [];
    for (const frame of events("i_auto_retry.jsonl")) {
      const step = feed(model, frame);
      model = step.model;
      states.push(`${String(frame["type"])}:${model.state}`);
      effects.push(step.effects);
    }
    const i = states.indexOf("auto_retry_start:retrying");
    expect(i).toBeGreaterThan(0);
    expect(states[i - 1]).toBe("agent_end:settling");
    expect(effects[i]).toContain("cancel_quiet_timer");
    expect(states[i + 1]).toBe("agent_start:streaming");
    // The give-up case: auto_retry_end success:false after the last agent_end settles.
    expect(states).toContain("auto_retry_end:settling");
    expect(model.state).toBe("settling");
  });

  it("h_session: a manual compaction while idle returns to the idle state without waiting", () => {
    let model: RunModel = { ...initialRunModel(true), state: "settled" };
    model = feed(model, { type: "compaction_start", reason: "manual" }).model;
    expect(model.state).toBe("compacting");
    const end = feed(model, { type: "compaction_end", reason: "manual", willRetry: false });
    expect(end.model.state).toBe("settled");
    expect(end.effects).toEqual([]);
  });

  it("workers with agent_settled settle on it, without timers", () => {
    let model = initialRunModel(false);
    model = feed(model, { type: "agent_start" }).model;
    const end = feed(model, { type: "agent_end", willRetry: false });
    expect(end.model.state).toBe("settling");
    expect(end.effects).toEqual([]);
    expect(feed(end.model, { type: "compaction_start", reason: "threshold" }).model.state).toBe("compacting");
    expect(feed(end.model, { type: "agent_settled" }).model.state).toBe("settled");
    expect(feed(model, { type: "agent_end", willRetry: true }).model.state).toBe("retrying");
  });

  it("worker exit resets to idle", () => {
    const busy: RunModel = { ...initialRunModel(true), state: "streaming", inRun: true };
    expect(reduceRunState(busy, { type: "worker_gone" }).model).toMatchObject({ state: "idle", inRun: false });
  });
});
