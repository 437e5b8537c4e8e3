// A 150-character code line in an answer is readable in full on screen at 100 and at 40
// columns: it wraps onto marked continuation rows (highlighted there too) instead of being cut.
import { describe, expect, it } from "vitest";
import { BUILT, FAKE_MODEL, submitLine, withTuiSession } from "./tui-session.js";

const CODE_LINE = `const total = addNumbers(firstArgumentValue, secondArgumentValue, thirdArgumentValue, fourthArgumentValue, fifthArgumentValue, sixth, "tail-marker-xyz");`;

/**
 * Do these screen rows read as `line`? Code rows start with two spaces, continuation rows with
 * "↪ "; a row that broke after a space shows no trailing space (the screen trims it).
 */
function readsAs(rows: string[], line: string): boolean {
  let pos = 0;
  for (const [i, row] of rows.entries()) {
    if (i > 0 && !row.startsWith("↪ ")) return false;
    const part = row.slice(2);
    if (line.startsWith(part, pos)) pos += part.length;
    else if (line[pos] === " " && line.startsWith(part, pos + 1)) pos += 1 + part.length;
    else return false;
  }
  return pos === line.length;
}

/** The rows from the one starting with the line's head to the last continuation row. */
function codeRows(screen: string[], head: string): string[] {
  const start = screen.findLastIndex((r) => r.startsWith(`  ${head}`));
  if (start === -1) return [];
  let end = start + 1;
  while (screen[end]?.startsWith("↪ ")) end += 1;
  return screen.slice(start, end);
}

describe.skipIf(!BUILT)("code blocks wrap at the terminal width", () => {
  it(`a ${CODE_LINE.length}-character line reads in full at 100 and at 40 columns`, async () => {
    expect(CODE_LINE.length).toBeGreaterThanOrEqual(150);
    const answer = (tag: string) => ({
      kind: "text" as const,
      matchLastUser: tag,
      chunks: ["Code:\n\n```ts\n", `${CODE_LINE}\n`, "```\n\n", `End ${tag}.`],
      delayMs: 5,
    });
    await withTuiSession(
      [answer("WIDE"), answer("NARROW")],
      { args: [...FAKE_MODEL, "--no-session"], cols: 100, rows: 30 },
      async ({ tui }) => {
        await submitLine(tui, "WIDE");
        await tui.waitForText("End WIDE.");
        await tui.waitForNoText("Working…");
        const wide = codeRows(tui.screen(), "const total");
        expect(wide.length).toBe(2);
        expect(readsAs(wide, CODE_LINE), wide.join("\n")).toBe(true);

        tui.resize(40, 30);
        // As a person would: type once the screen is redrawn at the new width (a frame drawn for
        // 100 columns into a 40-column terminal, before the resize is read, wraps and stays behind).
        await tui.waitForText("/hotkeys for ke…");
        await submitLine(tui, "NARROW");
        await tui.waitForText("End NARROW.");
        await tui.waitForNoText("Working…");
        const narrow = codeRows(tui.screen(), "const total");
        expect(narrow.length).toBeGreaterThanOrEqual(4);
        for (const r of narrow) expect(r.length).toBeLessThanOrEqual(40);
        expect(readsAs(narrow, CODE_LINE), narrow.join("\n")).toBe(true);
        // Highlighting carries across the wrap: a continuation row's code is coloured (the string).
        expect(tui.output()).toMatch(/↪ \u001b\[39m[^\n]*\u001b\[3[0-8](;\d+)*m[^\n]*tail-marker-xyz/);
      },
    );
  }, 60_000);
});
