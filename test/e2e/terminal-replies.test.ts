// A terminal's late answer to a query (the background colour asked at start, over a slow link)
// is not typed into the editor: under a pty, OSC and DCS replies written to agent-tui's stdin
// leave the editor as it was, and typing goes on.
import { describe, expect, it } from "vitest";
import { BUILT, waitForEditor, withTuiSession } from "./tui-session.js";

describe.skipIf(!BUILT)("terminal replies under a pty", () => {
  it("drops OSC and DCS replies and keeps the keys around them", async () => {
    await withTuiSession([], { args: ["--no-session"] }, async ({ tui }) => {
      await tui.type("ab");
      await waitForEditor(tui, "ab");
      tui.write("\u001b]11;rgb:0000/0000/0000\u001b\\");
      tui.write("\u001b]11;rgb:ffff/ffff/ffff\u0007");
      tui.write("\u001bP1$r0m\u001b\\");
      await tui.type("cd");
      await waitForEditor(tui, "abcd");
      expect(tui.screenText()).not.toContain("rgb:");
    });
  }, 60_000);
});
