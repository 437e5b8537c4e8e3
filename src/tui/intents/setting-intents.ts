// Intents that change the worker's model or thinking level from a key: Shift+Tab, Ctrl+P and
// Ctrl+L (the /model picker). The reducer puts one transcript line per change.
import { toSessionSnapshot } from "../../bridge/index.js";
import { findCommand, type SlashCommand, type SlashContext } from "../slash/slash-registry.js";
import { describeError, type IntentContext } from "./intent-context.js";

export type SettingIntents = {
  cycleThinking(): Promise<void>;
  cycleModel(): Promise<void>;
  selectModel(): Promise<void>;
};

export function createSettingIntents(
  ctx: IntentContext,
  commands: readonly SlashCommand[],
  slashContext: SlashContext,
): SettingIntents {
  const { store, connection } = ctx;
  return {
    async cycleThinking() {
      try {
        const r = await connection.rpc.cycleThinkingLevel();
        if (r === null) ctx.toast("This model has no thinking levels");
        else
          store.dispatch({
            type: "agent_event",
            event: { type: "thinking_level_changed", level: r.level },
            now: ctx.now(),
          });
      } catch (error) {
        ctx.notice(`Cycling thinking level failed: ${describeError(error)}`, "error");
      }
    },
    async cycleModel() {
      try {
        const r = await connection.rpc.cycleModel();
        if (r === null) return ctx.toast("Only one model is available");
        // The snapshot's model change puts one line in the transcript (reducer).
        store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await connection.rpc.getState()) });
      } catch (error) {
        ctx.notice(`Cycling model failed: ${describeError(error)}`, "error");
      }
    },
    async selectModel() {
      const model = findCommand(commands, "model");
      if (!model) return ctx.toast("This worker cannot switch models", "warning");
      try {
        await model.run("", slashContext);
      } catch (error) {
        ctx.notice(`/model failed: ${describeError(error)}`, "error");
      }
    },
  };
}
