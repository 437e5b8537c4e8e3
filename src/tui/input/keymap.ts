// THE keymap: one table of named actions with their keys and help text. Every key decision
// in the TUI goes through a resolve*Key function here (editor, dialog, picker, transcript
// view) or beside it (review-keymap.ts, fleet-keymap.ts); no raw key checks elsewhere.
import type { Key } from "ink";
import { FLEET_BINDINGS } from "./fleet-bindings.js";
import type { Binding } from "./key-binding.js";
import { chordName } from "./key-chord.js";
import { REVIEW_BINDINGS } from "./review-bindings.js";
import { VIM_BINDINGS } from "./vim-bindings.js";

export type { Binding } from "./key-binding.js";

export type EditorAction =
  | "submit"
  | "follow_up"
  | "newline"
  | "abort"
  | "history_prev"
  | "history_next"
  | "history_search"
  | "pull_queue"
  | "clear_or_exit"
  | "exit_or_delete"
  | "detach"
  | "take_control"
  | "cycle_thinking"
  | "cycle_model"
  | "select_model"
  | "complete"
  | "toggle_tool_output"
  | "open_transcript"
  | "toggle_thinking"
  | "external_editor"
  | "cursor_left"
  | "cursor_right"
  | "word_left"
  | "word_right"
  | "line_start"
  | "line_end"
  | "backspace"
  | "delete_word"
  | "kill_line"
  | "delete_to_line_start"
  | "undo"
  | "suspend"
  | "review_changes"
  | "rewind"
  | "open_fleet"
  | "paste_start"
  | "paste_end"
  | "paste_image";

export type DialogAction =
  | "up"
  | "down"
  | "confirm"
  | "cancel"
  | "yes"
  | "no"
  | "newline"
  | "backspace"
  | "scroll_up"
  | "scroll_down"
  | "paste_start"
  | "paste_end";

/** Keys of a picker (/model, /resume, /tree, /settings…); printable keys type its search. */
export type PickerAction =
  | "up"
  | "down"
  | "page_up"
  | "page_down"
  | "choose"
  | "cancel"
  | "backspace"
  /** The tree picker's own keys (pickers/tree.ts); other pickers ignore them. */
  | "fold"
  | "unfold"
  | "toggle_settings";

/** Keys of the full-screen transcript view (less / vim style). */
export type ViewKeyAction =
  | "close"
  | "line_down"
  | "line_up"
  | "page_down"
  | "page_up"
  | "half_down"
  | "half_up"
  | "scroll_down"
  | "scroll_up"
  | "top"
  | "bottom"
  | "next_prompt"
  | "prev_prompt"
  | "next_tool"
  | "prev_tool"
  | "toggle_block"
  | "expand_all"
  | "collapse_all"
  | "toggle_thinking"
  | "search"
  | "search_back"
  | "search_next"
  | "search_prev"
  | "copy_block"
  | "wheel_up"
  | "wheel_down";

/** The editor bindings. Keys are normalised names from `keyName`. Order = help order. */
export const EDITOR_BINDINGS: ReadonlyArray<Binding<EditorAction>> = [
  { action: "submit", keys: ["enter"], help: "send (steer while the agent works)" },
  { action: "follow_up", keys: ["alt+enter", "ctrl+f"], help: "queue as follow-up while the agent works" },
  { action: "newline", keys: ["shift+enter", "ctrl+j"], help: "new line (or \\ then enter)" },
  { action: "abort", keys: ["escape"], help: "abort the agent / cancel !cmd" },
  { action: "history_prev", keys: ["up"], help: "previous prompt (at the first line)" },
  { action: "history_next", keys: ["down"], help: "next prompt (at the last line)" },
  { action: "history_search", keys: ["ctrl+r"], help: "search prompt history (again: older match)" },
  { action: "pull_queue", keys: ["alt+up", "shift+up"], help: "pull queued messages back into the editor" },
  { action: "clear_or_exit", keys: ["ctrl+c"], help: "clear the editor; twice quickly to exit" },
  { action: "exit_or_delete", keys: ["ctrl+d"], help: "exit when the editor is empty" },
  { action: "detach", keys: ["ctrl+q"], help: "detach: leave, the session keeps running" },
  { action: "take_control", keys: ["alt+t"], help: "take control of a live session this terminal watches" },
  { action: "cycle_thinking", keys: ["shift+tab"], help: "cycle thinking level" },
  { action: "cycle_model", keys: ["ctrl+p"], help: "cycle models" },
  { action: "open_transcript", keys: ["ctrl+o"], help: "open the transcript view (every block in full; q returns)" },
  { action: "toggle_tool_output", keys: ["alt+o"], help: "longer/shorter tool output in new entries" },
  { action: "select_model", keys: ["ctrl+l"], help: "choose the model (picker)" },
  { action: "complete", keys: ["tab"], help: "complete /commands and @file paths (↑↓ choose, enter runs)" },
  { action: "toggle_thinking", keys: ["ctrl+t"], help: "show/hide thinking" },
  { action: "external_editor", keys: ["ctrl+g"], help: "edit the prompt in $VISUAL/$EDITOR" },
  { action: "cursor_left", keys: ["left", "ctrl+b"], help: "cursor left" },
  { action: "cursor_right", keys: ["right"], help: "cursor right" },
  { action: "word_left", keys: ["alt+left", "ctrl+left", "alt+b"], help: "word left" },
  { action: "word_right", keys: ["alt+right", "ctrl+right", "alt+f"], help: "word right" },
  { action: "line_start", keys: ["home", "ctrl+a"], help: "start of line" },
  { action: "line_end", keys: ["end", "ctrl+e"], help: "end of line" },
  { action: "backspace", keys: ["backspace", "delete"], help: "delete back" },
  { action: "delete_word", keys: ["ctrl+w", "alt+backspace", "alt+delete"], help: "delete word back" },
  { action: "kill_line", keys: ["ctrl+k"], help: "delete to end of line" },
  { action: "delete_to_line_start", keys: ["ctrl+u"], help: "delete to start of line" },
  { action: "undo", keys: ["ctrl+_", "ctrl+-"], help: "undo the last ctrl+k/ctrl+u, or text an extension replaced" },
  { action: "suspend", keys: ["ctrl+z"], help: "suspend to the shell (fg brings it back)" },
  { action: "review_changes", keys: ["alt+d"], help: "review the last turn's changes (/diff)" },
  // A key pressed twice quickly (SEQUENCE_MS); only on an empty editor while the agent is idle.
  { action: "rewind", keys: ["escape escape"], help: "on an empty editor: rewind files and conversation (/rewind)" },
  { action: "paste_image", keys: ["ctrl+v"], help: "attach the clipboard's image (@file.png or a dropped file too)" },
  { action: "open_fleet", keys: ["ctrl+x"], help: "the fleet: every live session here and on your hosts (/fleet)" },
  { action: "paste_start", keys: ["paste_start"], help: "" },
  { action: "paste_end", keys: ["paste_end"], help: "" },
];

/** Transcript view bindings; printable keys are named by their character. Order = help order. */
export const VIEW_BINDINGS: ReadonlyArray<Binding<ViewKeyAction>> = [
  { action: "close", keys: ["q", "escape", "ctrl+o", "ctrl+c"], help: "back to the live view" },
  { action: "line_down", keys: ["j", "down", "ctrl+n"], help: "cursor down a line" },
  { action: "line_up", keys: ["k", "up", "ctrl+p"], help: "cursor up a line" },
  { action: "page_down", keys: ["f", "pagedown", "ctrl+f"], help: "page down" },
  { action: "page_up", keys: ["b", "pageup", "ctrl+b"], help: "page up" },
  { action: "half_down", keys: ["d", "ctrl+d"], help: "half a page down" },
  { action: "half_up", keys: ["u", "ctrl+u"], help: "half a page up" },
  { action: "scroll_down", keys: ["ctrl+e"], help: "scroll a line down" },
  { action: "scroll_up", keys: ["ctrl+y"], help: "scroll a line up" },
  { action: "top", keys: ["g", "home", "<"], help: "top" },
  { action: "bottom", keys: ["G", "end", ">"], help: "bottom" },
  { action: "prev_prompt", keys: ["["], help: "previous prompt" },
  { action: "next_prompt", keys: ["]"], help: "next prompt" },
  { action: "prev_tool", keys: ["{"], help: "previous tool call" },
  { action: "next_tool", keys: ["}"], help: "next tool call" },
  { action: "toggle_block", keys: ["enter", " ", "o"], help: "fold/unfold the block under the cursor" },
  { action: "expand_all", keys: ["e", "+"], help: "unfold every block" },
  { action: "collapse_all", keys: ["c", "-"], help: "fold every block" },
  { action: "toggle_thinking", keys: ["t", "ctrl+t"], help: "show/hide all thinking" },
  { action: "search", keys: ["/"], help: "search forward (case-insensitive unless it has capitals)" },
  { action: "search_back", keys: ["?"], help: "search backward" },
  { action: "search_next", keys: ["n"], help: "next match" },
  { action: "search_prev", keys: ["N"], help: "previous match" },
  { action: "copy_block", keys: ["y"], help: "copy the block under the cursor (plain text)" },
  { action: "wheel_up", keys: ["wheel_up"], help: "" },
  { action: "wheel_down", keys: ["wheel_down"], help: "" },
];

export const DIALOG_BINDINGS: ReadonlyArray<Binding<DialogAction>> = [
  { action: "up", keys: ["up", "ctrl+p", "shift+tab"], help: "previous option" },
  { action: "down", keys: ["down", "ctrl+n", "tab"], help: "next option" },
  { action: "confirm", keys: ["enter"], help: "choose / submit" },
  { action: "cancel", keys: ["escape", "ctrl+c"], help: "cancel" },
  { action: "yes", keys: ["y", "Y"], help: "yes (confirm dialogs)" },
  { action: "no", keys: ["n", "N"], help: "no (confirm dialogs)" },
  { action: "newline", keys: ["shift+enter", "ctrl+j", "alt+enter"], help: "new line (editor dialogs)" },
  { action: "backspace", keys: ["backspace", "delete"], help: "delete back" },
  { action: "scroll_up", keys: ["pageup"], help: "scroll a long question up" },
  { action: "scroll_down", keys: ["pagedown"], help: "scroll a long question down" },
  { action: "paste_start", keys: ["paste_start"], help: "" },
  { action: "paste_end", keys: ["paste_end"], help: "" },
];

export const PICKER_BINDINGS: ReadonlyArray<Binding<PickerAction>> = [
  { action: "up", keys: ["up", "ctrl+p", "shift+tab"], help: "previous item" },
  { action: "down", keys: ["down", "ctrl+n", "tab"], help: "next item" },
  { action: "page_up", keys: ["pageup"], help: "a page up" },
  { action: "page_down", keys: ["pagedown"], help: "a page down" },
  { action: "choose", keys: ["enter"], help: "choose" },
  { action: "cancel", keys: ["escape", "ctrl+c"], help: "close without choosing" },
  { action: "backspace", keys: ["backspace", "delete"], help: "shorten the search" },
  { action: "fold", keys: ["left"], help: "/tree: fold the selected branch" },
  { action: "unfold", keys: ["right"], help: "/tree: unfold it" },
  { action: "toggle_settings", keys: ["ctrl+o"], help: "/tree: show or hide model and thinking changes" },
];

/**
 * The default tables by context, as keybindings.json names them: editor actions by their own
 * name, the others as `view.close`, `picker.up`, `dialog.confirm`, `review.revert_hunk`,
 * `fleet.answer`, `vim.redo`. A new context is a row here and in DEFAULT_KEYMAP and user-keymap.ts.
 */
export const KEY_CONTEXTS = {
  editor: EDITOR_BINDINGS,
  view: VIEW_BINDINGS,
  picker: PICKER_BINDINGS,
  dialog: DIALOG_BINDINGS,
  review: REVIEW_BINDINGS,
  fleet: FLEET_BINDINGS,
  vim: VIM_BINDINGS,
} as const;
export type KeyContext = keyof typeof KEY_CONTEXTS;
export type ContextAction<C extends KeyContext> = (typeof KEY_CONTEXTS)[C][number]["action"];

/** One context's keys in effect: the bindings (help order), their index, the actions the user's file set. */
export type KeyTable<A extends string> = {
  bindings: ReadonlyArray<Binding<A>>;
  index: ReadonlyMap<string, A>;
  fromFile: ReadonlySet<A>;
};
/** The keys in effect in every context: the defaults, or those with the user's file applied (user-keymap.ts). */
export type Keymap = { [C in KeyContext]: KeyTable<ContextAction<C>> };

export function keyTable<A extends string>(bindings: ReadonlyArray<Binding<A>>, fromFile = new Set<A>()): KeyTable<A> {
  const index = new Map<string, A>();
  for (const b of bindings) for (const k of b.keys) index.set(k, b.action);
  return { bindings, index, fromFile };
}

export const DEFAULT_KEYMAP: Keymap = {
  editor: keyTable(EDITOR_BINDINGS),
  view: keyTable(VIEW_BINDINGS),
  picker: keyTable(PICKER_BINDINGS),
  dialog: keyTable(DIALOG_BINDINGS),
  review: keyTable(REVIEW_BINDINGS),
  fleet: keyTable(FLEET_BINDINGS),
  vim: keyTable(VIM_BINDINGS),
};

/** Normalised key name ("ctrl+c", "alt+enter", "up", "paste_start"), or undefined for text. */
export function keyName(input: string, key: Key): string | undefined {
  if (input === "[200~") return "paste_start";
  // SGR mouse reports (on while the transcript view is up): button 64/65 are the wheel.
  const mouse = /^\[<(\d+);\d+;\d+[Mm]$/.exec(input);
  if (mouse) {
    const button = Number(mouse[1]);
    return (button & 64) !== 0 && (button & 2) === 0 ? ((button & 1) === 0 ? "wheel_up" : "wheel_down") : "mouse";
  }
  if (input === "[201~") return "paste_end";
  if (key.return) return key.meta ? "alt+enter" : key.shift ? "shift+enter" : key.ctrl ? "ctrl+enter" : "enter";
  if (input === "\n") return "ctrl+j";
  if (key.escape) return "escape";
  const mod = (base: string): string =>
    `${key.ctrl ? "ctrl+" : ""}${key.meta ? "alt+" : ""}${key.shift ? "shift+" : ""}${base}`;
  if (key.upArrow) return mod("up");
  if (key.downArrow) return mod("down");
  if (key.leftArrow) return mod("left");
  if (key.rightArrow) return mod("right");
  if (key.home) return "home";
  if (key.end) return "end";
  if (key.pageUp) return "pageup";
  if (key.pageDown) return "pagedown";
  if (key.tab) return key.shift ? "shift+tab" : "tab";
  if (key.backspace) return key.meta ? "alt+backspace" : "backspace";
  if (key.delete) return key.meta ? "alt+delete" : "delete";
  if (key.ctrl && input.length === 1) return `ctrl+${input.toLowerCase()}`;
  if (key.meta && input.length === 1) return `alt+${input}`;
  return undefined;
}

/** The action a context's table binds to a key: its whole chord first, then its looser name. */
function lookup<A extends string>(table: KeyTable<A>, input: string, key: Key, loose: string): A | undefined {
  const chord = chordName(input, key, loose);
  return (chord !== undefined ? table.index.get(chord) : undefined) ?? table.index.get(loose);
}

/**
 * What a key with no name inserts: its input, unless that is one control character (with or
 * without Alt's ESC): Alt+Ctrl+U arrives as ESC + U+0015 and would otherwise type an invisible
 * character into the text.
 */
function typedText(input: string): { text: string } | undefined {
  const bare = input.length === 2 && input.charCodeAt(0) === 0x1b ? input.slice(1) : input;
  const code = bare.length === 1 ? bare.charCodeAt(0) : -1;
  const control = (code >= 0 && code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
  return input === "" || control ? undefined : { text: input };
}

/** Editor action for a keypress, or `{ text }` for plain input to insert. */
export function resolveEditorKey(
  input: string,
  key: Key,
  keymap: Keymap = DEFAULT_KEYMAP,
): { action: EditorAction } | { text: string } | undefined {
  const name = keyName(input, key);
  if (name === undefined) return typedText(input);
  const action = lookup(keymap.editor, input, key, name);
  return action ? { action } : undefined;
}

/** Dialog action for a keypress (y/n only count as actions in confirm dialogs). */
export function resolveDialogKey(
  input: string,
  key: Key,
  acceptsYesNo: boolean,
  keymap: Keymap = DEFAULT_KEYMAP,
): { action: DialogAction } | { text: string } | undefined {
  const name = keyName(input, key);
  if (name === undefined) {
    if (acceptsYesNo && input.length === 1) {
      const a = keymap.dialog.index.get(input);
      if (a === "yes" || a === "no") return { action: a };
    }
    return typedText(input);
  }
  const action = lookup(keymap.dialog, input, key, name);
  return action ? { action } : undefined;
}

/** Picker action for a keypress, or `{ text }` to type into its search. */
export function resolvePickerKey(
  input: string,
  key: Key,
  keymap: Keymap = DEFAULT_KEYMAP,
): { action: PickerAction } | { text: string } | undefined {
  const name = keyName(input, key);
  if (name === undefined) return typedText(input);
  const action = lookup(keymap.picker, input, key, name);
  return action ? { action } : undefined;
}

/**
 * The transcript view's keypresses in one input event. Every printable key is a command
 * there, and keys typed faster than one read arrive as one chunk of text ("/q", "jjj"): that
 * is one key per character. What is left of an escape sequence Ink did not know ("[" and
 * more, its ESC already removed) is no key at all.
 */
export function viewKeypresses(input: string, key: Key): Array<{ input: string; key: Key }> {
  const chars = Array.from(input);
  if (chars.length <= 1 || keyName(input, key) !== undefined) return [{ input, key }];
  if (input.startsWith("[")) return [];
  return chars.map((ch) => ({ input: ch, key: { ...key, shift: ch !== ch.toLowerCase() } }));
}

/**
 * The action of a keypress in a view whose bindings name printable keys by their character
 * (the transcript view, the review, the fleet): a named key (its whole chord first), else the
 * one character typed.
 */
export function printableKeyAction<A extends string>(table: KeyTable<A>, input: string, key: Key): A | undefined {
  const named = keyName(input, key);
  if (named !== undefined) return lookup(table, input, key, named);
  return Array.from(input).length === 1 ? table.index.get(input) : undefined;
}

/** Transcript view action for a keypress (printable keys by their character). */
export function resolveViewKey(input: string, key: Key, keymap: Keymap = DEFAULT_KEYMAP): ViewKeyAction | undefined {
  return printableKeyAction(keymap.view, input, key);
}

/** How a key name reads on screen: "alt+up" -> "Alt+Up". */
export function displayKey(name: string): string {
  return name
    .split("+")
    .map((part) => (part.length === 1 ? part.toUpperCase() : `${part[0]?.toUpperCase() ?? ""}${part.slice(1)}`))
    .join("+");
}

/** The first key of an editor action, as shown in hints ("Alt+Up"). */
export function actionKey(action: EditorAction, keymap: Keymap = DEFAULT_KEYMAP): string {
  const key = keymap.editor.bindings.find((b) => b.action === action)?.keys[0];
  return key === undefined ? action : displayKey(key);
}
