// The shapes every handler table shares: the services and context a handler gets, and the table
// type itself. Types only, at the bottom of commands/: the *-commands.ts tables and registry.ts
// import it, so a table never imports the registry that lists it.

import type { CommandOf, RpcCommandType } from "../../protocol/index.js";
import type { LoadedConfig } from "../config.js";
import type { CliOptions } from "../cli.js";
import type { AgentRuntime } from "../runtime/agent-runtime.js";
import type { EmitFn } from "../runtime/wire-events.js";
import type { SessionManager } from "../session/index.js";
import type { ExtensionSystem } from "../extensions/index.js";

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
