// The permission gate's question with the diff of an edit (select requests' `diff`): the diff's
// rows are styled as the tool diffs are (the changed words marked), hostile text in the file is
// shown, not obeyed, a diff taller than the dialog scrolls, and every choice stays on screen.
import { describe, expect, it } from "vitest";
import { questionRows } from "../../../../src/tui/components/dialogs/dialog-frame.js";
import { selectLines } from "../../../../src/tui/components/dialogs/select-dialog.js";
import { buildPalette } from "../../../../src/tui/render/palette.js";
import { stripSgr } from "../../../../src/tui/render/text-width.js";

const PALETTE = buildPalette("dark", 1);
const CHOICES = ["Allow once", "Allow for this session", "Edit, then allow", "Block"];
const view = { index: 0, filter: "" };

describe("a select dialog with a diff", () => {
  it("draws the diff under the title, the changed word in reverse video", () => {
    const rows = questionRows("Allow edit of a.ts?", "", 60, PALETTE, " 1 keep\n-2 const x = 1;\n+2 const x = 2;\n");
    expect(rows.map(stripSgr)).toEqual([
      "◆ Allow edit of a.ts?",
      "   1 keep",
      "  -2 const x = 1;",
      "  +2 const x = 2;",
    ]);
    // Reverse video (SGR 7) around the changed token only.
    expect(rows[3]).toMatch(/\u001b\[7m2\u001b\[27m/);
  });

  it("shows an escape sequence in the file's text as a visible placeholder", () => {
    const rows = questionRows("t", "", 60, PALETTE, "+1 \u001b]52;c;eA==\u0007");
    expect(rows.map(stripSgr)[1]).toBe("  +1 ␛]52;c;eA==␇");
  });

  it("a diff taller than the dialog scrolls while all four choices stay visible", () => {
    const diff = Array.from({ length: 40 }, (_, i) => `+${i + 1} new line ${i + 1}`).join("\n");
    let maxScroll = 0;
    const first = selectLines(
      "Allow write of b.ts?",
      CHOICES,
      view,
      60,
      12,
      undefined,
      PALETTE,
      (w) => {
        maxScroll = w.maxScroll;
      },
      diff,
    ).map(stripSgr);
    expect(first).toHaveLength(12);
    for (const choice of CHOICES) expect(first.some((r) => r.endsWith(choice))).toBe(true);
    expect(first.join("\n")).toMatch(/↓ \d+ more rows · pgup\/pgdn to read/);
    expect(first.join("\n")).not.toContain("new line 40");
    const end = selectLines("t", CHOICES, { ...view, scroll: maxScroll }, 60, 12, undefined, PALETTE, undefined, diff);
    expect(end.map(stripSgr).join("\n")).toContain("+40 new line 40");
  });
});
