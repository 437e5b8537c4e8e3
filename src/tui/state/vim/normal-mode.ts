// NORMAL mode in the vim engine: a key joins the pending command until the grammar
// (command-parse.ts) says it is complete, then the command runs: a motion moves the cursor,
// an operator edits a range, a command of its own (x p u i o . …) does its one thing.
import { reduceEditor } from "../editor.js";
import { type Command, type Operator, parseCommand, type Target } from "./command-parse.js";
import { applyOperator, joinLines, lineRange, type OpRange, put, replaceChars, toggleCase } from "./edits.js";
import { enterInsert, insertKey } from "./insert-mode.js";
import { applyMotion, isFindKey, type Motion } from "./motions.js";
import { textObject } from "./text-objects.js";
import { clampNormal, firstNonBlank, lineCount, lineEnd, lineIndex, lineStart, lineStartOf } from "./text-lines.js";
import { commitEdit, setText, undoRedo, type VimResult } from "./vim-edit.js";
import type { Change, VimState } from "./vim-types.js";

/** The find a motion makes the one ; and , repeat. */
function withFind(vim: VimState, motion: Motion): VimState {
  return isFindKey(motion.key) && motion.char !== undefined
    ? { ...vim, lastFind: { key: motion.key, char: motion.char } }
    : vim;
}

/** The column j and k go on keeping after `motion` ($: every line's end), as vim's curswant. */
function keptColumn(t: string, cursor: number, vim: VimState, motion: Motion): number | undefined {
  if (motion.key === "$") return Number.MAX_SAFE_INTEGER;
  if (motion.key !== "j" && motion.key !== "k") return undefined;
  return vim.column ?? cursor - lineStart(t, cursor);
}

function moveBy(r: VimResult, motion: Motion, count: number | undefined): VimResult {
  const t = r.editor.text;
  const ctx = { lastFind: r.vim.lastFind, forOperator: false, column: r.vim.column };
  const to = applyMotion(t, r.editor.cursor, motion, count, ctx);
  const vim = { ...withFind(r.vim, motion), column: keptColumn(t, r.editor.cursor, r.vim, motion) };
  if (!to) return { editor: r.editor, vim };
  if (to.history !== undefined) {
    // j and k at the edge recall history as ↑ ↓ do (docs/keybindings.md "Vim mode").
    const editor = reduceEditor(r.editor, { op: to.history === -1 ? "up" : "down" });
    return { editor: setText(editor, editor.text, clampNormal(editor.text, editor.cursor)), vim };
  }
  return { editor: setText(r.editor, t, clampNormal(t, to.pos)), vim };
}

/**
 * The range an operator takes, and where y leaves the cursor. An exclusive motion that ends at
 * a later line's first word stops at the end of the line before it (dw on a line's last word).
 */
function operatorRange(
  r: VimResult,
  op: Operator,
  target: Target,
  count: number | undefined,
): { range: OpRange; yankAt: number } | undefined {
  const t = r.editor.text;
  const cursor = r.editor.cursor;
  if (target.kind === "line") {
    const last = lineStartOf(t, Math.min(lineCount(t) - 1, lineIndex(t, cursor) + (count ?? 1) - 1));
    return { range: lineRange(t, cursor, last), yankAt: cursor };
  }
  if (target.kind === "object") {
    const found = textObject(t, cursor, target.around, target.char);
    return found && { range: { ...found, linewise: false }, yankAt: found.start };
  }
  let motion = target.motion;
  // cw on a word changes to its end, not to the next word (vim's special case).
  if (op === "c" && (motion.key === "w" || motion.key === "W") && !/\s/.test(t[cursor] ?? " "))
    motion = { key: motion.key === "w" ? "e" : "E" };
  const to = applyMotion(t, cursor, motion, count, { lastFind: r.vim.lastFind, forOperator: true });
  if (!to) return undefined;
  if (to.linewise) return { range: lineRange(t, cursor, to.pos), yankAt: Math.min(cursor, to.pos) };
  const start = Math.min(cursor, to.pos);
  let end = to.pos >= cursor ? to.pos + (to.inclusive ? 1 : 0) : cursor;
  // Ending at a later line's first word (after its indent), it ends at the line break before.
  const lineBreak = to.inclusive ? -1 : t.lastIndexOf("\n", end - 1);
  if (lineBreak > start && /^[ \t]*$/.test(t.slice(lineBreak + 1, end))) end = lineBreak;
  return { range: { start, end: Math.min(end, t.length), linewise: false }, yankAt: start };
}

function runOperator(r: VimResult, cmd: Extract<Command, { kind: "operator" }>, change: Change): VimResult {
  const found = operatorRange(r, cmd.op, cmd.target, cmd.count);
  const vim = cmd.target.kind === "motion" ? withFind(r.vim, cmd.target.motion) : r.vim;
  if (!found) return { editor: r.editor, vim };
  const edit = applyOperator(r.editor.text, cmd.op, found.range, found.yankAt);
  if (edit.insert) return enterInsert({ editor: r.editor, vim }, edit, change);
  return commitEdit({ editor: r.editor, vim }, edit, cmd.op === "d" ? change : undefined);
}

/** The commands of one letter that are an operator with a motion: x is dl, D is d$, s is cl… */
const SHORTHANDS: Record<string, { op: Operator; target: Target }> = {
  x: { op: "d", target: { kind: "motion", motion: { key: "l" } } },
  X: { op: "d", target: { kind: "motion", motion: { key: "h" } } },
  D: { op: "d", target: { kind: "motion", motion: { key: "$" } } },
  C: { op: "c", target: { kind: "motion", motion: { key: "$" } } },
  s: { op: "c", target: { kind: "motion", motion: { key: "l" } } },
  S: { op: "c", target: { kind: "line" } },
  Y: { op: "y", target: { kind: "line" } },
};

/** Where i a I A o O start typing, and the line o and O open. */
function insertAt(t: string, cursor: number, key: string): { text: string; cursor: number } {
  const end = lineEnd(t, cursor);
  if (key === "a") return { text: t, cursor: Math.min(end, cursor + 1) };
  if (key === "I") return { text: t, cursor: firstNonBlank(t, cursor) };
  if (key === "A") return { text: t, cursor: end };
  if (key === "o") return { text: `${t.slice(0, end)}\n${t.slice(end)}`, cursor: end + 1 };
  if (key === "O") {
    const start = lineStart(t, cursor);
    return { text: `${t.slice(0, start)}\n${t.slice(start)}`, cursor: start };
  }
  return { text: t, cursor };
}

function runSimple(r: VimResult, cmd: Extract<Command, { kind: "simple" }>, change: Change): VimResult {
  const t = r.editor.text;
  const cursor = r.editor.cursor;
  const n = cmd.count ?? 1;
  const short = SHORTHANDS[cmd.key];
  if (short) return runOperator(r, { kind: "operator", count: cmd.count, ...short }, change);
  switch (cmd.key) {
    case "i":
    case "a":
    case "I":
    case "A":
    case "o":
    case "O":
      return enterInsert(r, insertAt(t, cursor, cmd.key), change);
    case "p":
    case "P":
      return r.vim.register ? commitEdit(r, put(t, cursor, r.vim.register, cmd.key === "P", n), change) : r;
    case "u":
    case "ctrl+r":
      return undoRedo(r, cmd.key === "u", n);
    case "v":
    case "V":
      return { editor: r.editor, vim: { ...r.vim, mode: cmd.key === "v" ? "visual" : "visual_line", anchor: cursor } };
    case "J":
      return commitEdit(r, joinLines(t, cursor, n), change);
    case "~": {
      const end = Math.min(lineEnd(t, cursor), cursor + n);
      return commitEdit(r, { text: toggleCase(t, cursor, end), cursor: end }, change);
    }
    case "r": {
      const edit = cmd.char === undefined ? undefined : replaceChars(t, cursor, cmd.char, n);
      return edit ? commitEdit(r, edit, change) : r;
    }
    case ".":
      return repeatChange(r, cmd.count);
    default:
      return r;
  }
}

/** `.`: the last change's keys again (a count typed before `.` replaces its count), then its typed text. */
function repeatChange(r: VimResult, count: number | undefined): VimResult {
  const last = r.vim.lastChange;
  if (!last) return r;
  const n = count ?? last.count;
  let out = r;
  for (const key of [...(n === undefined ? [] : Array.from(String(n))), ...last.keys]) out = normalKey(out, key);
  if (out.vim.mode !== "insert") return out;
  const typed = { editor: reduceEditor(out.editor, { op: "insert", text: last.inserted }), vim: out.vim };
  return insertKey(typed, "escape");
}

/** The keys of a command without its leading count: what `.` replays. */
function changeOf(keys: readonly string[], count: number | undefined): Change {
  let i = 0;
  while (i < keys.length && /^[1-9]$|^0$/.test(keys[i] as string) && (i > 0 || keys[i] !== "0")) i += 1;
  return { keys: keys.slice(i), count, inserted: "" };
}

/** One key in NORMAL mode. */
export function normalKey(r: VimResult, key: string): VimResult {
  if (key === "escape") return { editor: r.editor, vim: { ...r.vim, pending: [] } };
  const keys = [...r.vim.pending, key];
  const cmd = parseCommand(keys, false);
  if (cmd === "incomplete") return { editor: r.editor, vim: { ...r.vim, pending: keys } };
  const ready = { editor: r.editor, vim: { ...r.vim, pending: [] } };
  if (cmd === "invalid") return ready;
  const count = cmd.kind === "select" ? undefined : cmd.count;
  const change = changeOf(keys, count);
  switch (cmd.kind) {
    case "motion":
      return moveBy(ready, cmd.motion, cmd.count);
    case "operator":
      return runOperator({ ...ready, vim: { ...ready.vim, column: undefined } }, cmd, change);
    case "simple":
      return runSimple({ ...ready, vim: { ...ready.vim, column: undefined } }, cmd, change);
    case "select":
      return ready;
    default: {
      const never: never = cmd;
      return never;
    }
  }
}
