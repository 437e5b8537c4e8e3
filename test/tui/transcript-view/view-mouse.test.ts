// The transcript view's mouse, pure: SGR reports parsed in the key splitter, and what a press,
// a drag and a release do over the rows the view shows (cursor, fold, the copied text).
import { describe, expect, it } from "vitest";
import { parseMouseReport, splitKeypresses, controlKeypress } from "../../../src/tui/input/key-chunks.js";
import { resolveEditorKey } from "../../../src/tui/input/keymap.js";
import { mouseOutcome, selectionText } from "../../../src/tui/transcript-view/view-mouse.js";
import type { ViewModel } from "../../../src/tui/transcript-view/view-model.js";

const ROWS = ["\u001b[1mAlpha\u001b[22m beta gamma.", "", "Delta 漢字 zeta.", "  ▸ 12 more rows · enter to expand"];
/** Only what the mouse reads of a model: its rows. */
const model = {
  totalRows: ROWS.length,
  rows: (from: number, to: number) => ROWS.slice(from, to).map((text) => ({ text, block: 0 })),
} as unknown as ViewModel;
const geometry = { top: 0, rows: 10, gutter: 2 };
const report = (input: string) => {
  const r = parseMouseReport(input);
  if (!r) throw new Error(`not a report: ${input}`);
  return r;
};

describe("mouse reports", () => {
  it("parses presses, drags, releases and the wheel", () => {
    expect(parseMouseReport("[<0;12;3M")).toEqual({ kind: "press", button: 0, x: 12, y: 3 });
    expect(parseMouseReport("[<32;13;3M")).toEqual({ kind: "drag", button: 0, x: 13, y: 3 });
    expect(parseMouseReport("[<0;13;3m")).toEqual({ kind: "release", button: 0, x: 13, y: 3 });
    expect(parseMouseReport("[<65;1;1M")?.kind).toBe("wheel_down");
    expect(parseMouseReport("[<64;1;1M")?.kind).toBe("wheel_up");
    expect(parseMouseReport("[A")).toBeUndefined();
  });

  it("a report is never text for the editor, also after the splitter", () => {
    for (const input of ["[<0;12;3M", "[<32;13;3M", "[<0;13;3m"]) {
      const keys = splitKeypresses(input, controlKeypress("a").key, false, true).map((k) => ({
        ...k,
        key: { ...k.key, ctrl: false },
      }));
      expect(keys).toHaveLength(1);
      expect(resolveEditorKey(keys[0]?.input ?? "", keys[0]?.key ?? controlKeypress("a").key)).toBeUndefined();
    }
  });
});

describe("mouseOutcome", () => {
  it("a press moves the cursor to the row under it; the footer and rows past the end are nothing", () => {
    expect(mouseOutcome(report("[<0;5;2M"), undefined, geometry, model).actions).toEqual([{ type: "click", row: 1 }]);
    expect(mouseOutcome(report("[<0;5;9M"), undefined, geometry, model).actions).toEqual([]);
    expect(mouseOutcome(report("[<0;5;11M"), undefined, geometry, model).actions).toEqual([]);
    expect(mouseOutcome(report("[<0;5;2M"), undefined, { ...geometry, top: 2 }, model).actions).toEqual([
      { type: "click", row: 3 },
    ]);
  });

  it("a click on the ▸ line or in the gutter toggles the fold; elsewhere it only moves the cursor", () => {
    const click = (x: number, y: number) => {
      const pressed = mouseOutcome(report(`[<0;${x};${y}M`), undefined, geometry, model);
      return mouseOutcome(report(`[<0;${x};${y}m`), pressed.press, geometry, model).actions;
    };
    expect(click(7, 4)).toEqual([{ type: "toggle_block" }]);
    expect(click(1, 1)).toEqual([{ type: "toggle_block" }]);
    expect(click(7, 1)).toEqual([]);
  });

  it("a drag copies the cells from press to release in reading order, wide characters whole", () => {
    const dragged = (a: string, b: string) => {
      const pressed = mouseOutcome(report(a), undefined, geometry, model);
      const moved = mouseOutcome(report("[<32;20;2M"), pressed.press, geometry, model);
      expect(moved.press).toEqual(pressed.press);
      return mouseOutcome(report(b), moved.press, geometry, model);
    };
    // Text starts after the two gutter cells: x = 3 is its first column.
    expect(dragged("[<0;9;1M", "[<0;10;3m").copy).toBe("beta gamma.\n\nDelta 漢");
    expect(dragged("[<0;13;3M", "[<0;3;1m").copy).toBe("Alpha beta gamma.\n\nDelta 漢字");
    expect(dragged("[<0;9;1M", "[<0;9;1m").copy).toBeUndefined();
    expect(selectionText(model, { row: 0, col: 0, x: 3, y: 1 }, { row: 0, col: 4, x: 7, y: 1 })).toBe("Alpha");
  });
});
