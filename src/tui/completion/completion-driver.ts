// Completion while typing: `/name` (built-ins the worker supports + get_commands) and
// `@path` (project files). Suggestions are shown as an editor widget (the live region budgets
// widget rows) and Tab applies the best one. No React: it watches the store.
import type { SlashCommand } from "../slash-registry.js";
import { sanitizeLine } from "../render/sanitize.js";
import { theme } from "../render/theme.js";
import { allSuggestions, commonPrefix, filterSuggestions, slashQuery, type SlashSuggestion } from "../slash/completion.js";
import type { WorkerCommands } from "../slash/index.js";
import type { Store } from "../state/store.js";
import { atReplacement, atToken, rankPaths } from "./at-completion.js";
import { listProjectFiles, withDirectories } from "./file-index.js";

export const COMPLETION_WIDGET = "agent-tui:completion";
const SHOWN = 6;
const FILES_TTL_MS = 30_000;

export type Completion =
  | { kind: "slash"; start: number; query: string; items: SlashSuggestion[] }
  | { kind: "at"; start: number; query: string; items: string[] };

export type CompletionDriver = {
  current(): Completion | undefined;
  /** Apply the best suggestion (Tab). Returns false when there is nothing to complete. */
  complete(): boolean;
  dispose(): void;
};

export type CompletionOptions = {
  store: Store;
  commands: () => readonly SlashCommand[];
  workerCommands: WorkerCommands;
  supported: (name: string) => boolean;
  cwd: string;
  listFiles?: (cwd: string) => string[];
  now?: () => number;
};

export function computeCompletion(
  text: string,
  cursor: number,
  sources: { slash: () => SlashSuggestion[]; files: () => readonly string[] },
): Completion | undefined {
  const q = slashQuery(text, cursor);
  if (q !== undefined) {
    const items = filterSuggestions(sources.slash(), q);
    if (items.length === 0 || (items.length === 1 && items[0]?.name === q)) return undefined;
    return { kind: "slash", start: 0, query: q, items };
  }
  const tok = atToken(text, cursor);
  if (tok) {
    const items = rankPaths(sources.files(), tok.query);
    if (items.length === 0 || (items.length === 1 && items[0] === tok.query)) return undefined;
    return { kind: "at", start: tok.start, query: tok.query, items };
  }
  return undefined;
}

export function completionLines(c: Completion): string[] {
  // File names and worker command names/descriptions are untrusted: sanitised before styling.
  const names = (c.kind === "slash" ? c.items.map((s) => `/${s.name}`) : c.items).map(sanitizeLine);
  const shown = names.slice(0, SHOWN).map((n, i) => (i === 0 ? theme.accent(n) : theme.muted(n)));
  const more = names.length > SHOWN ? theme.muted(` +${names.length - SHOWN}`) : "";
  const first = c.kind === "slash" ? c.items[0] : undefined;
  const tab = theme.muted("tab ›");
  return [`${tab} ${shown.join("  ")}${more}`, ...(first ? [theme.muted(sanitizeLine(`   ${first.description}${first.source !== "builtin" ? ` (${first.source})` : ""}`))] : [])];
}

export function createCompletionDriver(options: CompletionOptions): CompletionDriver {
  const { store } = options;
  const now = options.now ?? (() => Date.now());
  const listFiles = options.listFiles ?? listProjectFiles;
  let files: { at: number; paths: string[] } | undefined;
  let current: Completion | undefined;
  let lastKey = "";
  const sources = {
    slash: () => allSuggestions(options.commands(), options.workerCommands.list(), options.supported),
    files: () => {
      if (!files || now() - files.at > FILES_TTL_MS) files = { at: now(), paths: withDirectories(listFiles(options.cwd)) };
      return files.paths;
    },
  };
  const show = (c: Completion | undefined): void => {
    const had = current !== undefined;
    current = c;
    if (!c && !had) return;
    store.dispatch({ type: "ui_request", request: { kind: "widget", key: COMPLETION_WIDGET, lines: c ? completionLines(c) : undefined, placement: "belowEditor", ownStyling: true }, now: now() });
  };
  const update = (): void => {
    const s = store.getState();
    const key = `${s.editor.cursor}\u0000${s.editor.text}\u0000${s.ui.overlay ?? ""}\u0000${s.dialogs.length}`;
    if (key === lastKey) return;
    lastKey = key;
    if (s.ui.overlay !== undefined || s.dialogs.length > 0 || s.editor.pasting) return show(undefined);
    show(computeCompletion(s.editor.text, s.editor.cursor, sources));
  };
  const unsubscribe = store.subscribe(update);
  return {
    current: () => current,
    complete() {
      update();
      const c = current;
      if (!c) return false;
      let replacement: string;
      if (c.kind === "slash") {
        const prefix = commonPrefix(c.items.map((i) => i.name));
        const only = c.items.length === 1;
        replacement = !only && prefix.length > c.query.length ? `/${prefix}` : `/${c.items[0]?.name ?? c.query} `;
      } else {
        replacement = atReplacement(c.items[0] ?? c.query);
      }
      // Delete the typed token back to its start, then insert: the cursor ends after it.
      while (store.getState().editor.cursor > c.start) store.dispatch({ type: "editor", op: { op: "backspace" } });
      store.dispatch({ type: "editor", op: { op: "insert", text: replacement } });
      update();
      return true;
    },
    dispose() {
      unsubscribe();
      show(undefined);
    },
  };
}
