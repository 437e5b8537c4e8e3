// While an answer streams, the blank line between two paragraphs is on screen as soon as the
// second one starts: also when the first was already printed into the scrollback (a long
// answer is committed at its paragraph breaks), not only once the second one ends.
import { describe, expect, it } from "vitest";
import { BUILT, submitLine, withTuiSession } from "./tui-session.js";

const FIRST = Array.from({ length: 14 }, (_, i) => `First paragraph line ${i + 1}.`).join("\n");

describe.skipIf(!BUILT)("streaming paragraphs", () => {
  it("show their blank line while the second one is streaming", async () => {
    const step = {
      kind: "text" as const,
      matchLastUser: "PARAS",
      chunks: [`${FIRST}\n\n`, "Second paragraph starts", " and ends."],
      delayMs: 20,
      holdAfter: 2,
    };
    await withTuiSession([step], { rows: 16 }, async ({ tui, sandbox }) => {
      await submitLine(tui, "PARAS please");
      await tui.waitForText("Second paragraph starts", 15_000, "all");
      const rows = tui.allText().split("\n");
      const at = rows.findIndex((r) => r.includes("Second paragraph starts"));
      expect(rows[at - 1]?.trim(), rows.slice(at - 3, at + 1).join("\n")).toBe("");
      expect(rows[at - 2]).toContain("First paragraph line 14.");
      sandbox.llm.release();
      await tui.waitForText("and ends.", 15_000, "all");
    });
  }, 30_000);
});
