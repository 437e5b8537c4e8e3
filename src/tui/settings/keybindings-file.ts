// $AGENT_TUI_HOME/keybindings.json: read at start and again whenever it changes (fs.watch on
// the folder, since editors replace the file rather than write it; changes within a moment are
// read once). Every problem is reported with the file and its line; a file that cannot be read
// as a JSON object leaves the keys in force as they were. The keymap itself is a value
// (input/user-keymap.ts); this file only reads, watches and reports.
import { type FSWatcher, readFileSync, watch } from "node:fs";
import { join } from "node:path";
import type { KeymapSource } from "../input/keymap-context.js";
import { parseKeyBindings, type KeyProblem } from "../input/keybindings-parse.js";
import { DEFAULT_KEYMAP, type Keymap } from "../input/keymap.js";
import { applyKeyBindings } from "../input/user-keymap.js";

export const KEYBINDINGS_FILE = "keybindings.json";
/** Changes closer together than this are one edit (an editor's write, rename and chmod). */
const SETTLE_MS = 100;

export type KeyBindingsReport = { level: "info" | "warning" | "error"; text: string };
export type KeyBindings = KeymapSource & { path: string; close(): void };

/** The file's text, undefined when there is none, or the reason it cannot be read. */
function readText(path: string): { text: string | undefined } | { error: string } {
  try {
    return { text: readFileSync(path, "utf8") };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { text: undefined };
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** One notice for a reading: each problem on a line of its own, `file:line: what`. */
function describe(path: string, problems: KeyProblem[], whole: boolean, again: boolean): KeyBindingsReport {
  const lines = problems.map((p) => `${path}:${p.line}: ${p.message}`);
  const outcome = whole
    ? again
      ? "the key bindings in force stay as they were."
      : "every key keeps its default."
    : "the keys in force stay for those entries; the rest of the file applies.";
  return { level: "warning", text: [...lines, outcome].join("\n") };
}

/**
 * Read `home`/keybindings.json now and watch it. `report` gets a notice for every problem, and
 * for every reading after the first one line saying it was applied.
 */
export function loadKeyBindings(
  home: string,
  report: (r: KeyBindingsReport) => void,
  settleMs = SETTLE_MS,
): KeyBindings {
  const path = join(home, KEYBINDINGS_FILE);
  const listeners = new Set<() => void>();
  let keymap: Keymap = DEFAULT_KEYMAP;
  let lastText: string | undefined;
  const read = (again: boolean): void => {
    const got = readText(path);
    if ("error" in got) return report({ level: "warning", text: `${path}: cannot be read (${got.error})` });
    if (again && got.text === lastText) return;
    lastText = got.text;
    const parsed = parseKeyBindings(got.text ?? "");
    const applied = applyKeyBindings(parsed, keymap);
    keymap = applied.keymap;
    if (applied.problems.length > 0) report(describe(path, applied.problems, !parsed.ok, again));
    else if (again) report({ level: "info", text: `${path} read again: the key bindings are in force (/hotkeys).` });
    for (const l of listeners) l();
  };
  read(false);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(home, { persistent: false }, (_event, name) => {
      if (name !== null && name !== KEYBINDINGS_FILE) return;
      clearTimeout(timer);
      timer = setTimeout(() => read(true), settleMs);
    });
    watcher.on("error", (error) => report({ level: "warning", text: `${path}: no longer watched (${error.message})` }));
  } catch (error) {
    // No folder yet (nothing to bind) or no watching on this system: the file read at start stays.
    void error;
  }
  return {
    path,
    current: () => keymap,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
