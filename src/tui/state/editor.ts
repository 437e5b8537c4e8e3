// Editor slice: multi-line text + cursor + prompt history, as pure operations (no Ink). The
// text is edited as pieces (text-doc.ts): a key costs the same in a 10-byte and a 1 MB prompt.
import { draftImages, recalledImages, rememberImages } from "./history-images.js";
import { reduceSearch, type SearchOp } from "./history-search.js";
import { chipAround, chipKeyEdit, chipLabel, withoutImage } from "./image-chips.js";
import { pasteMarker } from "./paste.js";
import {
  docCharCode,
  docFromString,
  docLineEnd,
  docLineStart,
  docMatchAfter,
  docMatchBefore,
  docSlice,
  docSplice,
  emptyDoc,
  type TextDoc,
} from "./text-doc.js";
import type { EditorState, ImageAttachment } from "./types.js";

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
  images: {},
  imageCount: 0,
  historyImages: {},
  draftImages: {},
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
  | { op: "delete_to_line_start" }
  | { op: "clear" }
  /** `images`: the attachments its chips stand for (a refused prompt given back). */
  | { op: "set"; text: string; keepUndo: boolean; images?: EditorState["images"] }
  /** Replace [start, end) with `text`; the cursor ends after it (completion). */
  | { op: "replace"; start: number; end: number; text: string }
  | { op: "undo" }
  /** Bracketed paste start/end; `collapse`: a big paste becomes a marker (the prompt editor). */
  | { op: "paste"; active: boolean; collapse?: boolean }
  /** `images`: the attachments of its chips, recalled with it in this run. */
  | { op: "commit_history"; text: string; images?: EditorState["images"] }
  | { op: "load_history"; entries: string[] }
  /** Attach an image: its chip replaces [start, end) (an `@path`), or goes in at the cursor. */
  | { op: "attach_image"; image: ImageAttachment; start?: number; end?: number }
  | SearchOp;

/** The operations on the text around the cursor (one helper applies them): moves and cuts. */
type MotionOp =
  | Extract<EditorOp, { op: "left" | "right" | "word_left" | "word_right" | "home" | "end" }>
  | Extract<EditorOp, { op: "backspace" | "delete" | "delete_word" | "kill_line" | "delete_to_line_start" }>;

/** Entries kept in memory (the persisted file keeps the same number, prompt-history.ts). */
const HISTORY_MAX = 1000;

// Each state's text as pieces (text-doc.ts), remembered for the last few states: the reducer
// stays a pure function of (state, op), and a state made elsewhere from a plain string (history
// search, a dialog's own editor, a test) gets its pieces built once, on its first edit. (A
// WeakMap would keep every old state's pieces alive until a full GC: each scavenge then copied
// megabytes, ten times the cost of the edit itself.)
const RECENT = 4;
const recent: Array<{ state: EditorState; doc: TextDoc }> = [];

function remember(state: EditorState, doc: TextDoc): void {
  recent.unshift({ state, doc });
  if (recent.length > RECENT) recent.pop();
}

/** The pieces of `s.text` (the view lays out the rows around the cursor from them). */
export function editorDoc(s: EditorState): TextDoc {
  const known = recent.find((r) => r.state === s);
  if (known !== undefined && known.doc.text === s.text) return known.doc;
  const doc = docFromString(s.text);
  remember(s, doc);
  return doc;
}

/**
 * The text just before the cursor, at most `max` units, and where it starts: what a key needs
 * to look at (the completion list), without reading the whole prompt (which would make V8
 * copy all of it on every key).
 */
export function textBeforeCursor(s: EditorState, max: number): { text: string; start: number } {
  const start = Math.max(0, s.cursor - max);
  return { text: docSlice(editorDoc(s), start, s.cursor), start };
}

/** `s` with the text of `doc` and the cursor at `cursor`. */
function withDoc(s: EditorState, doc: TextDoc, cursor: number, changes: Partial<EditorState> = {}): EditorState {
  const out = { ...s, ...changes, text: doc.text, cursor };
  remember(out, doc);
  return out;
}

function withText(s: EditorState, text: string, changes: Partial<EditorState> = {}): EditorState {
  return withDoc(s, docFromString(text), text.length, changes);
}

function prevCharLength(doc: TextDoc, cursor: number): number {
  const code = docCharCode(doc, cursor - 1);
  return code >= 0xdc00 && code <= 0xdfff && cursor >= 2 ? 2 : 1;
}
function nextCharLength(doc: TextDoc, cursor: number): number {
  const code = docCharCode(doc, cursor);
  return code >= 0xd800 && code <= 0xdbff ? 2 : 1;
}

/** `chunk` typed at the cursor; `doc`: the pieces of `s.text`, when `s` is a state made on the way. */
function insert(s: EditorState, chunk: string, doc?: TextDoc): EditorState {
  // While a bracketed paste runs its text is gathered, and laid out once when it ends.
  if (s.pasting) return { ...s, pasteBuffer: s.pasteBuffer + chunk };
  const clean = chunk.replace(/\r\n?/g, "\n");
  const at = Math.min(s.cursor, s.text.length);
  return withDoc(s, docSplice(doc ?? editorDoc(s), at, at, clean), at + clean.length, { historyIndex: undefined });
}

/** Replace [start, end) with `text`; the cursor ends after it. */
function splice(
  s: EditorState,
  start: number,
  end: number,
  text: string,
  changes: Partial<EditorState> = {},
): EditorState {
  return withDoc(s, docSplice(editorDoc(s), start, end, text), start + text.length, changes);
}

/** True when the cursor is on the first line (Up walks history there). */
export function cursorOnFirstLine(s: EditorState): boolean {
  return docLineStart(editorDoc(s), s.cursor) === 0;
}
export function cursorOnLastLine(s: EditorState): boolean {
  return docLineEnd(editorDoc(s), s.cursor) === s.text.length;
}

function moveVertical(s: EditorState, dir: -1 | 1): EditorState {
  const doc = editorDoc(s);
  const start = docLineStart(doc, s.cursor);
  const col = s.cursor - start;
  if (dir === -1) {
    const prevStart = docLineStart(doc, start - 1);
    const prevLen = start - 1 - prevStart;
    return withDoc(s, doc, prevStart + Math.min(col, prevLen));
  }
  const nextStart = docLineEnd(doc, s.cursor) + 1;
  const nextLen = docLineEnd(doc, nextStart) - nextStart;
  return withDoc(s, doc, nextStart + Math.min(col, nextLen));
}

function historyStep(s: EditorState, dir: -1 | 1): EditorState {
  if (s.history.length === 0) return s;
  if (dir === -1) {
    const index = s.historyIndex === undefined ? s.history.length - 1 : Math.max(0, s.historyIndex - 1);
    const text = s.history[index] ?? "";
    return withText(s, text, {
      ...(s.historyIndex === undefined ? { draft: s.text, ...draftImages(s) } : {}),
      ...recalledImages(s, text),
      historyIndex: index,
    });
  }
  if (s.historyIndex === undefined) return s;
  const index = s.historyIndex + 1;
  if (index >= s.history.length)
    return withText(s, s.draft, { historyIndex: undefined, images: s.draftImages, draftImages: {} });
  const text = s.history[index] ?? "";
  return withText(s, text, { ...recalledImages(s, text), historyIndex: index });
}

function endPaste(s: EditorState, collapse: boolean): EditorState {
  if (!s.pasting) return s;
  const text = s.pasteBuffer.replace(/\r\n?/g, "\n");
  const done = { ...s, pasting: false, pasteBuffer: "" };
  const id = s.pasteCount + 1;
  const marker = collapse ? pasteMarker(id, text) : undefined;
  if (marker === undefined) return insert(done, text, editorDoc(s));
  return insert({ ...done, pastes: { ...s.pastes, [id]: text }, pasteCount: id }, marker, editorDoc(s));
}

/** Cursor moves and deletions around the cursor. */
function reduceMotion(s: EditorState, o: MotionOp): EditorState {
  const doc = editorDoc(s);
  const { cursor } = s;
  switch (o.op) {
    case "backspace":
      return cursor === 0 ? s : splice(s, cursor - prevCharLength(doc, cursor), cursor, "");
    case "delete":
      return cursor >= doc.length
        ? s
        : withDoc(s, docSplice(doc, cursor, cursor + nextCharLength(doc, cursor), ""), cursor);
    case "left":
      return withDoc(s, doc, Math.max(0, cursor - (cursor > 0 ? prevCharLength(doc, cursor) : 0)));
    case "right":
      return withDoc(s, doc, Math.min(doc.length, cursor + (cursor < doc.length ? nextCharLength(doc, cursor) : 0)));
    case "word_left":
      return withDoc(s, doc, docMatchBefore(doc, cursor, /\S+\s*$/) ?? 0);
    case "word_right": {
      const n = docMatchAfter(doc, cursor, /^\s*\S+/);
      return withDoc(s, doc, n === undefined ? doc.length : cursor + n);
    }
    case "home":
      return withDoc(s, doc, docLineStart(doc, cursor));
    case "end":
      return withDoc(s, doc, docLineEnd(doc, cursor));
    case "delete_word":
      return splice(s, docMatchBefore(doc, cursor, /\S+\s*$|\s+$/) ?? 0, cursor, "");
    case "kill_line": {
      const end = docLineEnd(doc, cursor);
      const cut = end === cursor && end < doc.length ? end + 1 : end;
      return cut === cursor ? s : withDoc(s, docSplice(doc, cursor, cut, ""), cursor, { undo: s.text });
    }
    case "delete_to_line_start": {
      // As in shells and pi: at the start of a line it joins the line to the one above.
      const start = docLineStart(doc, cursor);
      const from = start === cursor && cursor > 0 ? cursor - 1 : start;
      return from === cursor ? s : splice(s, from, cursor, "", { undo: s.text });
    }
    default: {
      const never: never = o;
      return never;
    }
  }
}

/** Apply one editing operation. Pure and total. */
export function reduceEditor(s: EditorState, o: EditorOp): EditorState {
  const out = s.imageCount === 0 ? applyOp(s, o) : applyAroundChips(s, o);
  // A state that only changed other fields keeps the pieces of its text (no rebuild on the next key).
  if (out !== s && recent[0]?.state !== out && out.text === s.text) remember(out, editorDoc(s));
  return out;
}

/** An image's chip is one unit: keys step over it or cut all of it, and no edit lands inside it. */
function applyAroundChips(s: EditorState, o: EditorOp): EditorState {
  const read = (state: EditorState) => (start: number, end: number) => docSlice(editorDoc(state), start, end);
  const key = o.op === "backspace" || o.op === "delete" || o.op === "left" || o.op === "right" ? o.op : undefined;
  const edit = key && !s.pasting ? chipKeyEdit(s.images, read(s), s.cursor, key) : undefined;
  if (edit?.kind === "move") return withDoc(s, editorDoc(s), edit.to);
  if (edit?.kind === "cut") return splice(s, edit.start, edit.end, "", { images: withoutImage(s.images, edit.id) });
  const typing = o.op === "insert" || o.op === "newline";
  const inside = typing ? chipAround(s.images, read(s), s.cursor) : undefined;
  const out = applyOp(inside ? withDoc(s, editorDoc(s), inside.end) : s, o);
  if (out.cursor === s.cursor || out.pasting) return out;
  // A move that stopped inside a chip (a word, a line, a search) goes on to its edge.
  const landed = chipAround(out.images, read(out), out.cursor);
  if (!landed) return out;
  return withDoc(out, editorDoc(out), out.cursor < s.cursor ? landed.start : landed.end);
}

/** The chip of a new image, with a space between it and the words around it. */
function attachImage(s: EditorState, o: Extract<EditorOp, { op: "attach_image" }>): EditorState {
  const id = s.imageCount + 1;
  const start = Math.max(0, Math.min(o.start ?? s.cursor, s.text.length));
  const end = Math.max(start, Math.min(o.end ?? s.cursor, s.text.length));
  const doc = editorDoc(s);
  const before = start > 0 && !/\s/.test(docSlice(doc, start - 1, start)) ? " " : "";
  const next = docSlice(doc, end, end + 1);
  const after = /^\s/.test(next) ? "" : " ";
  const images = { ...s.images, [id]: o.image };
  const out = splice(s, start, end, `${before}${chipLabel(id, o.image)}${after}`, {
    images,
    imageCount: id,
    historyIndex: undefined,
  });
  // The space already after it (a completed `@path `) is stepped over too: what is typed next is a new word.
  return next === " " ? withDoc(out, editorDoc(out), out.cursor + 1) : out;
}

function applyOp(s: EditorState, o: EditorOp): EditorState {
  switch (o.op) {
    case "insert":
      return insert(s, o.text);
    case "newline":
      return insert(s, "\n");
    case "backspace":
    case "delete":
    case "left":
    case "right":
    case "word_left":
    case "word_right":
    case "home":
    case "end":
    case "delete_word":
    case "kill_line":
    case "delete_to_line_start":
      return reduceMotion(s, o);
    case "up":
      return cursorOnFirstLine(s) ? historyStep(s, -1) : moveVertical(s, -1);
    case "down":
      return cursorOnLastLine(s) ? historyStep(s, 1) : moveVertical(s, 1);
    case "clear":
      return withDoc(s, emptyDoc, 0, {
        historyIndex: undefined,
        pastes: {},
        pasteCount: 0,
        images: {},
        imageCount: 0,
        draftImages: {},
      });
    case "set": {
      const images = o.images
        ? { images: o.images, imageCount: Math.max(s.imageCount, ...Object.keys(o.images).map(Number)) }
        : {};
      return withText(s, o.text, {
        historyIndex: undefined,
        undo: o.keepUndo && s.text !== "" ? s.text : undefined,
        ...images,
      });
    }
    case "replace": {
      const start = Math.max(0, Math.min(o.start, s.text.length));
      const end = Math.max(start, Math.min(o.end, s.text.length));
      return splice(s, start, end, o.text, { historyIndex: undefined });
    }
    case "undo":
      return s.undo === undefined ? s : withText(s, s.undo, { undo: undefined });
    case "paste":
      return o.active ? { ...s, pasting: true, pasteBuffer: "" } : endPaste(s, o.collapse === true);
    case "commit_history": {
      const text = o.text.trim();
      if (text === "") return { ...s, historyIndex: undefined, draft: "" };
      if (s.history[s.history.length - 1] === o.text) {
        const historyImages = rememberImages(s, o.text, o.images ?? {}, s.history);
        return { ...s, historyImages, historyIndex: undefined, draft: "" };
      }
      const history = [...s.history, o.text].slice(-HISTORY_MAX);
      const historyImages = rememberImages(s, o.text, o.images ?? {}, history);
      return { ...s, history, historyImages, historyIndex: undefined, draft: "" };
    }
    case "load_history":
      // Earlier runs' prompts go before this run's.
      return { ...s, history: [...o.entries, ...s.history].slice(-HISTORY_MAX), historyIndex: undefined };
    case "attach_image":
      return attachImage(s, o);
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
