// agent-rpc's stderr: in a terminal every write shows controls as placeholders (a folder name
// quoted in a message cannot write the clipboard); piped it stays exact. The built agent-rpc run
// by hand under a pty, with a hostile name in its message, writes none of it raw.
import { Writable } from "node:stream";
import { join } from "node:path";
import pty from "node-pty";
import { describe, expect, it } from "vitest";
import { guardTerminalStderr } from "../../src/agent/terminal-stderr.js";
import { ALL_HOSTILE } from "../fixtures/hostile-text.mjs";
import { AGENT_BIN } from "./helpers/agent-process.js";
import { TEST_TMP } from "./helpers/isolated-tmp.js";

const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString("utf8"));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY });
  return { stream, written: () => chunks.join("") };
}

describe("agent-rpc's stderr", () => {
  it("in a terminal shows every control as a placeholder, bytes split inside a character included", () => {
    const { stream, written } = fakeStream(true);
    guardTerminalStderr(stream);
    stream.write(`agent-rpc: cannot read /w/${ALL_HOSTILE}/AGENTS.md\n`);
    const bytes = Buffer.from("é\u001b]0;x\u0007\n", "utf8");
    stream.write(bytes.subarray(0, 1));
    stream.write(bytes.subarray(1));
    expect(written()).not.toMatch(FORBIDDEN);
    expect(written()).toContain("␛]52;c;");
    expect(written()).toContain("é␛]0;x␇\n");
  });

  it("piped stays exact", () => {
    const { stream, written } = fakeStream(false);
    guardTerminalStderr(stream);
    stream.write(`raw ${ALL_HOSTILE}\n`);
    expect(written()).toBe(`raw ${ALL_HOSTILE}\n`);
  });

  it("the built agent-rpc in a terminal writes a hostile name in its message as placeholders", async () => {
    const name = ALL_HOSTILE.replace(/\u0000/g, "0");
    const child = pty.spawn(process.execPath, [AGENT_BIN, "attach", name], {
      cols: 400,
      rows: 20,
      cwd: TEST_TMP,
      env: { PATH: process.env["PATH"] ?? "", HOME: TEST_TMP, AGENT_TUI_HOME: join(TEST_TMP, "agent-home") },
    });
    let raw = "";
    child.onData((d) => {
      raw += d;
    });
    const code = await new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
    expect(code).not.toBe(0);
    expect(raw).toContain("no live session");
    expect(raw.replace(/\r\n/g, "\n")).not.toMatch(FORBIDDEN);
    expect(raw).toContain("␛]52;c;");
  }, 20_000);
});
