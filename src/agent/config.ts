// Worker configuration from $AGENT_TUI_HOME (default ~/.agent-tui): models.json in pi's schema
// (custom providers) and settings.json (defaults for queues, retry, compaction, model).
// Files are decoded from unknown; a broken file is reported on stderr and ignored, never fatal.

import { isObject } from "../protocol/decode/result.js";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { isThinkingLevel, type ThinkingLevelName } from "./providers/thinking.js";
import { decodeShellEnvironmentPolicy, type ShellEnvironmentPolicy } from "./security/tool-env.js";
import type { CustomModelConfig, CustomProviderConfig, ModelsConfig } from "./models-config.js";
import { DEFAULT_TOOL_NICE } from "./tools/tool-priority.js";

export type QueueMode = "all" | "one-at-a-time";
export type InterruptMode = "wait" | "immediate";

export interface AgentSettings {
  defaultProvider?: string;
  defaultModel?: string;
  defaultThinkingLevel?: ThinkingLevelName;
  steeringMode: QueueMode;
  followUpMode: QueueMode;
  interruptMode: InterruptMode;
  retry: { enabled: boolean; maxRetries: number; baseDelayMs: number };
  compaction: { enabled: boolean };
  /** Which credentials tool processes may see anyway (default: none). */
  shellEnvironment: ShellEnvironmentPolicy;
  /** How much lower tool commands' CPU priority is than the worker's (nice, 0..19; tools/tool-priority.ts). */
  toolNice: number;
}

export const DEFAULT_SETTINGS: AgentSettings = {
  steeringMode: "one-at-a-time",
  followUpMode: "one-at-a-time",
  interruptMode: "wait",
  retry: { enabled: true, maxRetries: 3, baseDelayMs: 2000 },
  compaction: { enabled: true },
  shellEnvironment: { passthrough: [], exclude: [] },
  toolNice: DEFAULT_TOOL_NICE,
};

export function agentHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env["AGENT_TUI_HOME"];
  return fromEnv && fromEnv.length > 0 ? fromEnv : join(homedir(), ".agent-tui");
}

function readJson(path: string, warn: (message: string) => void): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    // A missing file just means "no configuration"; anything else is worth a warning.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") warn(`cannot read ${path}: ${(error as Error).message}`);
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // V8's message quotes the text around the error, which in models.json may be an API key:
    // say where, never what.
    const where = /at position \d+(?: \(line \d+ column \d+\))?/.exec((error as Error).message)?.[0];
    warn(`ignoring ${path}: not valid JSON${where ? ` (${where})` : ""}`);
    return undefined;
  }
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
  return out;
}

function decodeModel(value: unknown): CustomModelConfig | undefined {
  if (!isObject(value) || typeof value["id"] !== "string") return undefined;
  const model: CustomModelConfig = { id: value["id"] };
  if (typeof value["name"] === "string") model.name = value["name"];
  if (typeof value["api"] === "string") model.api = value["api"];
  if (typeof value["reasoning"] === "boolean") model.reasoning = value["reasoning"];
  if (Array.isArray(value["input"])) {
    model.input = value["input"].filter((x): x is "text" | "image" => x === "text" || x === "image");
  }
  const cost = value["cost"];
  if (isObject(cost)) {
    const n = (k: string): number => (typeof cost[k] === "number" ? (cost[k] as number) : 0);
    model.cost = { input: n("input"), output: n("output"), cacheRead: n("cacheRead"), cacheWrite: n("cacheWrite") };
  }
  if (typeof value["contextWindow"] === "number") model.contextWindow = value["contextWindow"];
  if (typeof value["maxTokens"] === "number") model.maxTokens = value["maxTokens"];
  const map = value["thinkingLevelMap"];
  if (isObject(map)) {
    const out: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(map)) if (typeof v === "string" || v === null) out[k] = v;
    model.thinkingLevelMap = out;
  }
  const headers = stringRecord(value["headers"]);
  if (headers) model.headers = headers;
  if (isObject(value["compat"])) model.compat = value["compat"];
  return model;
}

export function decodeModelsConfig(raw: unknown, warn: (message: string) => void): ModelsConfig {
  const providers: Record<string, CustomProviderConfig> = {};
  if (!isObject(raw) || !isObject(raw["providers"])) return { providers };
  for (const [name, value] of Object.entries(raw["providers"])) {
    if (!isObject(value) || typeof value["baseUrl"] !== "string" || !Array.isArray(value["models"])) {
      warn(`models.json: provider "${name}" needs baseUrl and models[]; ignored`);
      continue;
    }
    const provider: CustomProviderConfig = {
      baseUrl: value["baseUrl"],
      api: typeof value["api"] === "string" ? value["api"] : "openai-completions",
      models: value["models"].map(decodeModel).filter((m): m is CustomModelConfig => m !== undefined),
    };
    if (typeof value["apiKey"] === "string") provider.apiKey = value["apiKey"];
    const headers = stringRecord(value["headers"]);
    if (headers) provider.headers = headers;
    providers[name] = provider;
  }
  return { providers };
}

export function decodeSettings(raw: unknown): AgentSettings {
  const settings: AgentSettings = structuredClone(DEFAULT_SETTINGS);
  if (!isObject(raw)) return settings;
  if (typeof raw["defaultProvider"] === "string") settings.defaultProvider = raw["defaultProvider"];
  if (typeof raw["defaultModel"] === "string") settings.defaultModel = raw["defaultModel"];
  if (isThinkingLevel(raw["defaultThinkingLevel"])) settings.defaultThinkingLevel = raw["defaultThinkingLevel"];
  const queue = (v: unknown): QueueMode | undefined => (v === "all" || v === "one-at-a-time" ? v : undefined);
  settings.steeringMode = queue(raw["steeringMode"]) ?? settings.steeringMode;
  settings.followUpMode = queue(raw["followUpMode"]) ?? settings.followUpMode;
  if (raw["interruptMode"] === "wait" || raw["interruptMode"] === "immediate")
    settings.interruptMode = raw["interruptMode"];
  const retry = raw["retry"];
  if (isObject(retry)) {
    if (typeof retry["enabled"] === "boolean") settings.retry.enabled = retry["enabled"];
    if (typeof retry["maxRetries"] === "number") settings.retry.maxRetries = retry["maxRetries"];
    if (typeof retry["baseDelayMs"] === "number") settings.retry.baseDelayMs = retry["baseDelayMs"];
  }
  const compaction = raw["compaction"];
  if (isObject(compaction) && typeof compaction["enabled"] === "boolean")
    settings.compaction.enabled = compaction["enabled"];
  settings.shellEnvironment = decodeShellEnvironmentPolicy(raw["shellEnvironment"]);
  const toolNice = raw["toolNice"];
  if (typeof toolNice === "number" && Number.isInteger(toolNice) && toolNice >= 0 && toolNice <= 19)
    settings.toolNice = toolNice;
  return settings;
}

export interface LoadedConfig {
  home: string;
  models: ModelsConfig;
  settings: AgentSettings;
  /** Raw settings object, kept so that persisting a change preserves unknown keys. */
  rawSettings: Record<string, unknown>;
}

export function loadConfig(home: string, warn: (message: string) => void): LoadedConfig {
  const rawModels = readJson(join(home, "models.json"), warn);
  const rawSettings = readJson(join(home, "settings.json"), warn);
  return {
    home,
    models: decodeModelsConfig(rawModels, warn),
    settings: decodeSettings(rawSettings),
    rawSettings: isObject(rawSettings) ? rawSettings : {},
  };
}

/** Read `path` ("tasks.maxReminders") in a settings object. */
export function settingAt(raw: Record<string, unknown>, path: string): unknown {
  let node: unknown = raw;
  for (const part of path.split(".")) node = isObject(node) ? node[part] : undefined;
  return node;
}

function setAt(raw: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = raw;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!isObject(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] ?? path] = value;
}

/**
 * Persist one settings key (dotted path), as pi does for queue modes and friends. The file is
 * read again first, so keys written meanwhile by another process (agent-tui keeps its own
 * display settings there) are kept, and replaced atomically (temp file + rename): a crash
 * never leaves half a file. The in-memory settings follow.
 */
export function persistSetting(
  config: LoadedConfig,
  key: string,
  value: unknown,
  warn: (message: string) => void,
): void {
  persistSettings(config, { [key]: value }, warn);
}

type Warn = (message: string) => void;

/** persistSetting for keys that belong together (defaultProvider + defaultModel): one write. */
export function persistSettings(config: LoadedConfig, values: Record<string, unknown>, warn: Warn): void {
  const entries = Object.entries(values);
  for (const [key, value] of entries) setAt(config.rawSettings, key, value);
  config.settings = decodeSettings(config.rawSettings);
  const path = join(config.home, "settings.json");
  try {
    mkdirSync(config.home, { recursive: true, mode: 0o700 });
    let onDisk: Record<string, unknown> = {};
    if (existsSync(path)) {
      const current: unknown = JSON.parse(readFileSync(path, "utf8"));
      // A file someone broke by hand is theirs to fix: never replace it with one key.
      if (!isObject(current)) throw new Error(`${path} does not hold a JSON object`);
      onDisk = current;
    }
    for (const [key, value] of entries) setAt(onDisk, key, value);
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(onDisk, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    warn(`cannot save settings: ${(error as Error).message}`);
  }
}
