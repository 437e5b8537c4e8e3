// /diff and /rewind given bad input, as a person meets them under a pty (bundled agent, scripted
// model): a checkpoint store whose contents were deleted is named in the error, no file is
// touched and the conversation can still be rewound; a rewind asked for while a run streams is
// refused with the way out (Esc), and nothing changes.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS, type TuiProcess } from "./pty-harness.js";
import { BUILT, submitLine, withTuiSession } from "./tui-session.js";

const SCRIPT: FakeStep[] = [
  {
    kind: "tool_call",
    matchLastUser: "TURN-ONE",
    calls: [{ id: "call_a", name: "edit", arguments: { path: "a.txt", edits: [{ oldText: "old", newText: "new" }] } }],
  },
  { kind: "text", match: "call_a", chunks: ["Turn one ", "done."] },
  { kind: "hang", matchLastUser: "HANG" },
];

const idle = (tui: TuiProcess): Promise<void> => tui.waitForText(/^› {1,2}message the agent/m);

describe.skipIf(!BUILT)("rewind given bad input", () => {
  it("a store whose contents were deleted is named and nothing is written; a rewind during a run is refused", async () => {
    await withTuiSession(SCRIPT, { cols: 110, rows: 32 }, async ({ tui, sandbox }) => {
      const file = join(sandbox.cwd, "a.txt");
      writeFileSync(file, "the old text\n");
      await submitLine(tui, "TURN-ONE edit a.txt");
      await tui.waitForText("Turn one done.", 20_000);
      await idle(tui);
      expect(readFileSync(file, "utf8")).toBe("the new text\n");

      const stores = join(String(sandbox.env["AGENT_TUI_HOME"]), "checkpoints");
      const [session] = readdirSync(stores);
      rmSync(join(stores, String(session), "blobs"), { recursive: true });
      await submitLine(tui, "/diff");
      await tui.waitForText(/\/diff failed: The checkpoint store has lost the content of a\.txt/);
      // The files cannot go back; the conversation still can.
      await submitLine(tui, "/rewind");
      await tui.waitForText(/File rewind is not available: The checkpoint store has lost the content of a\.txt/);
      await tui.waitForText("Rewind the conversation to before…");
      tui.write(KEYS.esc);
      await tui.waitForNoText("Rewind the conversation to before…");
      expect(readFileSync(file, "utf8")).toBe("the new text\n");

      await submitLine(tui, "HANG on");
      await tui.waitForText("Working");
      await submitLine(tui, "/rewind");
      await tui.waitForText("The agent is working: stop it (Esc) before rewinding.");
      expect(tui.screenText()).not.toContain("Rewind to before which turn?");
      expect(readFileSync(file, "utf8")).toBe("the new text\n");
      tui.write(KEYS.esc);
      await idle(tui);
    });
  }, 40_000);
});
