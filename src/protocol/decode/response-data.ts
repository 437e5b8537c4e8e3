// decodeResponseData: typed, tolerant decoding of a success response's `data` for the command
// it answers (docs/protocol.md §3), so the rpc client can resolve requests with ResponseDataMap[K].

import type { RpcCommandType } from "../types/commands.js";
import type { ResponseDataMap } from "../types/responses.js";
import type { BashResult, ForkMessage, SessionStats, SlashCommandInfo } from "../types/results.js";
import {
  decodeCheckpointDiff,
  decodeCheckpointList,
  decodeCheckpointRestore,
  decodeCheckpointWrite,
} from "./checkpoints.js";
import { decodeAgentMessage } from "./messages.js";
import { fail, isObject, runDecoder, type DecodeResult, type JsonObject } from "./result.js";
import { decodeCompactionResult } from "./results.js";
import { decodeSessionEntry, decodeSessionTree } from "./session-entry.js";
import {
  decodeContextUsage,
  decodeModel,
  decodeSessionState,
  decodeThinkingLevel,
  decodeTodoPhaseList,
} from "./state.js";

type DataDecoders = { [K in RpcCommandType]: (data: unknown) => ResponseDataMap[K] };

const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

function obj(data: unknown, command: string): JsonObject {
  return isObject(data) ? data : fail(`${command}: data must be an object`);
}

function list(data: unknown, command: string, key: string): unknown[] {
  const value = obj(data, command)[key];
  return Array.isArray(value) ? value : fail(`${command}: "data.${key}" must be an array`);
}

const noData = (): undefined => undefined;
const cancelled = (command: string) => (data: unknown) => ({ cancelled: obj(data, command)["cancelled"] === true });

function forkMessages(command: string) {
  return (data: unknown): { messages: ForkMessage[] } => ({
    messages: list(data, command, "messages")
      .filter(isObject)
      .map((m) => ({ entryId: str(m["entryId"]), text: str(m["text"]) })),
  });
}

function forkResult(command: string) {
  return (data: unknown) => {
    const o = obj(data, command);
    return { text: str(o["text"]), cancelled: o["cancelled"] === true };
  };
}

/**
 * docs/protocol.md §3.2.3 docs/protocol.md Appendix B: `path` falls back to `sourceInfo.path`,
 * `location` to a user/project scope.
 */
function decodeSlashCommand(item: JsonObject): SlashCommandInfo {
  const source = item["source"] === "prompt" || item["source"] === "skill" ? item["source"] : "extension";
  const info: SlashCommandInfo = { name: str(item["name"]), source };
  if (typeof item["description"] === "string") info.description = item["description"];
  const si = isObject(item["sourceInfo"]) ? item["sourceInfo"] : undefined;
  if (si !== undefined) {
    const scope = si["scope"] === "user" || si["scope"] === "project" ? si["scope"] : "temporary";
    info.sourceInfo = {
      path: str(si["path"]),
      source: str(si["source"]),
      scope,
      origin: si["origin"] === "package" ? "package" : "top-level",
    };
    if (typeof si["baseDir"] === "string") info.sourceInfo.baseDir = si["baseDir"];
  }
  const path = typeof item["path"] === "string" ? item["path"] : si?.["path"];
  if (typeof path === "string") info.path = path;
  const location = item["location"] ?? si?.["scope"];
  if (location === "user" || location === "project" || location === "path") info.location = location;
  return info;
}

function decodeBashResult(data: unknown): BashResult {
  const o = obj(data, "bash");
  const result: BashResult = {
    output: str(o["output"]),
    cancelled: o["cancelled"] === true,
    truncated: o["truncated"] === true,
  };
  if (typeof o["exitCode"] === "number") result.exitCode = o["exitCode"];
  if (typeof o["fullOutputPath"] === "string") result.fullOutputPath = o["fullOutputPath"];
  if (typeof o["artifactId"] === "string") result.artifactId = o["artifactId"];
  for (const key of ["totalLines", "totalBytes", "outputLines", "outputBytes"] as const) {
    if (typeof o[key] === "number") result[key] = o[key];
  }
  return result;
}

function decodeStats(data: unknown): SessionStats {
  const o = obj(data, "get_session_stats");
  const t = isObject(o["tokens"]) ? o["tokens"] : {};
  const stats: SessionStats = {
    sessionId: str(o["sessionId"]),
    userMessages: num(o["userMessages"]),
    assistantMessages: num(o["assistantMessages"]),
    toolCalls: num(o["toolCalls"]),
    toolResults: num(o["toolResults"]),
    totalMessages: num(o["totalMessages"]),
    tokens: {
      input: num(t["input"]),
      output: num(t["output"]),
      cacheRead: num(t["cacheRead"]),
      cacheWrite: num(t["cacheWrite"]),
      total: num(t["total"]),
    },
    cost: num(o["cost"]),
  };
  if (typeof o["sessionFile"] === "string") stats.sessionFile = o["sessionFile"];
  const usage = decodeContextUsage(o["contextUsage"]);
  if (usage !== undefined) stats.contextUsage = usage;
  if (typeof o["premiumRequests"] === "number") stats.premiumRequests = o["premiumRequests"];
  return stats;
}

const leafIdOf = (o: JsonObject): string | null => (typeof o["leafId"] === "string" ? o["leafId"] : null);

const DECODERS: DataDecoders = {
  prompt: noData,
  steer: noData,
  follow_up: noData,
  abort: noData,
  abort_and_prompt: noData,
  continue: noData,
  clear_queue: (data) => {
    const o = obj(data, "clear_queue");
    return { steering: strings(o["steering"]), followUp: strings(o["followUp"]) };
  },
  get_settings: (data) => {
    const o = obj(obj(data, "get_settings")["settings"], "get_settings: settings");
    const settings: Record<string, string | number | boolean> = {};
    for (const [k, v] of Object.entries(o))
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") settings[k] = v;
    return { settings };
  },
  set_setting: (data) => {
    const o = obj(data, "set_setting");
    const v = o["value"];
    return { key: str(o["key"]), value: typeof v === "number" || typeof v === "boolean" ? v : str(v) };
  },
  list_files: (data) => ({
    cwd: str(obj(data, "list_files")["cwd"]),
    files: strings(list(data, "list_files", "files")),
    truncated: obj(data, "list_files")["truncated"] === true,
  }),
  checkpoint_list: decodeCheckpointList,
  checkpoint_diff: decodeCheckpointDiff,
  checkpoint_restore: decodeCheckpointRestore,
  checkpoint_write: decodeCheckpointWrite,
  get_state: decodeSessionState,
  get_messages: (data) => {
    const messages = list(data, "get_messages", "messages").map((m, i) =>
      decodeAgentMessage(m, `get_messages: "data.messages[${i}]"`),
    );
    // A page's place in the context (agent-rpc); absent from workers that send every message.
    const { offset, total, listId } = obj(data, "get_messages");
    if (typeof offset !== "number" || typeof total !== "number") return { messages };
    return typeof listId === "number" ? { messages, offset, total, listId } : { messages, offset, total };
  },
  get_commands: (data) => ({
    commands: list(data, "get_commands", "commands").filter(isObject).map(decodeSlashCommand),
  }),
  set_todos: (data) => ({ todoPhases: decodeTodoPhaseList(list(data, "set_todos", "todoPhases")) }),
  set_host_tools: (data) => ({ toolNames: strings(list(data, "set_host_tools", "toolNames")) }),
  set_model: (data) => decodeModel(data, "set_model: data"),
  cycle_model: (data) => {
    if (data === null || data === undefined) return null;
    const o = obj(data, "cycle_model");
    const result: NonNullable<ResponseDataMap["cycle_model"]> = {
      model: decodeModel(o["model"], 'cycle_model: "data.model"'),
      isScoped: o["isScoped"] === true,
    };
    const level = decodeThinkingLevel(o["thinkingLevel"]);
    if (level !== undefined) result.thinkingLevel = level;
    return result;
  },
  get_available_models: (data) => ({
    models: list(data, "get_available_models", "models").map((m, i) =>
      decodeModel(m, `get_available_models: "data.models[${i}]"`),
    ),
  }),
  set_thinking_level: noData,
  cycle_thinking_level: (data) => {
    if (data === null || data === undefined) return null;
    const level = decodeThinkingLevel(obj(data, "cycle_thinking_level")["level"]);
    return level === undefined ? fail('cycle_thinking_level: "data.level" must be a thinking level') : { level };
  },
  get_available_thinking_levels: (data) => ({
    levels: list(data, "get_available_thinking_levels", "levels").flatMap((l) => decodeThinkingLevel(l) ?? []),
  }),
  set_steering_mode: noData,
  set_follow_up_mode: noData,
  set_interrupt_mode: noData,
  compact: (data) => decodeCompactionResult(data, "compact: data") ?? fail("compact: data must be an object"),
  set_auto_compaction: noData,
  set_auto_retry: noData,
  abort_retry: noData,
  bash: decodeBashResult,
  abort_bash: noData,
  new_session: cancelled("new_session"),
  switch_session: cancelled("switch_session"),
  fork: forkResult("fork"),
  branch: forkResult("branch"),
  clone: cancelled("clone"),
  get_fork_messages: forkMessages("get_fork_messages"),
  get_branch_messages: forkMessages("get_branch_messages"),
  get_entries: (data) => ({
    entries: list(data, "get_entries", "entries").flatMap(
      (e, i) => decodeSessionEntry(e, `get_entries: "data.entries[${i}]"`) ?? [],
    ),
    leafId: leafIdOf(obj(data, "get_entries")),
  }),
  get_tree: (data) => ({
    tree: decodeSessionTree(obj(data, "get_tree")["tree"], 'get_tree: "data.tree"'),
    leafId: leafIdOf(obj(data, "get_tree")),
  }),
  get_last_assistant_text: (data) => {
    const text = obj(data, "get_last_assistant_text")["text"];
    return { text: typeof text === "string" ? text : null };
  },
  set_session_name: noData,
  get_session_stats: decodeStats,
  export_html: (data) => ({ path: str(obj(data, "export_html")["path"]) }),
};

/**
 * Decode the `data` of a success response to command `command` (use the type of the pending
 * request, which for aliases is the alias). Commands without data always give `undefined`.
 */
export function decodeResponseData<K extends RpcCommandType>(
  command: K,
  data: unknown,
): DecodeResult<ResponseDataMap[K]> {
  const decoder: (data: unknown) => ResponseDataMap[K] = DECODERS[command];
  return runDecoder(() => decoder(data));
}
