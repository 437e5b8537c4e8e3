// Taking control of a live session this terminal watches (its key, docs/protocol-notes.md "Live
// sessions"): the worker moves control and says so to both terminals (live_control); the store
// follows that answer, not the key press, so a refused or lost request changes nothing shown.
import { actionKey } from "../input/keymap.js";
import { describeError, type IntentContext } from "./intent-context.js";
import { liveSessionId, watchingLive } from "../state/worker-info.js";

export function createTakeControl(ctx: IntentContext): () => Promise<void> {
  return async () => {
    const s = ctx.store.getState();
    if (liveSessionId(s) === undefined) {
      ctx.toast(`${actionKey("take_control")} takes control of a live session another terminal controls`);
      return;
    }
    if (!watchingLive(s)) {
      ctx.toast("This terminal already controls the session");
      return;
    }
    try {
      await ctx.connection.rpc.send("take_control");
    } catch (error) {
      ctx.notice(`Could not take control: ${describeError(error)}`, "error");
    }
  };
}

/** What a watching terminal says when it is asked to send something: the text stays in the editor. */
export function watchingHint(): string {
  const key = actionKey("take_control");
  return `Watching: another terminal controls this session. ${key} takes control; your text stays here.`;
}
