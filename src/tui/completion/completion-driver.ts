// Completion while typing: `/name` (built-ins the worker supports + its get_commands) and
// `@path` (project files: local, or the worker's own through a read-only command). A store
// deriver keeps `state.completion` in step with the editor in the same dispatch, so the list
// under the editor never lags a keystroke; the keys that move and apply it are completion-keys.ts.
import type { SlashCommand } from "../slash/slash-registry.js";
import { allSuggestions } from "../slash/completion.js";
import { textBeforeCursor } from "../state/editor.js";
import type { Store } from "../state/store.js";
import type { TuiState } from "../state/types.js";
import type { CompletionMenu } from "../state/types.js";
import { computeMenu } from "./completion-menu.js";
import { listProjectFiles, withDirectories } from "./file-index.js";

const FILES_TTL_MS = 30_000;
/** Text before the cursor the menu is computed from: more than an `@path` (1,024) or a `/name` is read. */
const MENU_WINDOW = 2048;

/** Where `@` candidates come from. */
export type FileSource =
  | { kind: "local"; cwd: string; list?: (cwd: string) => string[]; note?: string }
  /** The worker lists its own files (e.g. over ssh); resolves with paths relative to its cwd. */
  | { kind: "worker"; list: () => Promise<string[]> };

export type CompletionOptions = {
  store: Store;
  commands: () => readonly SlashCommand[];
  supported: (name: string) => boolean;
  /** Chosen per use: the worker may turn out to list files itself only after start-up. */
  files: () => FileSource;
  now?: () => number;
};

export type CompletionDriver = {
  /** Recompute the list for the editor as it is (the worker's file list arrived). */
  refresh(): void;
  dispose(): void;
};

/** The editor state the menu depends on: it is recomputed only when this changes. */
type MenuInputs = {
  text: string;
  cursor: number;
  overlay: string | undefined;
  dialogs: number;
  pasting: boolean;
  searching: boolean;
  /** The worker's commands (a list that arrives after `/` was typed joins the menu on screen). */
  workerCommands: TuiState["worker"]["slashCommands"];
};

function menuInputs(s: TuiState): MenuInputs {
  return {
    text: s.editor.text,
    cursor: s.editor.cursor,
    overlay: s.ui.overlay,
    dialogs: s.dialogs.length,
    pasting: s.editor.pasting,
    searching: s.editor.search !== undefined,
    workerCommands: s.worker.slashCommands,
  };
}

// Compared field by field: gluing the text into one key string would copy the whole prompt on
// every key (a 1 MB paste is a megabyte per keystroke).
function sameInputs(a: MenuInputs | undefined, b: MenuInputs): boolean {
  return (
    a !== undefined &&
    a.text === b.text &&
    a.cursor === b.cursor &&
    a.overlay === b.overlay &&
    a.dialogs === b.dialogs &&
    a.pasting === b.pasting &&
    a.searching === b.searching &&
    a.workerCommands === b.workerCommands
  );
}

export function createCompletionDriver(options: CompletionOptions): CompletionDriver {
  const { store } = options;
  const now = options.now ?? (() => Date.now());
  /** `root`: the folder a local list was made in (an attach may move the worker to another). */
  let files: { at: number; source: FileSource["kind"]; root?: string; paths: string[] } | undefined;
  let fetching = false;
  let last: MenuInputs | undefined;

  const compute = (s: TuiState): CompletionMenu | undefined => {
    if (s.ui.overlay !== undefined || s.dialogs.length > 0 || s.editor.pasting || s.editor.search) return undefined;
    const slash = () => allSuggestions(options.commands(), s.worker.slashCommands, options.supported);
    // The menu looks only just before the cursor (a `/name` at the start, an `@path`): it gets
    // that much of the prompt, never all of it, so a key costs the same in a 1 MB prompt.
    const near = textBeforeCursor(s.editor, MENU_WINDOW);
    const menu = computeMenu(near.text, s.editor.cursor - near.start, { slash, files: filePaths, filesNote });
    return menu && near.start > 0 ? { ...menu, start: menu.start + near.start, end: menu.end + near.start } : menu;
  };
  const filesNote = (): string | undefined => {
    const source = options.files();
    return source.kind === "local" ? source.note : undefined;
  };
  const filePaths = (): readonly string[] | undefined => {
    const source = options.files();
    const root = source.kind === "local" ? source.cwd : undefined;
    const fresh = files && files.source === source.kind && files.root === root && now() - files.at <= FILES_TTL_MS;
    if (fresh && files) return files.paths;
    if (source.kind === "local") {
      const paths = withDirectories((source.list ?? listProjectFiles)(source.cwd));
      files = { at: now(), source: "local", root: source.cwd, paths };
      return files.paths;
    }
    if (!fetching) {
      fetching = true;
      source.list().then(
        (paths) => {
          files = { at: now(), source: "worker", paths: withDirectories(paths) };
          fetching = false;
          refresh();
        },
        (error: unknown) => {
          fetching = false;
          // Remember the failure as an empty list for a while: no retry storm on every key.
          files = { at: now(), source: "worker", paths: [] };
          const reason = error instanceof Error ? error.message : String(error);
          store.dispatch({
            type: "toast",
            level: "warning",
            text: `Could not list the worker's files: ${reason}`,
            now: now(),
          });
          refresh();
        },
      );
    }
    // A stale list is better than none while the new one is on its way.
    return files?.paths;
  };
  /** Recompute for the current editor (the file list arrived). */
  const refresh = (): void => {
    const s = store.getState();
    store.dispatch({ type: "completion", menu: compute(s) });
  };

  const removeDeriver = store.derive((s) => {
    const inputs = menuInputs(s);
    if (sameInputs(last, inputs)) return s;
    last = inputs;
    const menu = compute(s);
    return menu === undefined && s.completion === undefined ? s : { ...s, completion: menu };
  });
  return {
    refresh,
    dispose() {
      removeDeriver();
      store.dispatch({ type: "completion", menu: undefined });
    },
  };
}
