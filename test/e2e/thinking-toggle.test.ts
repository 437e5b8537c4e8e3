// Ctrl+T under a pty on the bundled agent: the thinking being streamed is hidden and shown at
// once (the next answer is not needed to see the key worked), a notice line says which way it
// went, and the transcript view follows the setting. Scrollback already written stays as it is.
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty-harness.js";
import { BUILT as built, sharedTuiSession, submitLine } from "./tui-session.js";

const CTRL_T = "\u0014";
const THOUGHT = "pondering the secret word zanzibar";
const LATER = "then a second thought about quokkas";

describe.skipIf(!built)("Ctrl+T shows and hides thinking at once", () => {
  const s = sharedTuiSession(
    [
      {
        kind: "raw",
        matchLastUser: "THINK-HOLD",
        frames: [
          { delta: { reasoning_content: `${THOUGHT}\n\n${LATER}` } },
          { hold: true },
          { delta: { content: "Held answer." } },
          { finish_reason: "stop" },
          { usage: true },
        ],
      },
    ],
    { cols: 100, rows: 30 },
  );

  it("while thinking streams: the live region follows the key, and a notice says which way", async () => {
    const { tui, sandbox } = s;
    await submitLine(tui, "THINK-HOLD go");
    await tui.waitForText(LATER);
    tui.write(CTRL_T);
    await tui.waitForText(/^· Thinking hidden/m);
    await tui.waitForNoText(THOUGHT);
    await tui.waitForNoText(LATER);
    tui.write(CTRL_T);
    await tui.waitForText(/^· Thinking shown/m);
    await tui.waitForText(LATER);
    // Still the same answer, held by the model: nothing else was needed to redraw.
    expect(tui.screenText()).not.toContain("Held answer.");
    sandbox.llm.release();
    await tui.waitForText("Held answer.");
    await tui.waitForNoText("Working…");
  });

  it("the transcript view opened after the key follows it", async () => {
    const { tui } = s;
    tui.write(CTRL_T);
    await tui.waitForText(/^· Thinking hidden/m);
    tui.write(KEYS.ctrlO);
    await tui.waitForText(/q back · /);
    expect(tui.bufferKind()).toBe("alternate");
    await tui.waitForText("Held answer.");
    // Hidden thinking is folded to its first row there, as a block folded by hand.
    await tui.waitForText(/▸ thinking · /);
    expect(tui.screenText()).not.toContain(LATER);
    tui.write("q");
    await tui.waitForNoText(/q back · /);
    tui.write(CTRL_T);
    await tui.waitForText(/^· Thinking shown/m);
    tui.write(KEYS.ctrlO);
    await tui.waitForText(/q back · /);
    expect(tui.bufferKind()).toBe("alternate");
    await tui.waitForText(LATER);
    tui.write("q");
    await tui.waitForNoText(/q back · /);
  });
});
