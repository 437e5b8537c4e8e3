// omp's `agent_end {isTerminal:false}` (a continuation may follow, README fact 7): the run state
// stays busy through the gap before a background job's continuation run, from the real traces.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFrameRouter } from "../../src/bridge/frame-router.js";
import { createRunStateDriver } from "../../src/bridge/run-state-driver.js";
import {
  initialRunModel,
  reduceRunState,
  type RunEffect,
  type RunInput,
  type RunModel,
} from "../../src/bridge/run-state.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "omp-18.2.3");

/** The run inputs the connection derives from a trace's events (routed as the bridge routes them). */
function runInputs(name: string): RunInput[] {
  const router = createFrameRouter((t) => t);
  return readFileSync(resolve(TRACE_DIR, name), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .flatMap((line): RunInput[] => {
      const routed = router.route(line);
      if (routed.kind !== "event") return [];
      const input: RunInput = { type: "event", eventType: routed.event.type };
      if (routed.continues) input.isTerminal = false;
      return [input];
    });
}

describe("omp agent_end isTerminal:false", () => {
  it("the router flags only non-terminal agent_end frames", () => {
    const ends = runInputs("d_steer_followup.jsonl").filter((i) => i.type === "event" && i.eventType === "agent_end");
    expect(ends.map((i) => (i.type === "event" ? i.isTerminal : "x"))).toEqual([false, undefined]);
  });

  it("d_steer_followup: busy from the first agent_end until the background job's run ends", () => {
    let model: RunModel = initialRunModel(true);
    const trail: string[] = [];
    const effectsAtEnd: RunEffect[][] = [];
    for (const input of runInputs("d_steer_followup.jsonl")) {
      const step = reduceRunState(model, input);
      model = step.model;
      if (input.type === "event" && input.eventType === "agent_end") effectsAtEnd.push(step.effects);
      if (trail[trail.length - 1] !== model.state) trail.push(model.state);
    }
    // One busy stretch: no "settling" between the first (non-terminal) run and the continuation.
    expect(trail).toEqual(["streaming", "settling"]);
    expect(effectsAtEnd).toEqual([["start_continuation_timer"], ["start_quiet_timer"]]);
  });

  it("after a non-terminal agent_end the settledness probe still decides (h_compaction: nothing follows)", () => {
    let model: RunModel = initialRunModel(true);
    const inputs = runInputs("h_compaction.jsonl");
    const firstEnd = inputs.findIndex((i) => i.type === "event" && i.eventType === "agent_end");
    for (const input of inputs.slice(0, firstEnd + 1)) model = reduceRunState(model, input).model;
    expect(model.state).toBe("streaming");
    expect(reduceRunState(model, { type: "quiet_elapsed" }).effects).toEqual(["probe_state"]);
    expect(reduceRunState(model, { type: "probe_result", isStreaming: true, isCompacting: false }).model.state).toBe(
      "streaming",
    );
    expect(reduceRunState(model, { type: "probe_result", isStreaming: false, isCompacting: false }).model.state).toBe(
      "settled",
    );
  });

  it("a post-run compaction check keeps waiting for the continuation", () => {
    let model: RunModel = { ...initialRunModel(true), state: "streaming", inRun: true };
    model = reduceRunState(model, { type: "event", eventType: "agent_end", isTerminal: false }).model;
    model = reduceRunState(model, { type: "event", eventType: "compaction_start" }).model;
    const end = reduceRunState(model, { type: "event", eventType: "compaction_end" });
    expect(end.model.state).toBe("streaming");
    expect(end.effects).toEqual(["start_continuation_timer"]);
  });

  it("pi and agent-rpc (no isTerminal, or agent_settled) are unchanged", () => {
    const running: RunModel = { ...initialRunModel(true), state: "streaming", inRun: true };
    expect(reduceRunState(running, { type: "event", eventType: "agent_end" }).model.state).toBe("settling");
    // A worker that sends agent_settled does not synthesise: isTerminal is not consulted.
    const ours: RunModel = { ...initialRunModel(false), state: "streaming", inRun: true };
    expect(reduceRunState(ours, { type: "event", eventType: "agent_end", isTerminal: false }).model.state).toBe(
      "settling",
    );
  });
});

describe("run-state driver timers", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("probes after the short quiet period for a terminal end, after the continuation period otherwise", async () => {
    vi.useFakeTimers();
    const probes: number[] = [];
    const states: string[] = [];
    const driver = createRunStateDriver(
      50,
      2000,
      async () => {
        probes.push(Date.now());
        return { isStreaming: false, isCompacting: false };
      },
      (s) => states.push(s),
    );
    driver.step({ type: "event", eventType: "agent_start" });
    driver.step({ type: "event", eventType: "agent_end", isTerminal: false });
    await vi.advanceTimersByTimeAsync(1900);
    expect(probes).toEqual([]);
    expect(driver.model().state).toBe("streaming");
    // The background job's continuation run (omp: ~1.9 s later) keeps the same busy stretch.
    driver.step({ type: "event", eventType: "agent_start" });
    driver.step({ type: "event", eventType: "agent_end" });
    await vi.advanceTimersByTimeAsync(60);
    expect(probes.length).toBe(1);
    expect(states).toEqual(["streaming", "settling", "settled"]);
    driver.dispose();
  });
});
