// The command registry: handler tables from commands/*-commands.ts merged into one map from
// command type to handler. Other areas add a table by exporting it from their own
// `<area>-commands.ts` and adding it to TABLES below (later tables override earlier ones).

import type { CommandOf, RpcCommandType } from "../../protocol/index.js";
import type { LoadedConfig } from "../config.js";
import type { CliOptions } from "../cli.js";
import type { AgentRuntime } from "../runtime/agent-runtime.js";
import type { EmitFn } from "../runtime/wire-events.js";
import type { SessionManager } from "../session/index.js";
import type { ExtensionSystem } from "../extensions/index.js";
import { coreCommands } from "./core-commands.js";
import { modelCommands } from "./model-commands.js";
import { stateCommands } from "./state-commands.js";
import { bashCommands } from "./bash-commands.js";
import { extensionCommands } from "./extension-commands.js";
import { sessionCommands } from "./session-commands.js";
import { settingsCommands } from "./settings-commands.js";
import { workspaceCommands } from "./workspace-commands.js";

/** Process-wide services a handler may need besides the runtime. */
export interface AgentServices {
  version: string;
  cwd: string;
  cli: CliOptions;
  config: LoadedConfig;
  /** The session store (also the runtime's ConversationStore). */
  session: SessionManager;
  /** The loaded extension system (set during startup). */
  extensions?: ExtensionSystem;
  /** Start an orderly shutdown (after the current command's response is written). */
  shutdown(exitCode: number): void;
  /** Routes for non-command stdin frames (extension_ui_response, host_tool_*): true = consumed. */
  frameRoutes: Map<string, (frame: Record<string, unknown>) => boolean>;
  /** Slots other areas fill at startup (e.g. "session" → SessionManager); read with a type guard. */
  slots: Map<string, unknown>;
}

export interface CommandContext {
  runtime: AgentRuntime;
  services: AgentServices;
  /** Write an event frame (goes through the runtime's hooks too). */
  emit: EmitFn;
  /** The request id, if any (bash_execution_update carries it). */
  id?: string;
}

/**
 * A handler returns the response `data`: `undefined` → no `data` key, anything else (including
 * `null`) → `data`. Throwing gives `success:false` with the error's message.
 */
export type CommandHandler<T extends RpcCommandType> = (cmd: CommandOf<T>, ctx: CommandContext) => Promise<unknown>;

export type CommandTable = { [K in RpcCommandType]?: CommandHandler<K> };

const TABLES: CommandTable[] = [
  coreCommands,
  stateCommands,
  modelCommands,
  bashCommands,
  extensionCommands,
  sessionCommands,
  settingsCommands,
  workspaceCommands,
];

export function buildCommandTable(extra: CommandTable[] = []): CommandTable {
  return Object.assign({}, ...TABLES, ...extra) as CommandTable;
}

/** Run the handler for a decoded command; commands of this protocol without a handler fail by name. */
export async function runCommand<K extends RpcCommandType>(table: CommandTable, cmd: CommandOf<K>, ctx: CommandContext): Promise<unknown> {
  const handler = table[cmd.type as K] as CommandHandler<K> | undefined;
  if (!handler) throw new Error(`${cmd.type} is not implemented yet`);
  return handler(cmd, ctx);
}
