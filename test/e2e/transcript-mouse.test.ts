// The mouse in the transcript view, end to end: agent-tui on agent-rpc and the scripted LLM
// under a pty, SGR mouse reports written to the pty as a terminal sends them. A drag copies
// exactly the text it covers (the OSC 52 payload decoded), the wheel scrolls, a click in the
// gutter folds a block and a click on its ▸ line unfolds it, and leaving the view turns mouse
// reporting off; the live screen never turns it on.
import { describe, expect, it } from "vitest";
import type { TuiProcess } from "./pty-harness.js";
import { BUILT as built, submitLine, waitForEditor, waitUntil, withTuiSession } from "./tui-session.js";

const COMMAND = "for i in $(seq 1 60); do echo out-line-$i; done";
const MOUSE_ON = "\u001b[?1000h\u001b[?1002h\u001b[?1006h";
const MOUSE_OFF = "\u001b[?1006l\u001b[?1002l\u001b[?1000l";

/** The payloads of every OSC 52 sequence in `raw`, decoded. */
function osc52Payloads(raw: string): string[] {
  return [...raw.matchAll(/\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/g)].map((m) =>
    Buffer.from(m[1] ?? "", "base64").toString("utf8"),
  );
}

/** The 1-based cell of the first `text` on screen. */
function cellOf(tui: TuiProcess, text: string): { x: number; y: number } {
  const rows = tui.screen();
  const y = rows.findIndex((r) => r.includes(text));
  if (y === -1) throw new Error(`"${text}" is not on screen:\n${tui.screenText()}`);
  return { x: (rows[y] ?? "").indexOf(text) + 1, y: y + 1 };
}

const press = (x: number, y: number): string => `\u001b[<0;${x};${y}M`;
const drag = (x: number, y: number): string => `\u001b[<32;${x};${y}M`;
const release = (x: number, y: number): string => `\u001b[<0;${x};${y}m`;
const wheel = (down: boolean): string => `\u001b[<${down ? 65 : 64};10;10M`;

describe.skipIf(!built)("the mouse in the transcript view", () => {
  it("a drag copies what it covers, the wheel scrolls, a click folds; leaving turns the mouse off", async () => {
    await withTuiSession(
      [
        {
          kind: "tool_call",
          matchLastUser: "TOOL-TEST",
          calls: [{ id: "call_60", name: "bash", arguments: { command: COMMAND } }],
        },
        { kind: "text", matchLastUser: "TOOL-TEST", chunks: ["Ran the loop."], delayMs: 5 },
        {
          kind: "text",
          matchLastUser: "WORDS",
          chunks: ["Alpha beta gamma.\n\nDelta epsilon zeta."],
          delayMs: 5,
        },
      ],
      { cols: 100, rows: 30 },
      async ({ tui }) => {
        await submitLine(tui, "TOOL-TEST run it");
        await tui.waitForText("Ran the loop.");
        await tui.waitForNoText("Working…");
        await submitLine(tui, "WORDS");
        await tui.waitForText("Delta epsilon zeta.");
        await tui.waitForNoText("Working…");
        await waitForEditor(tui, "");
        // The live screen leaves the mouse to the terminal.
        expect(tui.output()).not.toContain("\u001b[?1000h");

        tui.write("\u000f");
        await tui.waitForText(/q back · /);
        await tui.waitForText("Delta epsilon zeta.");
        expect(tui.output()).toContain(MOUSE_ON);

        // A drag over two paragraphs: from "beta" to the end of "epsilon", the blank row between.
        const from = cellOf(tui, "beta gamma.");
        const to = cellOf(tui, "Delta epsilon");
        const end = { x: to.x + "Delta epsilon".length - 1, y: to.y };
        const copies = osc52Payloads(tui.output()).length;
        tui.write(press(from.x, from.y) + drag(from.x + 3, from.y) + drag(end.x, end.y) + release(end.x, end.y));
        await tui.waitForText("Selection: sent to the terminal clipboard (OSC 52)");
        const payloads = osc52Payloads(tui.output());
        expect(payloads.length).toBe(copies + 1);
        expect(payloads.at(-1)).toBe("beta gamma.\n\nDelta epsilon");

        // One row, right to left: the same cells, in reading order.
        const zeta = cellOf(tui, "zeta.");
        tui.write(press(zeta.x + 4, zeta.y) + drag(zeta.x, zeta.y) + release(zeta.x, zeta.y));
        await waitUntil(() => osc52Payloads(tui.output()).length === copies + 2, "a second copy");
        expect(osc52Payloads(tui.output()).at(-1)).toBe("zeta.");

        // The wheel: up shows earlier output lines, down goes back.
        // The first row's text, without the gutter (the cursor's mark moves as the view scrolls).
        const firstRow = (): string => (tui.screen()[0] ?? "").slice(2);
        const bottom = firstRow();
        tui.write(wheel(false).repeat(4));
        await waitUntil(() => firstRow() !== bottom && /out-line-\d+/.test(tui.screenText()), "the wheel up");
        tui.write(wheel(true).repeat(4));
        await waitUntil(() => firstRow() === bottom, `the wheel down to "${bottom}"`);

        // A click in the gutter of an output line folds the tool block; a click on its ▸ line unfolds it.
        tui.write(wheel(false).repeat(4));
        await waitUntil(() => /out-line-5\d/.test(tui.screenText()), "output lines on screen");
        const line = cellOf(tui, "out-line-5");
        tui.write(press(1, line.y) + release(1, line.y));
        await tui.waitForText(/▸ .*more rows/);
        expect(tui.screenText()).not.toContain("out-line-30");
        const marker = cellOf(tui, "▸");
        tui.write(press(marker.x + 2, marker.y) + release(marker.x + 2, marker.y));
        await tui.waitForNoText(/▸ .*more rows/);
        await tui.waitForText(/out-line-\d+/);

        // Leaving the view turns mouse reporting off, after the last time it was turned on.
        tui.write("q");
        await waitForEditor(tui, "");
        expect(tui.bufferKind()).toBe("normal");
        const out = tui.output();
        expect(out.lastIndexOf(MOUSE_OFF)).toBeGreaterThan(out.lastIndexOf(MOUSE_ON));
        // Mouse bytes the terminal still had in flight never become text in the editor.
        tui.write(press(5, 5) + release(5, 5) + wheel(true));
        await tui.type("typed");
        await waitForEditor(tui, "typed");
      },
    );
  }, 60_000);
});
