// The keymap in force: the default tables with the usable entries of keybindings.json applied.
// An entry whose key another action of its context already has (a conflict) is left out and
// reported with its line; an action whose entry was left out keeps the keys it had (`previous`:
// the defaults at start, the last keymap in force when the file is read again). Pure.
import type { HeldAction, KeyEntry, KeyProblem, ParsedBindings } from "./keybindings-parse.js";
import { actionName } from "./keybindings-parse.js";
import {
  type Binding,
  DEFAULT_KEYMAP,
  KEY_CONTEXTS,
  type KeyContext,
  type Keymap,
  type KeyTable,
  keyTable,
} from "./keymap.js";

export type AppliedBindings = { keymap: Keymap; problems: KeyProblem[] };

/** Where an action's keys come from while a context is resolved. */
type Source = { kind: "default" } | { kind: "held" } | { kind: "file"; entry: KeyEntry };

const heldKey = (h: HeldAction): string => `${h.context}\u0000${h.action}`;

/** An action's keys and whether the file set them, by its source. */
function keysOf(action: string, source: Source, context: KeyContext, previous: Keymap) {
  const rows: ReadonlyArray<Binding<string>> = KEY_CONTEXTS[context];
  if (source.kind === "file") return { keys: source.entry.keys, fromFile: true };
  const table: KeyTable<string> = source.kind === "held" ? previous[context] : DEFAULT_KEYMAP[context];
  const row = table.bindings.find((b) => b.action === action) ?? rows.find((b) => b.action === action);
  return { keys: row?.keys ?? [], fromFile: table.fromFile.has(action) };
}

/** The first action, in claim order, that has a key another claimed first; undefined when none. */
function firstConflict(order: string[], sources: Map<string, Source>, keysFor: (a: string) => string[]) {
  const owner = new Map<string, string>();
  for (const action of order) {
    for (const key of keysFor(action)) {
      const first = owner.get(key);
      if (first !== undefined) return { action, key, owner: first, source: sources.get(action) };
      owner.set(key, action);
    }
  }
  return undefined;
}

/** One context's table: defaults claim their keys first, then held actions, then the file's entries by line. */
function resolveContext<C extends KeyContext>(
  context: C,
  entries: KeyEntry[],
  held: Set<string>,
  previous: Keymap,
  problems: KeyProblem[],
): KeyTable<string> {
  const rows: ReadonlyArray<Binding<string>> = KEY_CONTEXTS[context];
  const sources = new Map<string, Source>(rows.map((b) => [b.action, { kind: "default" }]));
  for (const b of rows) if (held.has(`${context}\u0000${b.action}`)) sources.set(b.action, { kind: "held" });
  for (const e of entries.filter((x) => x.context === context)) sources.set(e.action, { kind: "file", entry: e });
  const rank = (s: Source | undefined): number => (s?.kind === "file" ? 2 + s.entry.line : s?.kind === "held" ? 1 : 0);
  const keysFor = (a: string): string[] => keysOf(a, sources.get(a) ?? { kind: "default" }, context, previous).keys;
  for (;;) {
    const order = [...sources.keys()].sort((a, b) => rank(sources.get(a)) - rank(sources.get(b)));
    const c = firstConflict(order, sources, keysFor);
    if (!c) break;
    // The later claim gives way: a file entry to the keys it had, a held action to its default.
    sources.set(c.action, c.source?.kind === "file" ? { kind: "held" } : { kind: "default" });
    if (c.source?.kind === "file")
      problems.push({
        line: c.source.entry.line,
        message: `"${c.key}" is already ${actionName(context, c.owner)}'s key; ${c.source.entry.name} keeps its keys`,
      });
  }
  const fromFile = new Set<string>();
  const bindings = rows.map((b) => {
    const { keys, fromFile: mine } = keysOf(b.action, sources.get(b.action) ?? { kind: "default" }, context, previous);
    if (mine) fromFile.add(b.action);
    return { ...b, keys: [...keys] };
  });
  return keyTable(bindings, fromFile);
}

/**
 * The keymap for a parsed file. A file that is not a JSON object changes nothing (`previous`
 * stays in force); otherwise every context is resolved from the defaults again.
 */
export function applyKeyBindings(parsed: ParsedBindings, previous: Keymap = DEFAULT_KEYMAP): AppliedBindings {
  if (!parsed.ok) return { keymap: previous, problems: [parsed.problem] };
  const problems = [...parsed.problems];
  const held = new Set(parsed.held.map(heldKey));
  const table = (c: KeyContext): KeyTable<string> => resolveContext(c, parsed.entries, held, previous, problems);
  // Each table's rows are its context's default rows with other keys (resolveContext), so its
  // actions are that context's actions.
  const keymap: Keymap = {
    editor: table("editor") as Keymap["editor"],
    view: table("view") as Keymap["view"],
    picker: table("picker") as Keymap["picker"],
    dialog: table("dialog") as Keymap["dialog"],
    review: table("review") as Keymap["review"],
    fleet: table("fleet") as Keymap["fleet"],
    vim: table("vim") as Keymap["vim"],
  };
  problems.sort((a, b) => a.line - b.line);
  return { keymap, problems };
}
