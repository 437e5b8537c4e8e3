// A prompt sent with images comes back from history (Up, Ctrl+R) with its chips attached again,
// in this run; the draft it replaced gets its own images back; the history file's copy says the
// image was not kept and holds no bytes.
import { describe, expect, it } from "vitest";
import { type EditorOp, initialEditor, reduceEditor } from "../../../src/tui/state/editor.js";
import { joinWithImages, unkeptChips } from "../../../src/tui/state/history-images.js";
import { chipImages } from "../../../src/tui/state/image-chips.js";
import type { EditorState, ImageAttachment } from "../../../src/tui/state/types.js";
import { CAT, SHOT } from "./image-fixtures.js";

const run = (s: EditorState, ...ops: EditorOp[]): EditorState => ops.reduce(reduceEditor, s);

/** Type `words`, attach `image`, send: what submit does to the editor. */
function sent(s: EditorState, words: string, image: ImageAttachment): EditorState {
  const typed = run(s, { op: "insert", text: words }, { op: "attach_image", image });
  return run(typed, { op: "commit_history", text: typed.text, images: typed.images }, { op: "clear" });
}

describe("images in prompt history", () => {
  it("Up recalls a prompt with its image; Down gives the draft its own image back", () => {
    let s = sent(initialEditor, "what is wrong here", SHOT);
    s = run(s, { op: "insert", text: "unrelated" }, { op: "attach_image", image: CAT });
    const draft = s.text;
    s = run(s, { op: "home" }, { op: "up" });
    expect(s.text).toBe("what is wrong here [image #1 shot.png 1280×720 210 kB] ");
    expect(chipImages(s)).toEqual([SHOT]);
    // A new attachment is numbered past the recalled chip.
    expect(run(s, { op: "attach_image", image: CAT }).text).toContain("[image #2 cat.jpg");
    s = run(s, { op: "down" });
    expect(s.text).toBe(draft);
    expect(chipImages(s)).toEqual([CAT]);
  });

  it("Ctrl+R finds it with its image; cancelling restores the draft's", () => {
    let s = sent(initialEditor, "look at the chart", CAT);
    s = sent(s, "plain words only", SHOT);
    s = run(s, { op: "clear" }, { op: "insert", text: "draft " }, { op: "attach_image", image: SHOT });
    s = run(s, { op: "search_start" }, { op: "search_type", text: "chart" });
    expect(s.text).toBe("look at the chart [image #1 cat.jpg 64×48 4 kB] ");
    expect(chipImages(s)).toEqual([CAT]);
    const accepted = run(s, { op: "search_accept" });
    expect(chipImages(accepted)).toEqual([CAT]);
    const cancelled = run(s, { op: "search_cancel" });
    expect(cancelled.text).toBe("draft [image #1 shot.png 1280×720 210 kB] ");
    expect(chipImages(cancelled)).toEqual([SHOT]);
  });

  it("a prompt from an earlier run (the file) has no images: its text only", () => {
    const s = run(initialEditor, { op: "load_history", entries: ["old prompt [image shot.png, not kept in history]"] });
    const up = run(s, { op: "up" });
    expect(up.text).toBe("old prompt [image shot.png, not kept in history]");
    expect(chipImages(up)).toEqual([]);
  });

  it("the history file's copy marks each chip as not kept and holds no bytes", () => {
    const images = { 1: SHOT, 2: CAT };
    const text = "a [image #1 shot.png 1280×720 210 kB] and [image #2 cat.jpg 64×48 4 kB] and [image #3 x]";
    expect(unkeptChips(text, images)).toBe(
      "a [image shot.png 1280×720 210 kB, not kept in history] and " +
        "[image cat.jpg 64×48 4 kB, not kept in history] and [image #3 x]",
    );
  });

  it("queued messages taken back get their images, every chip numbered anew above the draft's", () => {
    let s = sent(initialEditor, "steer one", SHOT);
    const steer = s.history.at(-1) ?? "";
    s = sent(s, "follow two", CAT);
    const follow = s.history.at(-1) ?? "";
    s = run(s, { op: "insert", text: "draft" }, { op: "attach_image", image: SHOT });
    const joined = joinWithImages(s, [steer, follow, "no chips"]);
    expect(joined.text).toBe(
      "steer one [image #1 shot.png 1280×720 210 kB] \n\nfollow two [image #2 cat.jpg 64×48 4 kB] " +
        "\n\nno chips\n\ndraft [image #3 shot.png 1280×720 210 kB] ",
    );
    expect(joined.images).toEqual({ 1: SHOT, 2: CAT, 3: SHOT });
    const back = run(s, { op: "set", text: joined.text, keepUndo: true, images: joined.images });
    expect(chipImages(back)).toEqual([SHOT, CAT, SHOT]);
  });
});
