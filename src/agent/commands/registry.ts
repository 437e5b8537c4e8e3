// The command registry: handler tables from commands/*-commands.ts merged into one map from
// command type to handler. Other areas add a table by exporting it from their own
// `<area>-commands.ts` and adding it to TABLES below (later tables override earlier ones).
// Layering: commands/ sits above runtime/ and session/. Handlers call into both; neither imports
// commands/ back (what the session features need of the services they get as a parameter).

import type { CommandOf, RpcCommandType } from "../../protocol/index.js";
import type { CommandContext, CommandHandler, CommandTable } from "./command-table.js";
import { coreCommands } from "./core-commands.js";
import { modelCommands } from "./model-commands.js";
import { stateCommands } from "./state-commands.js";
import { bashCommands } from "./bash-commands.js";
import { extensionCommands } from "./extension-commands.js";
import { sessionCommands } from "./session-commands.js";
import { settingsCommands } from "./settings-commands.js";
import { workspaceCommands } from "./workspace-commands.js";
import { checkpointCommands } from "./checkpoint-commands.js";

const TABLES: CommandTable[] = [
  coreCommands,
  stateCommands,
  modelCommands,
  bashCommands,
  extensionCommands,
  sessionCommands,
  settingsCommands,
  workspaceCommands,
  checkpointCommands,
];

export function buildCommandTable(extra: CommandTable[] = []): CommandTable {
  return Object.assign({}, ...TABLES, ...extra) as CommandTable;
}

/** Run the handler for a decoded command; commands of this protocol without a handler fail by name. */
export async function runCommand<K extends RpcCommandType>(
  table: CommandTable,
  cmd: CommandOf<K>,
  ctx: CommandContext,
): Promise<unknown> {
  const handler = table[cmd.type as K] as CommandHandler<K> | undefined;
  if (!handler) throw new Error(`${cmd.type} is not implemented yet`);
  return handler(cmd, ctx);
}
