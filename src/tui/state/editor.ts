// Editor slice: multi-line text + cursor + prompt history, as pure operations (no Ink).
import { reduceSearch, type SearchOp } from "./history-search.js";
import { pasteMarker } from "./paste.js";
import type { EditorState } from "./types.js";

export const initialEditor: EditorState = {
  text: "",
  cursor: 0,
  history: [],
  historyIndex: undefined,
  draft: "",
  undo: undefined,
  pasting: false,
  pasteBuffer: "",
  pastes: {},
  pasteCount: 0,
  search: undefined,
};

export type EditorOp =
  | { op: "insert"; text: string }
  | { op: "newline" }
  | { op: "backspace" }
  | { op: "delete" }
  | { op: "left" }
  | { op: "right" }
  | { op: "word_left" }
  | { op: "word_right" }
  | { op: "home" }
  | { op: "end" }
  | { op: "up" }
  | { op: "down" }
  | { op: "delete_word" }
  | { op: "kill_line" }
  | { op: "clear" }
  | { op: "set"; text: string; keepUndo: boolean }
  /** Replace [start, end) with `text`; the cursor ends after it (completion). */
  | { op: "replace"; start: number; end: number; text: string }
  | { op: "undo" }
  /** Bracketed paste start/end; `collapse`: a big paste becomes a marker (the prompt editor). */
  | { op: "paste"; active: boolean; collapse?: boolean }
  | { op: "commit_history"; text: string }
  | { op: "load_history"; entries: string[] }
  | SearchOp;

/** Entries kept in memory (the persisted file keeps the same number, prompt-history.ts). */
const HISTORY_MAX = 1000;

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf("\n", cursor - 1) + 1;
}
function lineEnd(text: string, cursor: number): number {
  const i = text.indexOf("\n", cursor);
  return i === -1 ? text.length : i;
}

function prevCharLength(text: string, cursor: number): number {
  const code = text.charCodeAt(cursor - 1);
  return code >= 0xdc00 && code <= 0xdfff && cursor >= 2 ? 2 : 1;
}
function nextCharLength(text: string, cursor: number): number {
  const code = text.charCodeAt(cursor);
  return code >= 0xd800 && code <= 0xdbff ? 2 : 1;
}

function insert(s: EditorState, chunk: string): EditorState {
  // While a bracketed paste runs its text is gathered, and laid out once when it ends.
  if (s.pasting) return { ...s, pasteBuffer: s.pasteBuffer + chunk };
  const clean = chunk.replace(/\r\n?/g, "\n");
  return { ...s, text: s.text.slice(0, s.cursor) + clean + s.text.slice(s.cursor), cursor: s.cursor + clean.length, historyIndex: undefined };
}

/** True when the cursor is on the first line (Up walks history there). */
export function cursorOnFirstLine(s: EditorState): boolean {
  return !s.text.slice(0, s.cursor).includes("\n");
}
export function cursorOnLastLine(s: EditorState): boolean {
  return !s.text.slice(s.cursor).includes("\n");
}

function moveVertical(s: EditorState, dir: -1 | 1): EditorState {
  const start = lineStart(s.text, s.cursor);
  const col = s.cursor - start;
  if (dir === -1) {
    const prevStart = lineStart(s.text, start - 1);
    const prevLen = start - 1 - prevStart;
    return { ...s, cursor: prevStart + Math.min(col, prevLen) };
  }
  const end = lineEnd(s.text, s.cursor);
  const nextStart = end + 1;
  const nextLen = lineEnd(s.text, nextStart) - nextStart;
  return { ...s, cursor: nextStart + Math.min(col, nextLen) };
}

function historyStep(s: EditorState, dir: -1 | 1): EditorState {
  if (s.history.length === 0) return s;
  if (dir === -1) {
    const index = s.historyIndex === undefined ? s.history.length - 1 : Math.max(0, s.historyIndex - 1);
    const text = s.history[index] ?? "";
    return { ...s, draft: s.historyIndex === undefined ? s.text : s.draft, historyIndex: index, text, cursor: text.length };
  }
  if (s.historyIndex === undefined) return s;
  const index = s.historyIndex + 1;
  if (index >= s.history.length) return { ...s, historyIndex: undefined, text: s.draft, cursor: s.draft.length };
  const text = s.history[index] ?? "";
  return { ...s, historyIndex: index, text, cursor: text.length };
}

function endPaste(s: EditorState, collapse: boolean): EditorState {
  if (!s.pasting) return s;
  const text = s.pasteBuffer.replace(/\r\n?/g, "\n");
  const done = { ...s, pasting: false, pasteBuffer: "" };
  const id = s.pasteCount + 1;
  const marker = collapse ? pasteMarker(id, text) : undefined;
  if (marker === undefined) return insert(done, text);
  return insert({ ...done, pastes: { ...s.pastes, [id]: text }, pasteCount: id }, marker);
}

/** Apply one editing operation. Pure and total. */
export function reduceEditor(s: EditorState, o: EditorOp): EditorState {
  switch (o.op) {
    case "insert":
      return insert(s, o.text);
    case "newline":
      return insert(s, "\n");
    case "backspace": {
      if (s.cursor === 0) return s;
      const n = prevCharLength(s.text, s.cursor);
      return { ...s, text: s.text.slice(0, s.cursor - n) + s.text.slice(s.cursor), cursor: s.cursor - n };
    }
    case "delete":
      if (s.cursor >= s.text.length) return s;
      return { ...s, text: s.text.slice(0, s.cursor) + s.text.slice(s.cursor + nextCharLength(s.text, s.cursor)) };
    case "left":
      return { ...s, cursor: Math.max(0, s.cursor - (s.cursor > 0 ? prevCharLength(s.text, s.cursor) : 0)) };
    case "right":
      return { ...s, cursor: Math.min(s.text.length, s.cursor + (s.cursor < s.text.length ? nextCharLength(s.text, s.cursor) : 0)) };
    case "word_left": {
      const before = s.text.slice(0, s.cursor);
      const m = /\S+\s*$/.exec(before);
      return { ...s, cursor: m ? m.index : 0 };
    }
    case "word_right": {
      const m = /^\s*\S+/.exec(s.text.slice(s.cursor));
      return { ...s, cursor: m ? s.cursor + m[0].length : s.text.length };
    }
    case "home":
      return { ...s, cursor: lineStart(s.text, s.cursor) };
    case "end":
      return { ...s, cursor: lineEnd(s.text, s.cursor) };
    case "up":
      return cursorOnFirstLine(s) ? historyStep(s, -1) : moveVertical(s, -1);
    case "down":
      return cursorOnLastLine(s) ? historyStep(s, 1) : moveVertical(s, 1);
    case "delete_word": {
      const before = s.text.slice(0, s.cursor);
      const m = /\S+\s*$|\s+$/.exec(before);
      const start = m ? m.index : 0;
      return { ...s, text: s.text.slice(0, start) + s.text.slice(s.cursor), cursor: start };
    }
    case "kill_line": {
      const end = lineEnd(s.text, s.cursor);
      const cut = end === s.cursor && end < s.text.length ? end + 1 : end;
      return { ...s, text: s.text.slice(0, s.cursor) + s.text.slice(cut) };
    }
    case "clear":
      return { ...s, text: "", cursor: 0, historyIndex: undefined, pastes: {}, pasteCount: 0 };
    case "set":
      return { ...s, text: o.text, cursor: o.text.length, historyIndex: undefined, undo: o.keepUndo && s.text !== "" ? s.text : undefined };
    case "replace": {
      const start = Math.max(0, Math.min(o.start, s.text.length));
      const end = Math.max(start, Math.min(o.end, s.text.length));
      return { ...s, text: s.text.slice(0, start) + o.text + s.text.slice(end), cursor: start + o.text.length, historyIndex: undefined };
    }
    case "undo":
      return s.undo === undefined ? s : { ...s, text: s.undo, cursor: s.undo.length, undo: undefined };
    case "paste":
      return o.active ? { ...s, pasting: true, pasteBuffer: "" } : endPaste(s, o.collapse === true);
    case "commit_history": {
      const text = o.text.trim();
      if (text === "" || s.history[s.history.length - 1] === o.text) return { ...s, historyIndex: undefined, draft: "" };
      return { ...s, history: [...s.history, o.text].slice(-HISTORY_MAX), historyIndex: undefined, draft: "" };
    }
    case "load_history":
      // Earlier runs' prompts go before this run's.
      return { ...s, history: [...o.entries, ...s.history].slice(-HISTORY_MAX), historyIndex: undefined };
    case "search_start":
    case "search_type":
    case "search_backspace":
    case "search_accept":
    case "search_cancel":
      return reduceSearch(s, o);
    default: {
      const never: never = o;
      return never;
    }
  }
}
