// File paths as links under a pty: a tool header's path is an OSC 8 link we write, to
// file://<this host><the worker's directory>/<path>, and so is a path in the answer's text; a link the model put in its text is not
// passed through (the sanitiser strips it); `links: false` in settings.json writes none.
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS } from "./pty-harness.js";
import { FAKE_MODEL, withTuiSession, type TuiSessionOptions } from "./tui-session.js";

const EVIL_URI = "file:///etc/passwd";
const SCRIPT: FakeStep[] = [
  {
    kind: "tool_call",
    matchLastUser: "read it",
    calls: [{ id: "call-read", name: "read", arguments: { path: "hello.txt" } }],
  },
  {
    kind: "text",
    match: "call-read",
    chunks: [`Read \`hello.txt\`. Also \u001b]8;;${EVIL_URI}\u0007this\u001b]8;;\u0007 and done.`],
  },
];
const ANY_LINK = /\u001b\]8;[^;\u0007\u001b]*;file:/;

/** Run the script and return everything the TUI wrote, and the sandbox's directory. */
async function run(o: TuiSessionOptions = {}): Promise<{ raw: string; cwd: string }> {
  let raw = "";
  let cwd = "";
  await withTuiSession(SCRIPT, { args: [...FAKE_MODEL, "--no-session"], ...o }, async ({ tui, sandbox }) => {
    cwd = sandbox.cwd;
    await tui.type("read it");
    tui.write(KEYS.enter);
    await tui.waitForText("and done.");
    raw = tui.output();
  });
  return { raw, cwd };
}

describe("file links under a pty", () => {
  it("links the read tool's path to the file on this machine and drops the model's own link", async () => {
    const { raw, cwd } = await run();
    const uri = `file://${encodeURIComponent(hostname())}${cwd.split("/").map(encodeURIComponent).join("/")}/hello.txt`;
    expect(raw).toContain(`\u001b]8;;${uri}\u0007hello.txt\u001b]8;;\u0007`);
    // The answer names the file in a code span: once printed, that name links to the same file.
    const answer = raw.slice(raw.lastIndexOf("Read ")).replace(/\u001b\[[0-9;]*m/g, "");
    const linked = `Read \u001b]8;;${uri}\u0007hello.txt`;
    expect(answer.slice(0, linked.length)).toBe(linked);
    // The model's link reaches the screen as visible text, never as a sequence.
    expect(raw).not.toContain(`\u001b]8;;${EVIL_URI}`);
    expect(raw).toContain(`␛]8;;${EVIL_URI}␇this`);
  });

  it("writes no link with links: false in settings.json", async () => {
    const { raw } = await run({ sandbox: { settings: { links: false } } });
    expect(raw).toContain("hello.txt");
    expect(raw).not.toMatch(ANY_LINK);
  });
});
