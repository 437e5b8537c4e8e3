// Forks in the session picker, under a pty: /fork and a /tree jump each make a session that
// starts with the same first prompt; /resume nests each under the session it came from and
// labels it by what it has of its own, with where it branched and when.
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty-harness.js";
import { BUILT, submitLine, waitForEditor, withTuiSession } from "./tui-session.js";

const FIRST = "show me some code please";
const DATE = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d`;

describe.skipIf(!BUILT)("forks in the session picker", () => {
  it("/resume shows forks and tree jumps under their parent, with the branch point and the time", async () => {
    const script = [
      { kind: "text" as const, matchLastUser: FIRST, chunks: ["ANSWER-ONE"] },
      { kind: "text" as const, matchLastUser: "now in python", chunks: ["ANSWER-TWO"] },
      { kind: "text" as const, matchLastUser: "now in rust", chunks: ["ANSWER-THREE"] },
      { kind: "text" as const, matchLastUser: "now in go", chunks: ["ANSWER-FOUR"] },
    ];
    await withTuiSession(script, { cols: 120, rows: 30 }, async ({ tui }) => {
      await submitLine(tui, FIRST);
      await tui.waitForText("ANSWER-ONE");
      await submitLine(tui, "now in python");
      await tui.waitForText("ANSWER-TWO");

      // /fork from the second prompt (newest first), and ask something else there.
      await submitLine(tui, "/fork");
      await tui.waitForText("Fork from a message");
      tui.write(KEYS.enter);
      await tui.waitForText("── Forked session ──");
      await waitForEditor(tui, "now in python");
      tui.write(KEYS.ctrlC);
      await waitForEditor(tui, "");
      await submitLine(tui, "now in rust");
      await tui.waitForText("ANSWER-THREE");

      // A /tree jump back to that prompt makes another session from the fork.
      await submitLine(tui, "/tree");
      await tui.waitForText("Session tree");
      await tui.type("now in rust");
      await tui.waitForText(/› .*now in rust/);
      tui.write(KEYS.enter);
      await tui.waitForText("Jumped to a branch");
      await waitForEditor(tui, "now in rust");
      tui.write(KEYS.ctrlC);
      await waitForEditor(tui, "");
      await submitLine(tui, "now in go");
      await tui.waitForText("ANSWER-FOUR");

      await submitLine(tui, "/resume");
      await tui.waitForText("Resume a session");
      await tui.waitForText("now in go");
      const screen = tui.screen();
      const rows = screen.slice(
        screen.findIndex((r) => r.includes("Resume a session")),
        screen.findIndex((r) => r.includes("enter choose")),
      );
      // One entry reads the first prompt; the copies are nested and say what they asked instead.
      expect(rows.filter((r) => r.includes(FIRST))).toHaveLength(1);
      const at = rows.findIndex((r) => r.includes(FIRST));
      expect(rows[at]).toMatch(new RegExp(`${FIRST} +${DATE} · 4 msg`));
      // Each level one step further in: the fork under the first session, the jump under the fork.
      const column = (row: string | undefined, text: string): number => row?.indexOf(text) ?? -1;
      expect(rows[at + 1]).toMatch(new RegExp(`└─ now in rust +⑂ after msg 2 · ${DATE}:\\d\\d · 4 msg`));
      expect(rows[at + 2]).toMatch(new RegExp(`└─ now in go +⑂ after msg 2 · ${DATE}:\\d\\d · 4 msg`));
      expect(column(rows[at + 1], "└─")).toBeGreaterThan(column(rows[at], FIRST));
      expect(column(rows[at + 2], "└─")).toBeGreaterThan(column(rows[at + 1], "└─"));
      tui.write(KEYS.esc);
    });
  }, 60_000);
});
