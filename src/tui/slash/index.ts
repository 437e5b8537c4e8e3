// The issue-7 slash commands as SlashCommand objects for createController({ slashCommands }),
// and the cache of the worker's own commands (get_commands) for completion.
import type { SlashCommandInfo } from "../../bridge/index.js";
import type { SlashCommand, SlashContext } from "../commands.js";
import type { TuiConnection } from "../connection.js";
import { slashSupported, type SlashDeps } from "./context.js";
import { infoCommands } from "./info-commands.js";
import { modelCommands } from "./model-commands.js";
import { sessionCommands } from "./session-commands.js";

export { slashSupported, afterSessionChange, REQUIRES, type SlashDeps } from "./context.js";
export { resumeSession } from "./session-commands.js";

/**
 * Every issue-7 command. A command the worker cannot run says so instead of failing on the
 * wire (completion does not offer it in the first place).
 */
export function createSlashCommands(deps: SlashDeps): SlashCommand[] {
  const all = [...modelCommands(deps), ...sessionCommands(deps), ...infoCommands(deps)];
  return all.map((c) => ({
    ...c,
    run: (args: string, ctx: SlashContext) => {
      if (!slashSupported(c.name, ctx.connection.getSnapshot())) {
        ctx.notice(`/${c.name} is not available: this worker does not support it.`, "warning");
        return;
      }
      return c.run(args, ctx);
    },
  }));
}

export type WorkerCommands = {
  list(): readonly SlashCommandInfo[];
  /** Re-read get_commands (after start, restart and session changes). */
  refresh(): Promise<void>;
};

export function createWorkerCommands(connection: TuiConnection): WorkerCommands {
  let commands: SlashCommandInfo[] = [];
  return {
    list: () => commands,
    async refresh() {
      if (connection.getSnapshot().capabilities.commands["get_commands"] === false) {
        commands = [];
        return;
      }
      commands = (await connection.rpc.getCommands()).commands;
    },
  };
}
