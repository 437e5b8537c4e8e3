// keybindings.json read into entries: a JSON object from action names (as /hotkeys lists them:
// editor actions by name, the others as view.close, picker.up, dialog.confirm) to lists of keys,
// each key in its canonical form (key-names.ts). What cannot be used is a problem with its line;
// the entry is left out, so the key in force stays for it (user-keymap.ts). Pure.
import { memberLines, lineAt } from "./json-lines.js";
import { parseUserKey } from "./key-names.js";
import { KEY_CONTEXTS, type KeyContext } from "./keymap.js";

/** One usable entry of the file: an action of a context and the keys it gets ([] unbinds it). */
export type KeyEntry = { context: KeyContext; action: string; name: string; keys: string[]; line: number };
export type KeyProblem = { line: number; message: string };
/** An action of the file whose entry has a problem: the keys in force stay for it. */
export type HeldAction = { context: KeyContext; action: string };
export type ParsedBindings =
  | { ok: true; entries: KeyEntry[]; held: HeldAction[]; problems: KeyProblem[] }
  /** Not a JSON object: nothing of it is used. */
  | { ok: false; problem: KeyProblem };

const CONTEXT_NAMES = Object.keys(KEY_CONTEXTS) as KeyContext[];

/** The name keybindings.json and /hotkeys give `action` of `context`. */
export function actionName(context: KeyContext, action: string): string {
  return context === "editor" ? action : `${context}.${action}`;
}

/** Every action a user may bind: those with help text (the paste markers and the wheel are plumbing). */
function bindable(context: KeyContext, action: string): boolean {
  const rows: ReadonlyArray<{ action: string; help: string }> = KEY_CONTEXTS[context];
  return rows.some((b) => b.action === action && b.help !== "");
}

/** "view.close" -> the view's close action; a bare name is the editor's. */
function findAction(name: string): { context: KeyContext; action: string } | undefined {
  const dot = name.indexOf(".");
  const prefix = dot === -1 ? "editor" : name.slice(0, dot);
  const action = dot === -1 ? name : name.slice(dot + 1);
  const context = CONTEXT_NAMES.find((c) => c === prefix);
  return context !== undefined && bindable(context, action) ? { context, action } : undefined;
}

/** Where JSON.parse stopped, as a line, when its message says (Node gives a position). */
function errorLine(text: string, error: unknown): number {
  const m = /position (\d+)/.exec(error instanceof Error ? error.message : "");
  return m ? lineAt(text, Number(m[1])) : 1;
}

/** One member of the file: its entry, or the problems that keep it out. */
function readEntry(
  name: string,
  value: unknown,
  lines: { line: number; items: number[] },
): { entry: KeyEntry } | { problems: KeyProblem[]; held?: HeldAction } {
  const { line } = lines;
  const found = findAction(name);
  if (!found) return { problems: [{ line, message: `unknown action "${name}" (/hotkeys lists the names)` }] };
  if (!Array.isArray(value) || value.some((k) => typeof k !== "string"))
    return {
      problems: [{ line, message: `"${name}" needs a list of keys, e.g. ["ctrl+g"], or [] to unbind it` }],
      held: found,
    };
  const keys: string[] = [];
  const problems: KeyProblem[] = [];
  value.forEach((written: string, n) => {
    const parsed = parseUserKey(written, found.context);
    if ("error" in parsed) problems.push({ line: lines.items[n] ?? line, message: `"${written}": ${parsed.error}` });
    else if (!keys.includes(parsed.key)) keys.push(parsed.key);
  });
  return problems.length > 0 ? { problems, held: found } : { entry: { ...found, name, keys, line } };
}

/** The file's text -> its usable entries and its problems, or why none of it can be used. */
export function parseKeyBindings(text: string): ParsedBindings {
  if (text.trim() === "") return { ok: true, entries: [], held: [], problems: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: { line: errorLine(text, error), message: `not valid JSON (${reason})` } };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return { ok: false, problem: { line: 1, message: 'not a JSON object like {"open_transcript": ["ctrl+g"]}' } };
  const lines = memberLines(text);
  const entries: KeyEntry[] = [];
  const held: HeldAction[] = [];
  const problems: KeyProblem[] = [];
  for (const [name, value] of Object.entries(data)) {
    const read = readEntry(name, value, lines.get(name) ?? { line: 1, items: [] });
    if ("entry" in read) entries.push(read.entry);
    else {
      problems.push(...read.problems);
      if (read.held) held.push(read.held);
    }
  }
  return { ok: true, entries, held, problems };
}
