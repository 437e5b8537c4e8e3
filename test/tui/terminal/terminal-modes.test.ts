// Terminal modes: the title is ours ("agent-tui · name · state"), sanitised, pushed over the
// shell's and popped on the way out; Ctrl+Z gives back exactly what we changed (the kitty
// keyboard mode only if Ink pushed it) and fg takes it again.
import { describe, expect, it } from "vitest";
import { createTerminalModes } from "../../../src/tui/terminal/terminal.js";
import { terminalTitle } from "../../../src/tui/render/title.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";

function fakeTerminal(): { out: NodeJS.WriteStream; input: NodeJS.ReadStream; written: () => string; raw: boolean[] } {
  let data = "";
  const raw: boolean[] = [];
  const out = {
    isTTY: true,
    writable: true,
    write: (d: string) => {
      data += d;
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  const input = {
    isTTY: true,
    setRawMode: (on: boolean) => {
      raw.push(on);
      return input;
    },
  } as unknown as NodeJS.ReadStream;
  return { out, input, written: () => data, raw };
}

describe("terminal title", () => {
  it("names the session or folder and the state", () => {
    let s = reduce(createInitialState(), { type: "workspace", cwd: "/home/me/project", branch: undefined });
    expect(terminalTitle(s)).toBe("agent-tui · project · idle");
    s = reduce(s, { type: "run_state", busy: true, now: 0 });
    expect(terminalTitle(s)).toBe("agent-tui · project · working");
    s = reduce(s, { type: "agent_event", event: { type: "session_info_changed", name: "refactor" }, now: 0 });
    s = reduce(s, {
      type: "ui_request",
      request: {
        kind: "dialog",
        dialog: { method: "confirm", id: "d", title: "ok?", message: "", timeoutMs: undefined, receivedAt: 0 },
      },
      now: 0,
    });
    expect(terminalTitle(s)).toBe("agent-tui · refactor · needs you");
    // A remote worker before it reports its directory: its host.
    const remote = reduce(createInitialState(), { type: "workspace", cwd: "", branch: undefined, host: "devbox" });
    expect(terminalTitle(remote)).toBe("agent-tui · devbox · idle");
  });

  it("never carries an escape sequence from an untrusted name", () => {
    const t = fakeTerminal();
    const modes = createTerminalModes(t.out, { modifyOtherKeys: true });
    modes.enable();
    modes.setTitle("agent-tui · evil\u001b]52;c;AAAA\u0007\u001b[2J\u009b31m · idle");
    const title = /\u001b\]0;([^\u0007]*)\u0007/.exec(t.written())?.[1] ?? "";
    expect(title.startsWith("agent-tui · evil")).toBe(true);
    expect(title).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it("pushes the shell's title first and pops it last; Ctrl+Z restores only what we changed", () => {
    const t = fakeTerminal();
    const modes = createTerminalModes(t.out, { modifyOtherKeys: true });
    modes.setTitle("agent-tui · p · idle");
    modes.enable();
    expect(t.written()).toBe("\u001b[?2004h\u001b[>4;1m\u001b[22;0t\u001b]0;agent-tui · p · idle\u0007");
    modes.suspend(t.input);
    expect(t.written().endsWith("\u001b[0m\u001b[?2004l\u001b[?25h\u001b[>4;0m\u001b[23;0t")).toBe(true);
    modes.observe("\u001b[>1u"); // Ink pushed the kitty keyboard mode
    modes.suspend(t.input);
    expect(t.written()).toContain("\u001b[<u\u001b[0m");
    modes.resume(t.input);
    expect(
      t.written().endsWith("\u001b[>1u\u001b[?2004h\u001b[>4;1m\u001b[22;0t\u001b]0;agent-tui · p · idle\u0007"),
    ).toBe(true);
    expect(t.raw).toEqual([false, false, true]);
    modes.restore(t.input);
    modes.restore(t.input); // idempotent
    expect(t.written().endsWith("\u001b[23;0t")).toBe(true);
    expect(t.raw).toEqual([false, false, true, false]);
  });
});
