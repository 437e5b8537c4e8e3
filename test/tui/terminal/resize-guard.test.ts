// The resize guard: re-wrapped rows and which terminals reflow.
import { describe, expect, it } from "vitest";

describe("resize guard", () => {
  it("counts re-wrapped rows and takes a terminal to reflow unless it is known not to", async () => {
    const { terminalReflows } = await import("../../../src/tui/terminal/resize-guard.js");
    const { reflowedRows } = await import("../../../src/tui/ink/ink-inline-writer.js");
    expect(reflowedRows(["x".repeat(99), "", "\u001b[31mabc\u001b[39m"], 50)).toBe(2 + 1 + 1);
    expect(terminalReflows({ TERM_PROGRAM: "iTerm.app" })).toBe(true);
    // Over ssh a terminal's own variables are gone: xterm-256color is most often a reflowing one.
    expect(terminalReflows({ TERM: "xterm-256color" })).toBe(true);
    expect(terminalReflows({ TERM: "xterm", XTERM_VERSION: "XTerm(390)" })).toBe(false);
    expect(terminalReflows({ TERM: "linux" })).toBe(false);
    expect(terminalReflows({ TERM: "linux", AGENT_TUI_REFLOW: "1" })).toBe(true);
    expect(terminalReflows({ TMUX: "/tmp/x", AGENT_TUI_REFLOW: "0" })).toBe(false);
  });
});
