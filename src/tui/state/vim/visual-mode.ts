// VISUAL (v) and VISUAL LINE (V) modes in the vim engine: motions move the cursor while the
// anchor stays, i/a with an object select it, and d x y c s J ~ p act on the selection and go
// back to NORMAL (or INSERT for c and s). `.` does not repeat a visual change.
import { parseCommand } from "./command-parse.js";
import { applyOperator, joinLines, lineRange, type OpRange, toggleCase } from "./edits.js";
import { enterInsert } from "./insert-mode.js";
import { applyMotion, isFindKey } from "./motions.js";
import { textObject } from "./text-objects.js";
import { clampNormal, lineIndex } from "./text-lines.js";
import { commitEdit, setText, type VimResult } from "./vim-edit.js";
import type { VimState } from "./vim-types.js";

/** The selection: from the anchor to the cursor, both characters included, or their whole lines. */
export function visualRange(t: string, vim: VimState, cursor: number): OpRange {
  const lo = Math.min(vim.anchor, cursor);
  const hi = Math.max(vim.anchor, cursor);
  return vim.mode === "visual_line"
    ? lineRange(t, lo, hi)
    : { start: lo, end: Math.min(t.length, hi + 1), linewise: false };
}

const toNormal = (vim: VimState): VimState => ({ ...vim, mode: "normal", pending: [] });

function actOnSelection(r: VimResult, key: string): VimResult {
  const t = r.editor.text;
  const cursor = r.editor.cursor;
  const lines = key === "D" || key === "X" || key === "Y" || key === "S" || key === "C";
  const range = lines ? lineRange(t, r.vim.anchor, cursor) : visualRange(t, r.vim, cursor);
  const normal = { editor: r.editor, vim: toNormal(r.vim) };
  switch (key) {
    case "d":
    case "x":
    case "D":
    case "X":
      return commitEdit(normal, applyOperator(t, "d", range, range.start), undefined);
    case "y":
    case "Y":
      return commitEdit(normal, applyOperator(t, "y", range, range.start), undefined);
    case "c":
    case "s":
    case "C":
    case "S":
      return enterInsert(normal, applyOperator(t, "c", range, range.start), undefined);
    case "~":
      return commitEdit(normal, { text: toggleCase(t, range.start, range.end), cursor: range.start }, undefined);
    case "J": {
      const count = lineIndex(t, range.end) - lineIndex(t, range.start) + 1;
      return commitEdit(normal, joinLines(t, range.start, count), undefined);
    }
    case "p": {
      // The selection is replaced by the register, and the register takes the selection.
      const reg = r.vim.register;
      if (!reg) return normal;
      const text = t.slice(0, range.start) + reg.text + t.slice(range.end);
      const edit = {
        text,
        cursor: range.start + Math.max(0, reg.text.length - 1),
        register: { text: t.slice(range.start, range.end), linewise: range.linewise },
      };
      return commitEdit(normal, edit, undefined);
    }
    default:
      return r;
  }
}

function switchMode(r: VimResult, key: string): VimResult {
  const t = r.editor.text;
  if (key === "o") {
    return { editor: setText(r.editor, t, r.vim.anchor), vim: { ...r.vim, anchor: r.editor.cursor } };
  }
  const mode = key === "v" ? "visual" : "visual_line";
  if (r.vim.mode === mode)
    return { editor: setText(r.editor, t, clampNormal(t, r.editor.cursor)), vim: toNormal(r.vim) };
  return { editor: r.editor, vim: { ...r.vim, mode } };
}

/** One key in VISUAL or VISUAL LINE mode. */
export function visualKey(r: VimResult, key: string): VimResult {
  const t = r.editor.text;
  if (key === "escape") return { editor: setText(r.editor, t, clampNormal(t, r.editor.cursor)), vim: toNormal(r.vim) };
  const keys = [...r.vim.pending, key];
  const cmd = parseCommand(keys, true);
  if (cmd === "incomplete") return { editor: r.editor, vim: { ...r.vim, pending: keys } };
  const ready = { editor: r.editor, vim: { ...r.vim, pending: [] } };
  if (cmd === "invalid" || cmd.kind === "operator") return ready;
  if (cmd.kind === "select") {
    const found = textObject(t, r.editor.cursor, cmd.around, cmd.char);
    if (!found || found.end <= found.start) return ready;
    return { editor: setText(r.editor, t, found.end - 1), vim: { ...ready.vim, mode: "visual", anchor: found.start } };
  }
  if (cmd.kind === "simple") {
    return cmd.key === "o" || cmd.key === "v" || cmd.key === "V"
      ? switchMode(ready, cmd.key)
      : actOnSelection(ready, cmd.key);
  }
  const to = applyMotion(t, r.editor.cursor, cmd.motion, cmd.count, { lastFind: r.vim.lastFind, forOperator: false });
  const vim =
    isFindKey(cmd.motion.key) && cmd.motion.char !== undefined
      ? { ...ready.vim, lastFind: { key: cmd.motion.key, char: cmd.motion.char } }
      : ready.vim;
  // j and k stop at the edges here: a selection does not reach into history.
  if (!to || to.history !== undefined) return { editor: r.editor, vim };
  return { editor: setText(r.editor, t, clampNormal(t, to.pos)), vim };
}
