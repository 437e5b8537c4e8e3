// Runs the pure run-state reducer's effects: the quiet timer and the get_state probe that
// synthesise settledness (docs/protocol.md §4.12), reporting each state change once.
import { initialRunModel, reduceRunState, type RunInput, type RunModel } from "./run-state.js";
import type { RunPhase } from "./types.js";

export interface RunStateDriver {
  step(input: RunInput): void;
  model(): RunModel;
  dispose(): void;
}

export function createRunStateDriver(
  quietMs: number,
  continuationMs: number,
  probe: () => Promise<{ isStreaming: boolean; isCompacting: boolean }>,
  onChange: (state: RunPhase) => void,
): RunStateDriver {
  let run = initialRunModel();
  let quietTimer: NodeJS.Timeout | undefined;

  const cancel = (): void => {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = undefined;
  };

  function step(input: RunInput): void {
    const before = run.state;
    const next = reduceRunState(run, input);
    run = next.model;
    for (const effect of next.effects) {
      if (effect === "cancel_quiet_timer") cancel();
      else if (effect === "start_quiet_timer" || effect === "start_continuation_timer") {
        cancel();
        quietTimer = setTimeout(
          () => {
            quietTimer = undefined;
            step({ type: "quiet_elapsed" });
          },
          effect === "start_quiet_timer" ? quietMs : continuationMs,
        );
      } else if (effect === "probe_state") {
        probe().then(
          (result) => step({ type: "probe_result", ...result }),
          // No answer (worker gone or slow): do not leave the UI spinning forever.
          () => step({ type: "probe_result", isStreaming: false, isCompacting: false }),
        );
      }
    }
    if (run.state !== before) onChange(run.state);
  }

  return { step, model: () => run, dispose: cancel };
}
