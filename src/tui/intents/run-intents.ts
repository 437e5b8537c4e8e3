// Intents that stop or reshape the run in the worker: Esc (abort the `!command`, a retry's wait,
// or the run, taking queued messages back first) and Alt+Up (pull the queue into the editor).
import { joinWithImages } from "../state/history-images.js";
import { workerSupports } from "../state/worker-info.js";
import { describeError, type IntentContext } from "./intent-context.js";

export type RunIntents = { abort(): Promise<void>; pullQueue(): Promise<void> };

export function createRunIntents(ctx: IntentContext): RunIntents {
  const { store, connection } = ctx;
  const canClearQueue = (): boolean => workerSupports(store.getState(), "clear_queue");
  const queuedCount = (): number => store.getState().queue.steering.length + store.getState().queue.followUp.length;

  /**
   * Take every queued message back from the worker into the editor, steering first, above the
   * draft, as pi does. clear_queue's answer is what was really removed (a message delivered a
   * moment ago is not duplicated). Returns how many came back.
   */
  const restoreQueue = async (): Promise<number> => {
    const removed = await connection.rpc.clearQueue();
    const texts = [...removed.steering, ...removed.followUp];
    if (texts.length > 0) {
      // The worker gives the texts back; their images are still in this run's history.
      const { text, images } = joinWithImages(store.getState().editor, texts);
      store.dispatch({ type: "editor", op: { op: "set", text, keepUndo: true, images } });
    }
    return texts.length;
  };

  const abortRun = async (retryWaiting: boolean): Promise<void> => {
    const queued = queuedCount();
    // Queued messages must not ride along with the next prompt unasked: take them back first
    // (before the abort, so the ending run cannot deliver them either).
    if (queued > 0 && canClearQueue())
      await restoreQueue().catch((error: unknown) =>
        ctx.notice(`Could not take the queued messages back: ${describeError(error)}`, "error"),
      );
    // A retry stays in the state through its attempt: only its wait can be cancelled.
    if (retryWaiting) await connection.rpc.abortRetry();
    else await connection.rpc.abort();
    if (queued > 0 && !canClearQueue()) {
      const what = queued === 1 ? "The queued message" : `The ${queued} queued messages`;
      ctx.notice(
        `${what} will be delivered with your next prompt: this worker cannot take queued messages back.`,
        "warning",
      );
    }
  };

  return {
    async abort() {
      const s = store.getState();
      try {
        if (s.transcript.bash) await connection.rpc.abortBash();
        else if (s.run.busy || s.run.retry) await abortRun(s.run.retry !== undefined && s.run.retry.until > ctx.now());
      } catch (error) {
        ctx.notice(`Abort failed: ${describeError(error)}`, "error");
      }
    },
    async pullQueue() {
      if (queuedCount() === 0) return ctx.toast("Nothing is queued");
      if (!canClearQueue())
        return ctx.toast("This worker cannot take queued messages back: they will be delivered as queued", "warning");
      try {
        const n = await restoreQueue();
        ctx.toast(
          n === 0 ? "The queue was already delivered" : `Restored ${n} queued message${n > 1 ? "s" : ""} to the editor`,
        );
      } catch (error) {
        ctx.notice(`Could not pull the queue back: ${describeError(error)}`, "error");
      }
    },
  };
}
