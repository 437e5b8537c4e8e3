// The editor reducer keeps its text as pieces (state/text-doc.ts): on texts of many pieces it
// does exactly what the plain-string editor does (a model of it below), key after key, and
// states made elsewhere from a plain string (history search, a test) are edited as that string.
import { describe, expect, it } from "vitest";
import {
  editorDoc,
  initialEditor,
  reduceEditor,
  textBeforeCursor,
  type EditorOp,
} from "../../../src/tui/state/editor.js";
import type { EditorState } from "../../../src/tui/state/types.js";
import { PIECES, random, randomText } from "../helpers/random-text.js";

type Model = { text: string; cursor: number };

const lineStart = (t: string, c: number): number => (c === 0 ? 0 : t.lastIndexOf("\n", c - 1) + 1);
const lineEnd = (t: string, c: number): number => (t.indexOf("\n", c) === -1 ? t.length : t.indexOf("\n", c));
const prevLen = (t: string, c: number): number =>
  t.charCodeAt(c - 1) >= 0xdc00 && t.charCodeAt(c - 1) <= 0xdfff && c >= 2 ? 2 : 1;
const nextLen = (t: string, c: number): number => (t.charCodeAt(c) >= 0xd800 && t.charCodeAt(c) <= 0xdbff ? 2 : 1);
const edit = (m: Model, start: number, end: number, insert: string): Model => ({
  text: m.text.slice(0, start) + insert + m.text.slice(end),
  cursor: start + insert.length,
});

/** The plain-string editor: each op on the whole text (no history: Up/Down stay inside it). */
function model(m: Model, o: EditorOp): Model {
  const { text: t, cursor: c } = m;
  switch (o.op) {
    case "insert":
      return edit(m, c, c, o.text.replace(/\r\n?/g, "\n"));
    case "backspace":
      return c === 0 ? m : edit(m, c - prevLen(t, c), c, "");
    case "delete":
      return c >= t.length ? m : { ...edit(m, c, c + nextLen(t, c), ""), cursor: c };
    case "left":
      return { text: t, cursor: c > 0 ? c - prevLen(t, c) : 0 };
    case "right":
      return { text: t, cursor: c < t.length ? c + nextLen(t, c) : t.length };
    case "word_left":
      return { text: t, cursor: /\S+\s*$/.exec(t.slice(0, c))?.index ?? 0 };
    case "word_right": {
      const w = /^\s*\S+/.exec(t.slice(c));
      return { text: t, cursor: w ? c + w[0].length : t.length };
    }
    case "home":
      return { text: t, cursor: lineStart(t, c) };
    case "end":
      return { text: t, cursor: lineEnd(t, c) };
    case "up":
    case "down": {
      const start = lineStart(t, c);
      if (o.op === "up" ? start === 0 : lineEnd(t, c) === t.length) return m;
      const col = c - start;
      const target = o.op === "up" ? lineStart(t, start - 1) : lineEnd(t, c) + 1;
      return { text: t, cursor: target + Math.min(col, lineEnd(t, target) - target) };
    }
    case "delete_word":
      return edit(m, /\S+\s*$|\s+$/.exec(t.slice(0, c))?.index ?? 0, c, "");
    case "kill_line": {
      const end = lineEnd(t, c);
      return { text: t.slice(0, c) + t.slice(end === c && end < t.length ? end + 1 : end), cursor: c };
    }
    case "replace":
      return edit(m, Math.min(o.start, t.length), Math.min(Math.max(o.start, o.end), t.length), o.text);
    default:
      throw new Error(`not modelled: ${o.op}`);
  }
}

const MOVES: EditorOp[] = [
  { op: "backspace" },
  { op: "delete" },
  { op: "left" },
  { op: "right" },
  { op: "word_left" },
  { op: "word_right" },
  { op: "home" },
  { op: "end" },
  { op: "up" },
  { op: "down" },
  { op: "delete_word" },
  { op: "kill_line" },
];

function randomOp(rand: (n: number) => number, length: number): EditorOp {
  const kind = rand(20);
  if (kind < 8) return { op: "insert", text: PIECES[rand(PIECES.length)] as string };
  if (kind === 8) return { op: "insert", text: randomText(rand, rand(3000)).replace(/\n/g, "\r\n") };
  if (kind === 9) {
    const start = rand(length + 1);
    return { op: "replace", start, end: start + rand(3000), text: PIECES[rand(PIECES.length)] as string };
  }
  return MOVES[rand(MOVES.length)] as EditorOp;
}

describe("the editor on a text of many pieces", () => {
  it("every key does what the plain-string editor does", () => {
    const rand = random(11);
    const text = randomText(rand, 50_000);
    let s: EditorState = { ...initialEditor, text, cursor: rand(text.length) };
    let m: Model = { text, cursor: s.cursor };
    for (let step = 0; step < 1000; step += 1) {
      const o = randomOp(rand, m.text.length);
      s = reduceEditor(s, o);
      m = model(m, o);
      // A few keys move the cursor far away (a long word, the start of a long line).
      if (step % 300 === 0) s = reduceEditor(s, { op: "replace", start: 0, end: 0, text: "" });
      if (step % 300 === 0) m = model(m, { op: "replace", start: 0, end: 0, text: "" });
      expect(s.cursor).toBe(m.cursor);
      if (step % 50 === 0) expect(s.text).toBe(m.text);
    }
    expect(s.text).toBe(m.text);
    expect(editorDoc(s).text).toBe(m.text);
    expect(textBeforeCursor(s, 10)).toEqual({
      text: m.text.slice(Math.max(0, m.cursor - 10), m.cursor),
      start: Math.max(0, m.cursor - 10),
    });
  });

  it("a state made from a plain string is edited as that string, not as the pieces of the state it came from", () => {
    let s = reduceEditor(initialEditor, { op: "insert", text: "x".repeat(10_000) });
    s = reduceEditor({ ...s, text: "other text", cursor: 5 }, { op: "insert", text: "!" });
    expect(s.text).toBe("other! text");
    s = reduceEditor(s, { op: "search_start" });
    s = reduceEditor({ ...s, history: ["an old prompt"] }, { op: "search_type", text: "old" });
    s = reduceEditor(reduceEditor(s, { op: "search_accept" }), { op: "backspace" });
    expect(s.text).toBe("an old promp");
  });

  it("a bracketed paste into a big prompt lands at the cursor, and typing goes on after it", () => {
    let s = reduceEditor(initialEditor, { op: "insert", text: "a".repeat(50_000) });
    s = reduceEditor(s, { op: "word_left" });
    s = reduceEditor(s, { op: "paste", active: true });
    for (const chunk of ["one\r", "two\r\n", "three"]) s = reduceEditor(s, { op: "insert", text: chunk });
    s = reduceEditor(s, { op: "paste", active: false, collapse: false });
    s = reduceEditor(s, { op: "insert", text: "!" });
    expect(s.text).toBe(`one\ntwo\nthree!${"a".repeat(50_000)}`);
    expect(s.cursor).toBe("one\ntwo\nthree!".length);
  });
});
