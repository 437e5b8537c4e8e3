// oh-my-pi's slash commands (its `available_commands_update` event and `get_available_commands`
// answer, outside the protocol) as the protocol's SlashCommandInfo, so the UI completes them like
// get_commands' list. Tolerant: items without a usable name are skipped, never a throw.
import { isRecord } from "./client-values.js";
import type { SlashCommandInfo } from "./wire-types.js";

/** What a slash command may be called (it is typed after `/`). */
const COMMAND_NAME = /^[A-Za-z0-9_:.-]+$/;

/** omp's source (builtin, custom, extension, file, skill) → the completion's worker sources. */
function sourceOf(source: unknown): SlashCommandInfo["source"] {
  if (source === "skill") return "skill";
  if (source === "file" || source === "prompt") return "prompt";
  return "extension";
}

/**
 * omp's command list (`{commands: [{name, description?, input?: {hint}, source}]}`) →
 * SlashCommandInfo[]; bad items are skipped.
 */
export function decodeAvailableCommands(data: unknown): SlashCommandInfo[] {
  const items = isRecord(data) && Array.isArray(data["commands"]) ? data["commands"] : [];
  const out: SlashCommandInfo[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item["name"] !== "string" || !COMMAND_NAME.test(item["name"])) continue;
    const input = item["input"];
    const hint = isRecord(input) && typeof input["hint"] === "string" ? ` ${input["hint"]}` : "";
    const description = typeof item["description"] === "string" ? `${item["description"]}${hint}` : undefined;
    const command: SlashCommandInfo = { name: item["name"], source: sourceOf(item["source"]) };
    out.push(description !== undefined ? { ...command, description } : command);
  }
  return out;
}
