// Listings printed outside the full-screen UI, end to end: a live session started in a folder
// whose name carries every class of hostile sequence, and named with them (-n), is listed by
// `agent-rpc sessions` (table and --json) and by `agent-tui sessions` under a pty; the raw bytes
// written hold none of the sequences, only their visible placeholders. `agent-tui sessions`
// also cleans what an agent-rpc of another version (one that prints names raw) writes.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLiveSandbox, readyLive, waitUntil, type LiveSandbox } from "../agent/live/live-harness.js";
import { AGENT_BIN, spawnRpc, type RpcProcess } from "../agent/helpers/agent-process.js";
import { TEST_TMP } from "../agent/helpers/isolated-tmp.js";
import { ALL_HOSTILE, HOSTILE } from "../fixtures/hostile-text.mjs";
import { spawnTui } from "./pty-harness.js";
import { BUILT } from "./tui-session.js";

/** More than the shared samples: reset (ESC c), a cursor position query, OSC 2 (title). */
const EXTRA = [
  { name: "RIS reset", raw: "\u001bc" },
  { name: "DSR cursor query", raw: "\u001b[6n" },
  { name: "OSC 2 title", raw: "\u001b]2;pwned\u0007" },
];
const ALL = [...HOSTILE, ...EXTRA];
/** The folder: every shared sample, with no "/" and no NUL (the session directory's name, a slug of the whole path, must stay under 255 bytes). */
const FOLDER = ALL_HOSTILE.replace(/\//g, "_").replace(/\u0000/g, "0");
/** The session name (-n): the samples (no NUL: argv cannot hold one), the extra ones, a line break and a tab. */
const NAME = `${ALL_HOSTILE} ${EXTRA.map((e) => e.raw).join(" ")}\n\tend`.replace(/\u0000/g, "0");

/** What written bytes must not hold: any escape, C0 but tab/LF/CR-before-LF, DEL, C1, bidi, and each sample raw. */
function problems(raw: string): string[] {
  const found: string[] = [];
  if (raw.includes("\u001b"))
    found.push(`ESC at ${JSON.stringify(raw.slice(raw.indexOf("\u001b"), raw.indexOf("\u001b") + 12))}`);
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(raw)) found.push("C0 control or DEL");
  if (/\r(?!\n)/.test(raw)) found.push("bare CR");
  if (/[\u0080-\u009f]/.test(raw)) found.push("C1 control");
  if (/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(raw)) found.push("bidi control");
  for (const h of ALL) if (raw.includes(h.raw)) found.push(`raw ${h.name}`);
  return found;
}

describe.skipIf(!BUILT)("listings of live sessions with hostile folder and session names", () => {
  let live: LiveSandbox;
  let relay: RpcProcess;
  let folder: string;

  beforeAll(async () => {
    live = await createLiveSandbox([]);
    folder = join(live.home.cwd, FOLDER);
    mkdirSync(folder);
    relay = spawnRpc({
      cwd: folder,
      home: live.home.agentDir,
      userHome: live.home.root,
      prefix: ["attach", "--or-start", "--mode", "rpc"],
      args: ["-n", NAME],
    });
    await relay.waitFor((f) => f.type === "ready", { timeoutMs: 20_000 });
    await waitUntil(
      () => live.entries().some((e) => e.pid === readyLive(relay).pid && e.sessionName === NAME),
      "the live entry with its name",
      15_000,
    );
  }, 40_000);

  afterAll(async () => {
    await relay?.kill();
    await live?.dispose();
  });

  it("the worker really holds the hostile folder and name (the test's premise)", () => {
    const [entry] = live.entries();
    expect(entry?.cwd).toBe(folder);
    expect(entry?.sessionName).toBe(NAME);
  });

  it("agent-rpc sessions prints them as placeholders, never raw", async () => {
    const table = await live.run(["sessions"]);
    expect(table.code).toBe(0);
    expect(problems(table.stdout)).toEqual([]);
    expect(table.stdout).toContain("␛]52;c;cm0gLXJmIH4=␇");
    expect(table.stdout).toContain("<U+202E>evil");
    expect(table.stdout.trimEnd().split("\n")).toHaveLength(2); // the header and one row: no name breaks a row
  });

  it("agent-rpc sessions --json keeps every character, escaped", async () => {
    const json = await live.run(["sessions", "--json"]);
    expect(problems(json.stdout)).toEqual([]);
    const [entry] = JSON.parse(json.stdout) as Array<{ cwd: string; sessionName: string }>;
    expect(entry?.cwd).toBe(folder);
    expect(entry?.sessionName).toBe(NAME);
  });

  it("agent-tui sessions under a pty writes none of them", async () => {
    const tui = spawnTui({
      args: ["sessions"],
      cwd: live.home.cwd,
      env: { ...live.home.env, AGENT_TUI_HOME: live.home.agentDir, TMPDIR: TEST_TMP },
      cols: 400,
      rows: 20,
    });
    expect(await tui.waitForExit(20_000)).toBe(0);
    expect(problems(tui.output())).toEqual([]);
    expect(tui.output()).toContain("␛]52;c;cm0gLXJmIH4=␇");
  });

  it("agent-tui sessions cleans what another agent-rpc prints raw", () => {
    const old = join(TEST_TMP, "old-agent");
    mkdirSync(old, { recursive: true });
    const fake = join(old, "agent-rpc.js");
    writeFileSync(
      fake,
      `process.stdout.write(${JSON.stringify(`ID  FOLDER\nabc  ${NAME}\n`)});\nprocess.stderr.write(${JSON.stringify(`warning: ${NAME}`)});\n`,
    );
    const r = spawnSync(
      process.execPath,
      [join(AGENT_BIN, "..", "agent-tui.js"), "sessions", "--agent", `${process.execPath} ${fake}`],
      {
        cwd: live.home.cwd,
        env: { ...live.home.env, AGENT_TUI_HOME: live.home.agentDir, TMPDIR: TEST_TMP },
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    expect(problems(r.stdout)).toEqual([]);
    expect(problems(r.stderr)).toEqual([]);
    expect(r.stdout).toContain("abc  ");
    expect(r.stderr).toContain("warning: ");
  });
});
