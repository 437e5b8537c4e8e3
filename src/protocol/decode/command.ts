// decodeCommand: validates one stdin value as an RpcCommand (docs/protocol.md §3). Required fields,
// types and enums are checked, optional ones when present; unknown extra fields are dropped.

import {
  INTERRUPT_MODES,
  INVALID_COMMAND_ERROR,
  QUEUE_MODES,
  THINKING_LEVELS,
  UNKNOWN_COMMAND_ERROR_PREFIX,
} from "../constants.js";
import type { CommandMap, RpcCommand, RpcCommandType } from "../types/commands.js";
import { decodeHostTools, decodeImages, decodeTodoPhases } from "./command-fields.js";
import { fail, fieldReader, isObject, runDecoder, type DecodeResult, type FieldReader } from "./result.js";

type CommandDecoders = { [K in RpcCommandType]: (r: FieldReader) => Omit<CommandMap[K], "type" | "id"> };

/** Drops keys whose value is undefined so that absent fields stay absent. */
function prune<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}

const none = (): Record<string, never> => ({});

function settingValue(r: FieldReader): string | number | boolean {
  const v = r.obj["value"];
  return typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))
    ? v
    : fail('set_setting: "value" must be a string, number or boolean');
}

const DECODERS: CommandDecoders = {
  prompt: (r) =>
    prune({
      message: r.string("message"),
      images: decodeImages(r, "prompt"),
      streamingBehavior: r.optOneOf("streamingBehavior", ["steer", "followUp"] as const),
    }),
  steer: (r) => prune({ message: r.string("message"), images: decodeImages(r, "steer") }),
  follow_up: (r) => prune({ message: r.string("message"), images: decodeImages(r, "follow_up") }),
  abort: none,
  abort_and_prompt: (r) => prune({ message: r.string("message"), images: decodeImages(r, "abort_and_prompt") }),
  continue: none,
  clear_queue: (r) => prune({ lane: r.optOneOf("lane", ["steering", "followUp"] as const) }),
  get_settings: none,
  set_setting: (r) => ({ key: r.string("key"), value: settingValue(r) }),
  list_files: (r) => prune({ limit: r.optNumber("limit") }),
  checkpoint_list: none,
  checkpoint_diff: (r) => prune({ from: r.string("from"), to: r.optString("to") }),
  checkpoint_restore: (r) =>
    prune({ checkpoint: r.string("checkpoint"), paths: r.optStringArray("paths"), force: r.optBoolean("force") }),
  checkpoint_write: (r) => ({
    path: r.string("path"),
    content: r.string("content"),
    expectedHash: r.string("expectedHash"),
  }),
  get_state: none,
  get_messages: (r) => prune({ offset: r.optNumber("offset"), limit: r.optNumber("limit") }),
  get_commands: none,
  set_todos: (r) => ({ phases: decodeTodoPhases(r, "set_todos") }),
  set_host_tools: (r) => ({ tools: decodeHostTools(r) }),
  set_model: (r) => ({ provider: r.string("provider"), modelId: r.string("modelId") }),
  cycle_model: none,
  get_available_models: none,
  set_thinking_level: (r) => ({ level: r.oneOf("level", THINKING_LEVELS) }),
  cycle_thinking_level: none,
  get_available_thinking_levels: none,
  set_steering_mode: (r) => ({ mode: r.oneOf("mode", QUEUE_MODES) }),
  set_follow_up_mode: (r) => ({ mode: r.oneOf("mode", QUEUE_MODES) }),
  set_interrupt_mode: (r) => ({ mode: r.oneOf("mode", INTERRUPT_MODES) }),
  compact: (r) => prune({ customInstructions: r.optString("customInstructions") }),
  set_auto_compaction: (r) => ({ enabled: r.boolean("enabled") }),
  set_auto_retry: (r) => ({ enabled: r.boolean("enabled") }),
  abort_retry: none,
  bash: (r) => prune({ command: r.string("command"), excludeFromContext: r.optBoolean("excludeFromContext") }),
  abort_bash: none,
  new_session: (r) => prune({ parentSession: r.optString("parentSession") }),
  switch_session: (r) => ({ sessionPath: r.string("sessionPath") }),
  fork: (r) => ({ entryId: r.string("entryId") }),
  branch: (r) => ({ entryId: r.string("entryId") }),
  clone: none,
  get_fork_messages: none,
  get_branch_messages: none,
  get_entries: (r) => prune({ since: r.optString("since") }),
  get_tree: none,
  get_last_assistant_text: none,
  set_session_name: (r) => ({ name: r.string("name") }),
  get_session_stats: none,
  export_html: (r) => prune({ outputPath: r.optString("outputPath"), overwrite: r.optBoolean("overwrite") }),
};

function isKnownCommandType(type: string): type is RpcCommandType {
  return Object.hasOwn(DECODERS, type);
}

/** The string `id` of a command-like value, if it has one (used to answer failures, docs/protocol.md §2.5). */
export function commandIdOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const id = value["id"];
  return typeof id === "string" ? id : undefined;
}

/** The string `type` of a frame-like value, if it has one. */
export function frameTypeOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const type = value["type"];
  return typeof type === "string" ? type : undefined;
}

/**
 * Validate a parsed stdin value as a command. Errors: `Invalid command: expected a JSON object
 * with a string "type"`, `Unknown command: <type>`, or `<type>: "<field>" must be …`.
 */
export function decodeCommand(value: unknown): DecodeResult<RpcCommand> {
  return runDecoder(() => {
    const type = frameTypeOf(value);
    if (type === undefined || !isObject(value)) return fail(INVALID_COMMAND_ERROR);
    if (!isKnownCommandType(type)) return fail(`${UNKNOWN_COMMAND_ERROR_PREFIX}${type}`);
    const r = fieldReader(value, type);
    const id = r.optString("id");
    const fields = DECODERS[type](r);
    // The table is keyed by `type`, so fields + type form CommandMap[type]; TS cannot
    // correlate the indexed access with the key, hence the single assertion.
    const command = { ...fields, type } as RpcCommand;
    return id === undefined ? command : { ...command, id };
  });
}
