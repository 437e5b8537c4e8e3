// The resize guard: re-wrapped rows and which terminals reflow.
import { describe, expect, it } from "vitest";

describe("resize guard", () => {
  it("counts re-wrapped rows and knows which terminals reflow", async () => {
    const { reflowedRows, terminalReflows } = await import("../../src/tui/resize-guard.js");
    expect(reflowedRows(["x".repeat(99), "", "\u001b[31mabc\u001b[39m"], 50)).toBe(2 + 1 + 1);
    expect(terminalReflows({ TERM_PROGRAM: "iTerm.app" })).toBe(true);
    expect(terminalReflows({ TERM: "xterm" })).toBe(false);
    expect(terminalReflows({ TERM: "xterm", AGENT_TUI_REFLOW: "1" })).toBe(true);
    expect(terminalReflows({ TMUX: "/tmp/x", AGENT_TUI_REFLOW: "0" })).toBe(false);
  });
});
