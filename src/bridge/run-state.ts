// Pure run-state reducer (docs/protocol.md §4.1, §4.12): idle/streaming/retrying/compacting/settling/settled from
// events, with synthesised settledness (quiet timer + get_state probe) for workers without
// `agent_settled`. Effects are returned as data; the connection runs the timers.
import type { RunPhase } from "./types.js";

export interface RunModel {
  state: RunPhase;
  /** Inside agent_start … agent_end. */
  inRun: boolean;
  /** State to return to when a compaction outside any activity ends. */
  beforeCompaction: RunPhase | undefined;
  /** True when the worker is not known to send agent_settled. */
  synthesise: boolean;
  /** omp's `agent_end {isTerminal:false}` ended the last run: still busy, a continuation may follow. */
  awaitingContinuation: boolean;
}

export type RunInput =
  | { type: "event"; eventType: string; willRetry?: boolean; success?: boolean; isTerminal?: boolean }
  | { type: "quiet_elapsed" }
  | { type: "probe_result"; isStreaming: boolean; isCompacting: boolean }
  | { type: "worker_gone" }
  | { type: "set_synthesise"; synthesise: boolean };

/** `start_continuation_timer`: the longer quiet period after a non-terminal agent_end. */
export type RunEffect = "start_quiet_timer" | "start_continuation_timer" | "cancel_quiet_timer" | "probe_state";

export interface RunStep {
  model: RunModel;
  effects: RunEffect[];
}

export function initialRunModel(synthesise = true): RunModel {
  return { state: "idle", inRun: false, beforeCompaction: undefined, synthesise, awaitingContinuation: false };
}

const busy = (state: RunPhase): boolean => state === "streaming" || state === "retrying" || state === "compacting";

/** After the last agent_end of an activity: settle on agent_settled, or synthesise it. */
function awaitSettle(model: RunModel): RunStep {
  return {
    model: { ...model, state: "settling" },
    effects: model.synthesise ? ["start_quiet_timer"] : [],
  };
}

export function reduceRunState(model: RunModel, input: RunInput): RunStep {
  switch (input.type) {
    case "set_synthesise":
      return { model: { ...model, synthesise: input.synthesise }, effects: [] };
    case "worker_gone":
      return { model: { ...initialRunModel(model.synthesise) }, effects: ["cancel_quiet_timer"] };
    case "quiet_elapsed":
      return probing(model) ? { model, effects: ["probe_state"] } : { model, effects: [] };
    case "probe_result":
      if (!probing(model)) return { model, effects: [] };
      if (!input.isStreaming && !input.isCompacting)
        return { model: { ...model, state: "settled", awaitingContinuation: false }, effects: [] };
      // Still busy on the worker side: wait for the next agent_end / compaction_end.
      return { model, effects: [] };
    case "event":
      return reduceEvent(model, input);
    default: {
      const never: never = input;
      return never;
    }
  }
}

/** A quiet timer is waiting to ask get_state whether the worker is idle (docs/protocol.md §4.12 rule 4). */
const probing = (model: RunModel): boolean =>
  model.state === "settling" || (model.awaitingContinuation && !model.inRun && model.state === "streaming");

function reduceEvent(
  model: RunModel,
  input: { eventType: string; willRetry?: boolean; success?: boolean; isTerminal?: boolean },
): RunStep {
  const cancel: RunEffect[] = ["cancel_quiet_timer"];
  switch (input.eventType) {
    case "agent_start":
      return { model: { ...model, state: "streaming", inRun: true, awaitingContinuation: false }, effects: cancel };
    case "agent_end": {
      const ended = { ...model, inRun: false, awaitingContinuation: false };
      if (input.willRetry === true) return { model: { ...ended, state: "retrying" }, effects: cancel };
      // omp: the run is not over (a background job's result starts a new run ~2 s later, trace
      // d_steer_followup); stay busy and only probe get_state after a longer quiet period.
      if (input.isTerminal === false && model.synthesise) {
        return {
          model: { ...ended, state: "streaming", awaitingContinuation: true },
          effects: ["start_continuation_timer"],
        };
      }
      return awaitSettle(ended);
    }
    case "agent_settled":
      return {
        model: { ...model, state: "settled", inRun: false, synthesise: false, awaitingContinuation: false },
        effects: cancel,
      };
    case "auto_retry_start":
      return { model: { ...model, state: "retrying" }, effects: cancel };
    case "auto_retry_end":
      if (input.success === false && !model.inRun) return awaitSettle({ ...model, state: "retrying" });
      return { model, effects: [] };
    case "compaction_start":
      return {
        model: {
          ...model,
          state: "compacting",
          beforeCompaction: busy(model.state) ? model.beforeCompaction : model.state,
        },
        effects: cancel,
      };
    case "compaction_end": {
      const before = model.beforeCompaction;
      const cleared = { ...model, beforeCompaction: undefined };
      if (input.willRetry === true) return { model: { ...cleared, state: "retrying" }, effects: [] };
      if (model.inRun) return { model: { ...cleared, state: "streaming" }, effects: [] };
      // A post-run compaction check after a non-terminal agent_end: keep waiting for the continuation.
      if (model.awaitingContinuation)
        return { model: { ...cleared, state: "streaming" }, effects: ["start_continuation_timer"] };
      // A compaction while idle (manual `compact`) is no activity: no agent_settled follows.
      if (before === "idle" || before === "settled") return { model: { ...cleared, state: before }, effects: [] };
      return awaitSettle(cleared);
    }
    case "todo_reminder":
    case "ttsr_triggered":
      // A continuation run follows immediately (docs/protocol.md §4.12 rule 3).
      return { model: { ...model, state: model.inRun ? model.state : "streaming" }, effects: cancel };
    default:
      return { model, effects: [] };
  }
}
