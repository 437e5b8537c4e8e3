// The checkpoints of a fork, as a person uses them under a pty (bundled agent, scripted model):
// after /rewind takes the conversation back to before turn 2, the new session still offers turn
// 1 to /diff and /rewind, and rewinding its files there puts them back byte for byte.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS, type TuiProcess } from "./pty-harness.js";
import { BUILT, submitLine, waitForEditor, withTuiSession } from "./tui-session.js";

const edit = (id: string, oldText: string, newText: string) => ({
  id,
  name: "edit",
  arguments: { path: "a.txt", edits: [{ oldText, newText }] },
});

const SCRIPT: FakeStep[] = [
  { kind: "tool_call", matchLastUser: "TURN-ONE", calls: [edit("call_one", "version 0", "version 1")] },
  { kind: "text", match: "call_one", chunks: ["Turn one done."] },
  { kind: "tool_call", matchLastUser: "TURN-TWO", calls: [edit("call_two", "version 1", "version 2")] },
  { kind: "text", match: "call_two", chunks: ["Turn two done."] },
];

const idle = (tui: TuiProcess): Promise<void> => tui.waitForText(/^› {1,2}message the agent/m);

describe.skipIf(!BUILT)("checkpoints in a forked session", () => {
  it("after a conversation rewind, /diff and /rewind still offer the turn the fork kept", async () => {
    await withTuiSession(SCRIPT, { cols: 110, rows: 32 }, async ({ tui, sandbox }) => {
      const file = join(sandbox.cwd, "a.txt");
      writeFileSync(file, "version 0\n");
      await submitLine(tui, "TURN-ONE first");
      await tui.waitForText("Turn one done.", 20_000);
      await idle(tui);
      await submitLine(tui, "TURN-TWO second");
      await tui.waitForText("Turn two done.", 20_000);
      await idle(tui);

      // The conversation only, to before turn 2: a new session that kept turn 1.
      await submitLine(tui, "/rewind");
      await tui.waitForText("Rewind to before which turn?");
      await tui.type("TURN-TWO");
      await tui.waitForText(/› .*TURN-TWO/);
      tui.write(KEYS.enter);
      await tui.waitForText("Restore the conversation only");
      tui.write(KEYS.down + KEYS.down);
      await tui.waitForText(/› .*Restore the conversation only/);
      tui.write(KEYS.enter);
      await waitForEditor(tui, "TURN-TWO second");
      expect(readFileSync(file, "utf8")).toBe("version 2\n");
      tui.write(KEYS.ctrlC);
      await idle(tui);

      await submitLine(tui, "/diff");
      await tui.waitForText("Review · turn 1");
      expect(tui.screenText()).toMatch(/M a\.txt +\+1 -1/);
      tui.write("q");
      await idle(tui);

      await submitLine(tui, "/rewind");
      await tui.waitForText("Rewind to before which turn?");
      await tui.waitForText(/turn 1 · 1 file \+1 -1/);
      // Turn 2 was left out of the fork: the list offers turn 1 alone.
      expect(tui.screenText()).not.toMatch(/turn 2 · /);
      tui.write(KEYS.enter);
      await tui.waitForText("Restore the files only");
      tui.write(KEYS.down);
      await tui.waitForText(/› .*Restore the files only/);
      tui.write(KEYS.enter);
      await tui.waitForText("Rewound to before turn 1:", 20_000);
      expect(readFileSync(file, "utf8")).toBe("version 0\n");
    });
  }, 40_000);
});
