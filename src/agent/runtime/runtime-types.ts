// Shapes shared by the runtime's files: construction options and the per-activity record
// (one accepted input: its runs, retries and compaction until agent_settled).

import type { AgentTool, StreamFn } from "@mariozechner/pi-agent-core";
import type { LoadedConfig } from "../config.js";
import type { AnyModel, ModelRegistry } from "../providers/model-registry.js";
import type { ThinkingLevelName } from "../providers/thinking.js";
import type { ConversationStore } from "./conversation-store.js";
import type { HookRegistry } from "./hooks.js";
import type { LazyTools } from "./tool-set.js";
import type { EmitFn } from "./wire-events.js";

export interface RuntimeOptions {
  cwd: string;
  config: LoadedConfig;
  models: ModelRegistry;
  hooks: HookRegistry;
  emit: EmitFn;
  store?: ConversationStore;
  tools?: AgentTool[];
  /** Built-in tools loaded before the first run (keeps their modules off the startup path). */
  lazyTools?: LazyTools;
  systemPrompt?: string;
  model?: AnyModel;
  thinkingLevel?: ThinkingLevelName;
  /** Test seam: replaces pi-ai's streamSimple. */
  streamFn?: StreamFn;
}

export interface Activity {
  controller: AbortController;
  aborted: boolean;
  done: Promise<void>;
  /** The system prompt for every run of this activity (an extension's before_agent_start). */
  systemPrompt?: string;
  /** Set while an auto-retry back-off delay is pending. */
  cancelRetry?: () => void;
}
