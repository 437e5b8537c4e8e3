// An attached image is one chip in the editor: it goes in with spaces around it, keys step over
// it or cut all of it, typing never lands inside it, and only intact chips send their image.
import { describe, expect, it } from "vitest";
import { type EditorOp, initialEditor, reduceEditor } from "../../../src/tui/state/editor.js";
import { chipImages, formatBytes } from "../../../src/tui/state/image-chips.js";
import type { EditorState } from "../../../src/tui/state/types.js";
import { CAT, SHOT } from "./image-fixtures.js";

const SHOT_CHIP = "[image #1 shot.png 1280×720 210 kB]";
const CAT_CHIP = "[image #2 cat.jpg 64×48 4 kB]";

const run = (s: EditorState, ...ops: EditorOp[]): EditorState => ops.reduce(reduceEditor, s);
const typed = (text: string): EditorState => run(initialEditor, { op: "insert", text });
const times = (n: number, op: EditorOp): EditorOp[] => Array.from({ length: n }, () => op);

describe("image chips in the editor", () => {
  it("a chip goes in at the cursor with a space on each side, as the editor shows it: [image #1 name size]", () => {
    const s = run(typed("look"), { op: "attach_image", image: SHOT }, { op: "insert", text: "please" });
    expect(s.text).toBe(`look ${SHOT_CHIP} please`);
    expect(s.images).toEqual({ 1: SHOT });
    expect(chipImages(s)).toEqual([SHOT]);
  });

  it("an @path's chip replaces the path", () => {
    const s = run(typed("see @shot.png now"), { op: "attach_image", image: SHOT, start: 4, end: 13 });
    expect(s.text).toBe(`see ${SHOT_CHIP} now`);
    // Past the space that followed the path: typing goes on with a new word.
    expect(s.cursor).toBe(4 + SHOT_CHIP.length + 1);
  });

  it("Backspace right after a chip deletes all of it and forgets its image", () => {
    const s = run(typed("a "), { op: "attach_image", image: SHOT }, { op: "backspace" });
    expect(s.text).toBe(`a ${SHOT_CHIP}`);
    const gone = reduceEditor(s, { op: "backspace" });
    expect(gone.text).toBe("a ");
    expect(gone.images).toEqual({});
    expect(chipImages(gone)).toEqual([]);
  });

  it("Delete just before a chip deletes all of it", () => {
    const s = run(typed("x"), { op: "attach_image", image: SHOT }, { op: "home" });
    const at = run(s, { op: "right" }, { op: "right" });
    expect(at.cursor).toBe(2);
    expect(reduceEditor(at, { op: "delete" }).text).toBe("x  ");
  });

  it("Left and Right step over a chip in one key", () => {
    const s = run(typed("x"), { op: "attach_image", image: SHOT }, { op: "left" });
    expect(s.cursor).toBe(2 + SHOT_CHIP.length);
    expect(reduceEditor(s, { op: "left" }).cursor).toBe(2);
    expect(run(s, { op: "left" }, { op: "right" }).cursor).toBe(2 + SHOT_CHIP.length);
  });

  it("a word move never stops inside a chip, and typing there goes after it", () => {
    const s = run(typed("x "), { op: "attach_image", image: SHOT }, { op: "insert", text: "y" });
    const afterChip = 2 + SHOT_CHIP.length;
    expect(reduceEditor(s, { op: "word_left" }).cursor).toBe(afterChip + 1);
    expect(run(s, ...times(2, { op: "word_left" })).cursor).toBe(2);
    expect(run(s, { op: "home" }, { op: "right" }, { op: "right" }, { op: "word_right" }).cursor).toBe(afterChip);
    // A cursor put inside by a replace (completion) is moved out, and what is typed stays whole.
    const inside = run(s, { op: "replace", start: 8, end: 8, text: "" });
    expect(inside.cursor).toBe(2);
    const typedIn = reduceEditor(inside, { op: "insert", text: "Z" });
    expect(chipImages(typedIn)).toEqual([SHOT]);
    expect(typedIn.text).toContain(SHOT_CHIP);
  });

  it("several chips send their images in the text's order; a broken chip sends none", () => {
    const two = run(initialEditor, { op: "attach_image", image: SHOT }, { op: "attach_image", image: CAT });
    expect(two.text).toBe(`${SHOT_CHIP} ${CAT_CHIP} `);
    const swapped = run(two, { op: "set", text: `${CAT_CHIP} then ${SHOT_CHIP}`, keepUndo: false });
    expect(chipImages(swapped)).toEqual([CAT, SHOT]);
    const broken = run(two, { op: "set", text: `${SHOT_CHIP.replace("1280", "1281")} ${CAT_CHIP}`, keepUndo: false });
    expect(chipImages(broken)).toEqual([CAT]);
    const cleared = reduceEditor(two, { op: "clear" });
    expect([cleared.images, cleared.imageCount]).toEqual([{}, 0]);
  });

  it("a name with brackets or line breaks cannot break its chip, and a long one is shortened", () => {
    const odd = run(initialEditor, { op: "attach_image", image: { ...SHOT, name: "a]b\n[c.png" } });
    expect(odd.text).toBe("[image #1 a?b??c.png 1280×720 210 kB] ");
    expect(chipImages(odd)).toHaveLength(1);
    const long = run(initialEditor, { op: "attach_image", image: { ...SHOT, name: `${"x".repeat(60)}.png` } });
    expect(long.text).toBe(`[image #1 ${"x".repeat(18)}…${"x".repeat(17)}.png 1280×720 210 kB] `);
    expect(reduceEditor(reduceEditor(long, { op: "backspace" }), { op: "backspace" }).text).toBe("");
  });

  it("sizes read as people read them", () => {
    expect([formatBytes(512), formatBytes(210_000), formatBytes(999_499), formatBytes(3_400_000)]).toEqual([
      "512 B",
      "210 kB",
      "999 kB",
      "3.4 MB",
    ]);
  });
});
