// The vim mode's state (docs/keybindings.md "Vim mode"): the mode, the keys of an unfinished
// command, the register, the last change for `.`, and the undo and redo snapshots. Pure data;
// vim-reducer.ts is the one function that changes it.

/** The store's vim actions: on or off, one key for the engine, back to NORMAL (Enter in VISUAL). */
export type VimOp = { op: "enable"; on: boolean } | { op: "key"; key: string } | { op: "normal" };

export type VimMode = "normal" | "insert" | "visual" | "visual_line";

/** What y and d put in the register, p and P take out; `linewise`: whole lines (yy, dd, V). */
export type Register = { text: string; linewise: boolean };

/** The prompt's text and cursor at one point: what u and Ctrl+R go back and forth between. */
export type Snapshot = { text: string; cursor: number };

/** A change `.` repeats: the command's keys without its count, and what the insert after it typed. */
export type Change = { keys: readonly string[]; count: number | undefined; inserted: string };

export type FindKey = "f" | "t" | "F" | "T";

export type VimState = {
  mode: VimMode;
  /** Keys of a normal- or visual-mode command not complete yet ("d2", "f", "ci"). */
  pending: readonly string[];
  /** Visual mode: where the selection started (the cursor is its other end). */
  anchor: number;
  register: Register | undefined;
  /** The column j and k keep through shorter lines (vim's curswant): set by j, k and $, dropped by other commands. */
  column: number | undefined;
  /** The last f t F T and its character, for ; and ,. */
  lastFind: { key: FindKey; char: string } | undefined;
  lastChange: Change | undefined;
  /**
   * The insert session in progress: the prompt before the command that opened it (for undo), the
   * text when typing began (what was typed is the difference, for `.`), and that command.
   */
  insert: { before: Snapshot; typedFrom: string; change: Change | undefined } | undefined;
  /** Older states first; the last is what u goes back to. */
  undo: readonly Snapshot[];
  redo: readonly Snapshot[];
};

/** Vim mode starts in INSERT, so the prompt takes typing at once, as without it. */
export const initialVim: VimState = {
  mode: "insert",
  pending: [],
  anchor: 0,
  register: undefined,
  column: undefined,
  lastFind: undefined,
  lastChange: undefined,
  insert: undefined,
  undo: [],
  redo: [],
};

/** How the footer names a mode (with the keys of a command being typed). */
export function vimModeLabel(vim: VimState): string {
  const name = { normal: "NORMAL", insert: "INSERT", visual: "VISUAL", visual_line: "VISUAL LINE" }[vim.mode];
  return vim.pending.length > 0 ? `${name} ${vim.pending.join("")}` : name;
}
