// Queue, menus and settings end to end: the real agent-tui driving the real agent-rpc (built
// dist/) on the scripted LLM under a pseudo-terminal, one shared session. Esc gives queued
// messages back; the `/` and `@` lists; Ctrl+L; /settings; --list-models and unknown --model.
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty-harness.js";
import { BUILT as built, FAKE_MODEL, sharedTuiSession, submitLine, waitForEditor } from "./tui-session.js";

const slow = (tag: string): { kind: "text"; matchLastUser: string; chunks: string[]; delayMs: number } => ({
  kind: "text",
  matchLastUser: tag,
  chunks: Array.from({ length: 80 }, (_, i) => `${tag.toLowerCase()}${i} `),
  delayMs: 60,
});

describe.skipIf(!built)("queue and menus with the bundled agent", () => {
  const s = sharedTuiSession([slow("QUEUE-RUN"), { kind: "text", matchLastUser: "AFTER-ESC", chunks: ["After ", "escape."], delayMs: 5 }], {
    args: [...FAKE_MODEL, "--no-session"],
    cols: 100,
    rows: 30,
  });

  it("Esc while messages are queued puts them back into the editor, steering first, and none is sent", async () => {
    const { tui, sandbox } = s;
    await submitLine(tui, "QUEUE-RUN go");
    await tui.waitForText("queue-run2");
    await tui.type("follow two");
    tui.write(KEYS.altEnter);
    await tui.waitForText(/Follow-up \(1\) follow two/);
    await submitLine(tui, "steer one");
    await tui.waitForText(/Steering \(1\) steer one/);
    await tui.waitForText("↳ Alt+Up to edit all queued messages");
    tui.write(KEYS.esc);
    await tui.waitForText(/Aborted/);
    await tui.waitForNoText("Working…");
    await tui.waitForNoText(/Steering \(1\)|Follow-up \(1\)|↳ Alt\+Up/);
    // Steering first, then the follow-up, as separate paragraphs of one draft.
    const rows = tui.screen();
    const at = rows.findIndex((r) => r.startsWith("› steer one"));
    expect(rows.slice(at, at + 3).map((r) => r.trimEnd())).toEqual(["› steer one", "", "  follow two"]);
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
    await submitLine(tui, "AFTER-ESC");
    await tui.waitForText("After escape.");
    const users = JSON.stringify(sandbox.llm.requests.at(-1)?.body);
    expect(users).not.toContain("steer one");
    expect(users).not.toContain("follow two");
  });
});
