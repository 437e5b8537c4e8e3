// Any worker, anywhere: agent-tui drives the REAL pi 0.73.1 (`--mode rpc`) through an
// ssh-style wrapper that adds latency, on the scripted LLM. Features pi has work; ones it
// lacks (get_tree, clear_queue, todos) are not offered; sessions are remote, so /resume says so;
// it has no live sessions, so /fleet lists the TUI's own session from what the TUI knows.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { submitLine, waitForEditor as editorShows, withTuiSession } from "./tui-session.js";

const built = existsSync(join(ROOT, "dist", "tui-bundle", "main.js"));
const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");
const STANDIN = join(ROOT, "test", "fixtures", "ssh-standin.mjs");

let sandbox: Sandbox;
let tui: TuiProcess;

const waitForEditor = (text: string): Promise<void> => editorShows(tui, text);
const command = (line: string): Promise<void> => submitLine(tui, line);

const runnable = built && existsSync(PI_CLI);

beforeAll(async () => {
  if (!runnable) return;
  sandbox = await createSandbox([
    { kind: "text", matchLastUser: "PI-HELLO", chunks: ["Hello ", "from ", "pi."], delayMs: 10 },
    { kind: "text", matchLastUser: "PI-SECOND", chunks: ["Second ", "pi answer."], delayMs: 10 },
  ]);
});

afterAll(async () => {
  tui?.kill();
  await sandbox?.dispose();
});

describe.skipIf(!runnable)("agent-tui --agent 'ssh devbox pi --mode rpc' (real pi 0.73.1)", () => {
  beforeAll(async () => {
    const agent = `${process.execPath} ${STANDIN} devbox ${process.execPath} ${PI_CLI} --mode rpc`;
    tui = spawnTui({
      args: ["--agent", agent, "--model", "fake-model"],
      cwd: sandbox.cwd,
      env: { ...sandbox.env, SSH_STANDIN_DELAY_MS: "30" },
      cols: 110,
      rows: 32,
    });
    await tui.waitForText("Fake Model", 30_000);
  }, 40_000);

  it("streams answers over the slow link", async () => {
    await command("PI-HELLO there");
    await tui.waitForText("Hello from pi.");
    await tui.waitForNoText("Working…");
    await command("PI-SECOND");
    await tui.waitForText("Second pi answer.");
    await tui.waitForNoText("Working…");
  });

  it("lists its own session in /fleet though pi has no live sessions; Enter goes back to it", async () => {
    await command("/fleet");
    await tui.waitForText("Fleet · 1 session");
    await tui.waitForText(/idle +PI-HELLO there/);
    await tui.waitForText("not a live session: it ends with this terminal");
    tui.write("x");
    await tui.waitForText("That is the session on this screen");
    expect(tui.screenText()).not.toContain("Stop PI-HELLO");
    tui.write(KEYS.enter);
    await tui.waitForNoText("Fleet · 1 session");
    await tui.waitForText("Hello from pi.");
  });

  it("offers only what pi supports: no /tree; /model picker; /copy; /export; !cmd; /fork pre-fills", async () => {
    await tui.type("/t");
    await tui.waitForText(/\/thinking +set the thinking level/);
    expect(tui.screenText()).not.toMatch(/\/tree/);
    tui.write(KEYS.ctrlC);
    await waitForEditor("");
    await command("/model");
    await tui.waitForText(/● Fake Model {2}fake\/fake-model/);
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Model(?: {2}|\s*$)/m);
    await command("/copy");
    await tui.waitForText("The last answer: sent to the terminal clipboard (OSC 52)");
    expect(tui.output()).toContain(Buffer.from("Second pi answer.").toString("base64"));
    await command(`/export ${join(sandbox.root, "pi.html")}`);
    await tui.waitForText(`Exported to ${join(sandbox.root, "pi.html")}`);
    await command("!echo via-pi-bash");
    await tui.waitForText("  via-pi-bash");
    await command("/fork");
    await tui.waitForText("Fork from a message");
    await tui.waitForText("PI-HELLO there");
    tui.write(KEYS.down);
    tui.write(KEYS.enter);
    await tui.waitForText("── Forked session ──");
    await waitForEditor("PI-HELLO there");
    // pi names the copy too: /resume tells it from the session it came from.
    await tui.waitForText("PI-HELLO there (fork) ·");
    tui.write(KEYS.ctrlC);
    await waitForEditor("");
  });

  it("/thinking, /stats and /new work on pi, its errors are shown; /resume explains that a remote worker's sessions are elsewhere", async () => {
    await command("/thinking low");
    await tui.waitForText("Thinking level: low");
    tui.write("\u001b[Z"); // Shift+Tab: pi's next level, said in the transcript
    await tui.waitForText(/^· Thinking level: medium$/m);
    await command("/stats");
    await tui.waitForText(/messages +\d+ user/);
    await command("/export");
    await tui.waitForText("/export failed: Nothing to export yet"); // pi's own error, reported
    await command("/new");
    await tui.waitForText("── New session ──");
    await command("/resume");
    await tui.waitForText("keeps its sessions on another machine");
    expect(tui.screenText()).not.toMatch(/Plan \d+\/\d+/); // no todo pane for pi
    await command("/quit");
    expect(await tui.waitForExit()).toBe(0);
  });
});

describe.skipIf(!runnable)("a local pi worker", () => {
  it("--resume lists pi's own session files for this directory and reopens one", async () => {
    tui = spawnTui({
      args: ["--agent", `${process.execPath} ${PI_CLI} --mode rpc`, "-r"],
      cwd: sandbox.cwd,
      env: sandbox.env,
      cols: 110,
      rows: 32,
    });
    await tui.waitForText("Resume a session", 30_000);
    await tui.waitForText(/PI-HELLO there .*\d+ msg/);
    await tui.type("PI-HELLO");
    await tui.waitForText("search: PI-HELLO");
    tui.write(KEYS.enter);
    await tui.waitForText(/── Resumed: PI-HELLO there/);
    await tui.waitForText("Second pi answer.");
    await command("/quit");
    expect(await tui.waitForExit()).toBe(0);
  }, 40_000);
});

describe.skipIf(!runnable)("a flag pi cannot honour", () => {
  it("is reported in one line with pi's own error, and agent-tui exits non-zero", async () => {
    const args = ["--agent", `${process.execPath} ${PI_CLI} --mode rpc`, "--name", "x"];
    await withTuiSession([], { args, cols: 250, rows: 24, readyText: "Unknown option: --name" }, async ({ tui: p }) => {
      expect(await p.waitForExit()).toBe(1);
      const text = p.allText();
      expect(text).toMatch(/agent-tui: could not start the worker \(.*--name x\): .*code 1.*Unknown option: --name/);
      expect(text.match(/Unknown option: --name/g)).toHaveLength(1);
      expect(text).not.toContain("The worker did not start");
    });
  }, 30_000);
});
