// What agent-tui leaves in the terminal when it exits: the last frame without its passing rows.
// The Ctrl+C hint and the "Working…" status belong to a moment that is over once the shell's
// prompt is back; they must not stay on the screen above it.
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty-harness.js";
import { BUILT, submitLine, withTuiSession } from "./tui-session.js";

describe.skipIf(!BUILT)("the frame agent-tui leaves at exit", () => {
  it("has no Ctrl+C hint after Ctrl+C twice", async () => {
    await withTuiSession([], {}, async ({ tui }) => {
      tui.write(KEYS.ctrlC);
      await tui.waitForText("Press Ctrl+C again to exit");
      tui.write(KEYS.ctrlC);
      expect(await tui.waitForExit()).toBe(0);
      expect(tui.allText()).not.toContain("Press Ctrl+C again");
      // The rest of the last frame stays: the editor and the footer.
      expect(tui.screenText()).toContain("Fake Model");
    });
  }, 30_000);

  it("has no Working… status after Ctrl+D during a run", async () => {
    await withTuiSession([{ kind: "hang", matchLastUser: "HANG" }], {}, async ({ tui }) => {
      await submitLine(tui, "HANG please");
      await tui.waitForText("Working…");
      tui.write(KEYS.ctrlD);
      expect(await tui.waitForExit()).toBe(0);
      expect(tui.screenText()).not.toContain("Working…");
      expect(tui.screenText()).toContain("HANG please");
    });
  }, 30_000);
});
