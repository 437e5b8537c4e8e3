// get_settings / set_setting ([ours]): the settings.json keys a client can change while the
// worker runs (agent-tui's /settings), validated, applied at once and saved (docs/protocol-notes.md).
// Queue, interrupt, retry and compaction switches also have pi's set_* commands; all save alike.

import { DEFAULT_COMPACTION_SETTINGS } from "../session/compaction-plan.js";
import { isThinkingLevel, THINKING_LEVELS } from "../providers/thinking.js";
import { type LoadedConfig, persistSetting, settingAt } from "../config.js";
import { gateSetting, permissionGateOverride } from "../extensions/index.js";
import type { AgentRuntime } from "../runtime/agent-runtime.js";
import type { CommandTable } from "./command-table.js";

type Value = string | number | boolean;
type Spec =
  | { kind: "enum"; values: readonly string[] }
  | { kind: "boolean" }
  /** true, false, or one of the named further levels (permissionGate's "edits"). */
  | { kind: "switch"; levels: readonly string[] }
  | { kind: "integer"; min: number; max: number };

const QUEUE = { kind: "enum", values: ["all", "one-at-a-time"] } as const;

/** Every key set_setting accepts, with what it accepts. */
export const EDITABLE_SETTINGS: Readonly<Record<string, Spec>> = {
  steeringMode: QUEUE,
  followUpMode: QUEUE,
  interruptMode: { kind: "enum", values: ["wait", "immediate"] },
  defaultThinkingLevel: { kind: "enum", values: THINKING_LEVELS },
  "compaction.enabled": { kind: "boolean" },
  "compaction.reserveTokens": { kind: "integer", min: 1024, max: 1_000_000 },
  "retry.enabled": { kind: "boolean" },
  "retry.maxRetries": { kind: "integer", min: 0, max: 20 },
  "tasks.reminders": { kind: "boolean" },
  "tasks.maxReminders": { kind: "integer", min: 0, max: 20 },
  permissionGate: { kind: "switch", levels: ["edits"] },
};

export function validateSetting(key: string, value: Value): Value {
  const spec = EDITABLE_SETTINGS[key];
  if (!spec) throw new Error(`Unknown setting: ${key} (known: ${Object.keys(EDITABLE_SETTINGS).join(", ")})`);
  switch (spec.kind) {
    case "enum":
      if (typeof value === "string" && spec.values.includes(value)) return value;
      throw new Error(`${key} must be one of ${spec.values.join(", ")}`);
    case "boolean":
      if (typeof value === "boolean") return value;
      throw new Error(`${key} must be true or false`);
    case "switch":
      if (typeof value === "boolean" || spec.levels.includes(String(value))) return value;
      throw new Error(`${key} must be true, false or ${spec.levels.map((l) => `"${l}"`).join(", ")}`);
    case "integer":
      if (typeof value === "number" && Number.isInteger(value) && value >= spec.min && value <= spec.max) return value;
      throw new Error(`${key} must be a whole number from ${spec.min} to ${spec.max}`);
    default: {
      const never: never = spec;
      return never;
    }
  }
}

/** The values in effect now (the runtime's for switches it holds, else the file's or the default). */
export function currentSettings(runtime: AgentRuntime, config: LoadedConfig): Record<string, Value> {
  const raw = config.rawSettings;
  const pick = <T extends Value>(key: string, fallback: T): T => {
    const v = settingAt(raw, key);
    return typeof v === typeof fallback ? (v as T) : fallback;
  };
  return {
    steeringMode: runtime.queues.steeringMode,
    followUpMode: runtime.queues.followUpMode,
    interruptMode: runtime.interruptMode,
    defaultThinkingLevel: config.settings.defaultThinkingLevel ?? "medium",
    "compaction.enabled": runtime.autoCompaction,
    "compaction.reserveTokens": pick("compaction.reserveTokens", DEFAULT_COMPACTION_SETTINGS.reserveTokens),
    "retry.enabled": runtime.autoRetry,
    "retry.maxRetries": config.settings.retry.maxRetries,
    "tasks.reminders": pick("tasks.reminders", true),
    "tasks.maxReminders": pick("tasks.maxReminders", 3),
    permissionGate: permissionGateOverride() ?? gateSetting(settingAt(raw, "permissionGate")) ?? false,
  };
}

/** Apply the switches the runtime holds; the rest is read from the settings at each use. */
function applyToRuntime(runtime: AgentRuntime, key: string, value: Value): void {
  if (key === "steeringMode" && (value === "all" || value === "one-at-a-time")) runtime.queues.steeringMode = value;
  else if (key === "followUpMode" && (value === "all" || value === "one-at-a-time"))
    runtime.queues.followUpMode = value;
  else if (key === "interruptMode" && (value === "wait" || value === "immediate")) runtime.interruptMode = value;
  else if (key === "compaction.enabled" && typeof value === "boolean") runtime.autoCompaction = value;
  else if (key === "retry.enabled" && typeof value === "boolean") runtime.autoRetry = value;
  else if (key === "defaultThinkingLevel" && !isThinkingLevel(value))
    throw new Error(`Invalid thinking level: ${String(value)}`);
}

function warn(message: string): void {
  process.stderr.write(`agent-rpc: ${message}\n`);
}

export const settingsCommands: CommandTable = {
  async get_settings(_cmd, { runtime, services }) {
    return { settings: currentSettings(runtime, services.config) };
  },
  async set_setting(cmd, { runtime, services }) {
    const value = validateSetting(cmd.key, cmd.value);
    applyToRuntime(runtime, cmd.key, value);
    persistSetting(services.config, cmd.key, value, warn);
    return { key: cmd.key, value };
  },
};
