// Copying, end to end: an answer full of control characters (an end of bracketed paste among
// them) is copied with /copy and with `y` in the transcript view; the OSC 52 payloads, read from
// the raw bytes written to the pty, hold what a person sees (tabs and line breaks kept, every
// other control and bidi character as its placeholder) and are the same for both ways. The
// fallback file is not written into a directory another local user owns.
import { chmodSync, chownSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipboardText } from "../../src/tui/terminal/clipboard.js";
import { ALL_HOSTILE } from "../fixtures/hostile-text.mjs";
import { KEYS } from "./pty-harness.js";
import { BUILT, startTuiSession, submitLine, waitForEditor, type TuiSession } from "./tui-session.js";

const ANSWER = `Run:\tthis\nthen \u001b[201~echo pasted-and-run\u001b[200~ ${ALL_HOSTILE} \u009b2J COPY-END`;
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The texts of every OSC 52 clipboard write in `raw`, decoded. */
function clipboardWrites(raw: string): string[] {
  return [...raw.matchAll(/\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/g)].map((m) =>
    Buffer.from(m[1] ?? "", "base64").toString("utf8"),
  );
}

describe.skipIf(!BUILT)("copying an answer with control characters (under a pty)", () => {
  let session: TuiSession;

  beforeAll(async () => {
    session = await startTuiSession([{ kind: "text", matchLastUser: "COPY-PROMPT", chunks: [ANSWER] }], {
      cols: 240,
      rows: 30,
    });
    await submitLine(session.tui, "COPY-PROMPT");
    await session.tui.waitForText("COPY-END");
    await session.tui.waitForNoText("Working…");
    await waitForEditor(session.tui, "");
  }, 40_000);

  afterAll(async () => {
    await session?.dispose();
  });

  it("/copy and y put the same visible text on the clipboard, never a raw control", async () => {
    const { tui } = session;
    await submitLine(tui, "/copy");
    await tui.waitForText("The last answer: sent to the terminal clipboard (OSC 52)", 10_000, "all");
    const [copied] = clipboardWrites(tui.output());
    expect(copied).toBe(clipboardText(ANSWER));
    expect(copied).not.toMatch(FORBIDDEN);
    expect(copied).toMatch(/^Run:\tthis\nthen ␛\[201~echo pasted-and-run␛\[200~ ␛\]52;c;/);

    tui.write(KEYS.ctrlO);
    await tui.waitForText(/q back · /);
    // The cursor to the answer: search for a word of it.
    tui.write("/");
    await tui.waitForText(/^\/█/m);
    await tui.type("pasted-and-run");
    tui.write(KEYS.enter);
    await tui.waitForText(/▌ .*pasted-and-run/);
    tui.write("y");
    await tui.waitForText("Block: sent to the terminal clipboard (OSC 52)");
    const writes = clipboardWrites(tui.output());
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(copied);
  }, 30_000);

  it.skipIf(process.getuid?.() !== 0)(
    "/copy writes no file into a copy directory another user owns, and says so",
    async () => {
      const { tui, sandbox } = session;
      // The sandbox's TMPDIR: agent-tui-<uid> there is where the first copy went; now another user's, 0777, with a trap.
      const planted = join(sandbox.root, "tmp", `agent-tui-${process.getuid?.()}`);
      const victim = join(sandbox.root, "victim.txt");
      writeFileSync(victim, "the user's file\n");
      rmSync(join(planted, "last-copy.md"));
      symlinkSync(victim, join(planted, "last-copy.md"));
      chmodSync(planted, 0o777);
      chownSync(planted, 4321, 4321);
      if (tui.bufferKind() === "alternate") tui.write("q"); // back from the transcript view
      await waitForEditor(tui, "");
      await submitLine(tui, "/copy");
      await tui.waitForText(/could not save a copy to a file: .*belongs to another user \(uid 4321\)/, 10_000, "all");
      expect(readFileSync(victim, "utf8")).toBe("the user's file\n");
    },
    30_000,
  );
});
