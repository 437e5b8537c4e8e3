// The slash commands as SlashCommand objects for createController({ slashCommands }),
// and the cache of the worker's own commands (get_commands, omp's get_available_commands) for completion.
import type { SlashCommand, SlashContext } from "./slash-registry.js";
import { slashSupported, type SlashDeps } from "./slash-deps.js";
import { infoCommands } from "./info-commands.js";
import { modelCommands } from "./model-commands.js";
import { sessionCommands } from "./session-commands.js";
import { sendAsPrompt } from "./worker-commands.js";

export { slashSupported, afterSessionChange, REQUIRES, type SlashDeps } from "./slash-deps.js";
export { resumeSession } from "./session-commands.js";
export { createWorkerCommands, sendAsPrompt, type WorkerCommands } from "./worker-commands.js";

/**
 * Every slash command. A command the worker cannot run says so instead of failing on the
 * wire (completion does not offer it in the first place), unless the worker has its own
 * command of that name (omp's /export, /compact…): that one is sent as a prompt.
 */
export function createSlashCommands(deps: SlashDeps): SlashCommand[] {
  const all = [...modelCommands(deps), ...sessionCommands(deps), ...infoCommands(deps)];
  return all.map((c) => ({
    ...c,
    run: (args: string, ctx: SlashContext) => {
      if (!slashSupported(c.name, ctx.store.getState())) {
        if (deps.workerCommand?.(c.name) === true) return sendAsPrompt(c.name, args, ctx);
        ctx.notice(`/${c.name} is not available: this worker does not support it.`, "warning");
        return;
      }
      return c.run(args, ctx);
    },
  }));
}
