// The keys of review and rewind: Alt+D opens the review of the last turn (/diff), Esc Esc on an
// empty editor while the agent is idle opens /rewind. Anywhere else the second Esc is an Esc.
import { findCommand, type SlashCommand, type SlashContext } from "../slash/slash-registry.js";
import { describeError, type IntentContext } from "./intent-context.js";

export type ReviewIntents = { reviewChanges(): Promise<void>; rewind(): Promise<void> };

export function createReviewIntents(
  ctx: IntentContext,
  commands: readonly SlashCommand[],
  slashContext: SlashContext,
  abort: () => Promise<void>,
): ReviewIntents {
  const run = async (name: string): Promise<void> => {
    const command = findCommand(commands, name);
    if (!command) return ctx.toast(`/${name} is not available here`, "warning");
    try {
      await command.run("", slashContext);
    } catch (error) {
      ctx.notice(`/${name} failed: ${describeError(error)}`, "error");
    }
  };
  return {
    reviewChanges: () => run("diff"),
    async rewind() {
      const s = ctx.store.getState();
      if (s.run.busy || s.run.retry !== undefined || s.transcript.bash !== undefined || s.editor.text !== "")
        return abort();
      return run("rewind");
    },
  };
}
