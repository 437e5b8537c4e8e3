// The `/` completion model: built-in commands (only those the worker supports) plus the
// worker's get_commands (extension commands, prompt templates, skills), filtered by what is
// typed after the slash, with descriptions. Pure; the driver shows it and Tab applies it.
import type { SlashCommandInfo } from "../../bridge/index.js";
import type { SlashCommand } from "./slash-registry.js";
import { fuzzyFilter } from "../state/fuzzy.js";

export type SlashSuggestion = {
  name: string;
  description: string;
  source: "builtin" | "extension" | "prompt" | "skill";
};

/** The `/name` being typed, or undefined when the editor is not at a command name. */
/** Longest command name completed (a longer "name" is text, not a command being typed). */
const NAME_MAX = 64;

export function slashQuery(text: string, cursor: number): string | undefined {
  if (text[0] !== "/" || cursor > text.length || cursor > NAME_MAX) return undefined;
  const head = text.slice(0, cursor);
  if (/\s/.test(head)) return undefined; // past the name: arguments are not completed
  return head.slice(1);
}

export function allSuggestions(
  builtins: readonly SlashCommand[],
  worker: readonly SlashCommandInfo[],
  supported: (name: string) => boolean,
): SlashSuggestion[] {
  const out: SlashSuggestion[] = [];
  const seen = new Set<string>();
  for (const c of builtins) {
    if (seen.has(c.name) || !supported(c.name)) continue;
    seen.add(c.name);
    out.push({ name: c.name, description: c.description, source: "builtin" });
  }
  for (const c of worker) {
    if (seen.has(c.name)) continue; // a built-in of the same name wins (the controller runs it)
    seen.add(c.name);
    out.push({ name: c.name, description: c.description ?? c.source, source: c.source });
  }
  return out;
}

/** Suggestions for `query`: names starting with it first, then fuzzy matches. */
export function filterSuggestions(all: readonly SlashSuggestion[], query: string): SlashSuggestion[] {
  const q = query.toLowerCase();
  // The exact name first (Enter runs what was typed), then names starting with it.
  const prefix = all
    .filter((s) => s.name.toLowerCase().startsWith(q))
    .sort((a, b) => Number(b.name.toLowerCase() === q) - Number(a.name.toLowerCase() === q));
  const rest = fuzzyFilter(
    all.filter((s) => !s.name.toLowerCase().startsWith(q)),
    q,
    (s) => s.name,
  );
  return [...prefix, ...rest];
}

/** Longest common prefix of the names (what Tab can insert without choosing). */
export function commonPrefix(names: readonly string[]): string {
  if (names.length === 0) return "";
  let p = names[0] ?? "";
  for (const n of names) while (!n.toLowerCase().startsWith(p.toLowerCase())) p = p.slice(0, -1);
  return p;
}
