// keybindings.json reaches the review (/diff) as a person sees it: agent-tui on agent-rpc under a
// pty, with a file that moves review.revert_hunk to "u" and gives its old key "r" to
// review.next_hunk. After a turn edits two places of a file, "r" then "u" (typed in one burst)
// moves to the second change and reverts it: the first change stays on disk. The hint row says so. With today's keys
// the same burst would revert the first change instead.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { spawnTui } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine } from "./tui-session.js";

const ORIGINAL = Array.from({ length: 20 }, (_, i) => `alpha line ${i + 1}\n`).join("");

const edit = (id: string, oldText: string, newText: string) => ({
  id,
  name: "edit",
  arguments: { path: "a.txt", edits: [{ oldText, newText }] },
});

const SCRIPT: FakeStep[] = [
  {
    kind: "tool_call",
    matchLastUser: "EDIT-TWICE",
    calls: [
      edit("call_1", "alpha line 2\n", "alpha line TWO\n"),
      edit("call_2", "alpha line 18\n", "alpha line 18!\n"),
    ],
  },
  { kind: "text", match: "call_2", chunks: ["Edited ", "twice."] },
];

const FILE = ["{", '  "review.revert_hunk": ["u"],', '  "review.next_hunk": ["r", "j", "down"]', "}", ""].join("\n");

describe.skipIf(!BUILT)("keybindings.json in the review view", () => {
  it("a rebound review key acts in /diff", async () => {
    const sandbox = await createSandbox(SCRIPT);
    const home = sandbox.env["AGENT_TUI_HOME"] ?? "";
    writeFileSync(join(home, "keybindings.json"), FILE);
    writeFileSync(join(sandbox.cwd, "a.txt"), ORIGINAL);
    const tui = spawnTui({ args: FAKE_MODEL, cwd: sandbox.cwd, env: sandbox.env, cols: 110, rows: 32 });
    try {
      await tui.waitForText("Fake Model", 20_000);
      await submitLine(tui, "EDIT-TWICE");
      await tui.waitForText("Edited twice.", 20_000);
      await tui.waitForText(/^› {1,2}message the agent/m);
      expect(tui.allText()).not.toMatch(/keybindings\.json:\d+:/);

      await submitLine(tui, "/diff");
      await tui.waitForText("Review · turn 1");
      // The hint row shows the keys in force.
      await tui.waitForText("r/k change · tab file · a keep · u revert · R revert file");
      tui.write("ru");
      await tui.waitForText("Reverted a.txt lines 15–20.");
      expect(readFileSync(join(sandbox.cwd, "a.txt"), "utf8")).toBe(
        ORIGINAL.replace("alpha line 2\n", "alpha line TWO\n"),
      );
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 40_000);
});
