// The transcript view (Ctrl+O) end to end: agent-tui on agent-rpc and the scripted LLM under a
// pty. A 60-line tool output finished two answers earlier is shown in full on the alternate
// screen, `/` finds a word in it, `y` copies the block (OSC 52 in the raw bytes), `q` returns
// to the main screen exactly as it was, mouse reporting off again, and a SIGTERM while the view
// is up leaves the terminal on the main screen.
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty-harness.js";
import { BUILT as built, submitLine, waitForEditor, waitUntil, withTuiSession } from "./tui-session.js";

const COMMAND =
  'for i in $(seq 1 60); do if [ $i = 37 ]; then echo "out-line-$i quokka"; else echo "out-line-$i"; fi; done';

/** The payload of the last OSC 52 sequence in `raw`, decoded. */
function lastOsc52(raw: string): string | undefined {
  const all = [...raw.matchAll(/\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/g)];
  const last = all.at(-1)?.[1];
  return last === undefined ? undefined : Buffer.from(last, "base64").toString("utf8");
}

describe.skipIf(!built)("transcript view under a pty", () => {
  it("shows every line of an earlier tool output, searches it, copies a block and returns intact", async () => {
    await withTuiSession(
      [
        {
          kind: "tool_call",
          matchLastUser: "TOOL-TEST",
          calls: [{ id: "call_60", name: "bash", arguments: { command: COMMAND } }],
        },
        { kind: "text", matchLastUser: "TOOL-TEST", chunks: ["Ran the loop."], delayMs: 5 },
        { kind: "text", matchLastUser: "SECOND-PROMPT", chunks: ["Second ", "answer."], delayMs: 5 },
        { kind: "text", matchLastUser: "THIRD-PROMPT", chunks: ["Third ", "answer."], delayMs: 5 },
      ],
      { cols: 100, rows: 30 },
      async ({ tui }) => {
        await submitLine(tui, "TOOL-TEST run it");
        await tui.waitForText("Ran the loop.");
        await tui.waitForNoText("Working…");
        await submitLine(tui, "SECOND-PROMPT");
        await tui.waitForText("Second answer.");
        await tui.waitForNoText("Working…");
        await submitLine(tui, "THIRD-PROMPT");
        await tui.waitForText("Third answer.");
        await tui.waitForNoText("Working…");
        await waitForEditor(tui, "");
        // Inline, the output was cut to a preview.
        expect(tui.allText()).not.toContain("out-line-20\n");
        const mainScreen = tui.screenText();
        const mainAll = tui.allText();

        tui.write(KEYS.ctrlO);
        await tui.waitForText(/q back · /);
        expect(tui.bufferKind()).toBe("alternate");
        expect(tui.output()).toContain("\u001b[?1000h");
        await tui.waitForText("Third answer.");

        // Jump to the tool call and page through it: every output line is there.
        tui.write("{");
        await tui.waitForText(/✓ bash · done/);
        const seen = new Set<string>();
        const shown = (): number[] =>
          tui.screen().flatMap((row) => [...row.matchAll(/out-line-(\d+)/g)].map((m) => Number(m[1])));
        // A page is read once it is drawn whole: its output lines run without a gap (a screen read
        // while the terminal is still drawing it would miss rows).
        const drawnWhole = async (isNew: (lines: number[]) => boolean): Promise<void> => {
          const whole = (lines: number[]): boolean =>
            lines.length > 0 && isNew(lines) && lines.every((n, i) => i === 0 || n === (lines[i - 1] ?? 0) + 1);
          let page: number[] = [];
          const read = (): boolean => {
            page = shown();
            return whole(page);
          };
          await waitUntil(read, "a whole page of output", 20_000, () => tui.screenText());
          for (const n of page) seen.add(String(n));
        };
        await drawnWhole(() => true);
        for (let page = 0; page < 4 && seen.size < 60; page += 1) {
          const first = shown()[0];
          tui.write("f");
          await drawnWhole((lines) => lines[0] !== first);
        }
        expect([...seen].map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));

        // Search from the top: the match is shown and highlighted.
        tui.write("g");
        await tui.waitForText(/▌ .*TOOL-TEST run it/);
        tui.write("/");
        await tui.waitForText(/^\/█/m);
        await tui.type("quokka");
        await tui.waitForText("/quokka");
        tui.write(KEYS.enter);
        // The first match is in the command (the tool's full arguments), n goes to the output.
        await tui.waitForText(/^1\/2 /m);
        expect(tui.screenText()).toMatch(/▌ +\$ for i in .*quokka/);
        tui.write("n");
        await tui.waitForText(/^2\/2 /m);
        expect(tui.screenText()).toMatch(/▌ +out-line-37 quokka/);
        expect(tui.output()).toContain("\u001b[7mquokka\u001b[27m");

        // y copies the block under the cursor (the tool call) as plain text.
        tui.write("y");
        await tui.waitForText("Block: sent to the terminal clipboard (OSC 52)");
        // The whole message, with the file it was saved to, even when wider than the row.
        await tui.waitForText(/last-copy\.md\./);
        const copied = lastOsc52(tui.output()) ?? "";
        expect(copied).toContain(`$ ${COMMAND}`);
        expect(copied).toContain("out-line-1\n");
        expect(copied).toContain("out-line-37 quokka\nout-line-38");
        expect(copied).toContain("out-line-60");
        expect(copied).not.toContain("\u001b");

        tui.write("q");
        await tui.waitForText(/message the agent/);
        expect(tui.bufferKind()).toBe("normal");
        expect(tui.screenText()).toBe(mainScreen);
        expect(tui.allText()).toBe(mainAll);
        expect(tui.output().lastIndexOf("\u001b[?1000l")).toBeGreaterThan(tui.output().lastIndexOf("\u001b[?1000h"));
        // The editor has the keyboard again.
        await tui.type("after");
        await waitForEditor(tui, "after");

        // Killed while the view is up: the terminal is back on the main screen.
        tui.write(KEYS.ctrlO);
        await tui.waitForText(/q back · /);
        expect(tui.bufferKind()).toBe("alternate");
        process.kill(tui.pid, "SIGTERM");
        await tui.waitForExit();
        expect(tui.bufferKind()).toBe("normal");
        // …with the cursor shown again.
        expect(tui.output().slice(tui.output().lastIndexOf("\u001b[?1049l"))).toContain("\u001b[?25h");
      },
    );
  }, 60_000);
});
