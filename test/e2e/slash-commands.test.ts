// Slash commands end to end: the real agent-tui driving the real agent-rpc (built dist/) on the
// scripted LLM, under a pseudo-terminal: `/` completion, every slash command, the pickers
// (model, thinking, fork, resume, tree), `!cmd`, `@` completion and /quit.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS, spawnTui, type TuiProcess } from "./pty-harness.js";
import type { Sandbox } from "./sandbox.js";
import {
  BUILT as built,
  FAKE_MODEL,
  startTuiSession,
  submitLine,
  waitForEditor as editorShows,
  type TuiSession,
} from "./tui-session.js";

const TAB = "\t";

let session: TuiSession | undefined;
let sandbox: Sandbox;
let tui: TuiProcess;

const waitForEditor = (text: string): Promise<void> => editorShows(tui, text);
const command = (line: string): Promise<void> => submitLine(tui, line);

describe.skipIf(!built)("slash commands under a pty", () => {
  beforeAll(async () => {
    session = await startTuiSession(
      [
        { kind: "text", matchLastUser: "FIRST-PROMPT", chunks: ["First ", "answer ", "here."], delayMs: 5 },
        { kind: "text", matchLastUser: "SECOND-PROMPT", chunks: ["Second ", "answer."], delayMs: 5 },
      ],
      { cols: 110, rows: 32 },
    );
    ({ sandbox, tui } = session);
    await tui.type("FIRST-PROMPT");
    tui.write(KEYS.enter);
    await tui.waitForText("First answer here.");
    await tui.waitForNoText("Working…");
    await tui.type("SECOND-PROMPT");
    tui.write(KEYS.enter);
    await tui.waitForText("Second answer.");
    await tui.waitForNoText("Working…");
  }, 40_000);

  afterAll(async () => {
    tui?.kill(); // the --resume test starts its own agent-tui
    await session?.dispose();
  });

  it("'/' lists commands with descriptions and Tab completes the name", async () => {
    await tui.type("/mo");
    await tui.waitForText(/^› \/model +choose the model \(fuzzy search\)/m);
    tui.write(TAB);
    await waitForEditor("/model ");
    await tui.waitForNoText("tab complete");
    tui.write(KEYS.enter);
    await tui.waitForText(/^Model(?: {2}|\s*$)/m);
    await tui.waitForText(/● Fake Model {2}fake\/fake-model/);
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Model(?: {2}|\s*$)/m);
  });

  it("/thinking and /name change the footer; /stats, /export, /copy report", async () => {
    await command("/thinking high");
    await tui.waitForText(/Thinking level: high/);
    await tui.waitForText(/• high/);
    await command("/name e2e-session");
    await tui.waitForText(/\(main\)|e2e-session ·/);
    await tui.waitForText("e2e-session ·");
    await command("/stats");
    await tui.waitForText(/messages +2 user · 2 assistant/);
    await command(`/export ${join(sandbox.root, "out.html")}`);
    await tui.waitForText(`Exported to ${join(sandbox.root, "out.html")}`);
    expect(readFileSync(join(sandbox.root, "out.html"), "utf8")).toContain("Second answer.");
    await command("/copy");
    await tui.waitForText("The last answer: sent to the terminal clipboard (OSC 52)");
    expect(tui.output()).toContain(`\u001b]52;c;${Buffer.from("Second answer.").toString("base64")}\u0007`);
    expect(
      readFileSync(
        join(sandbox.root, "tmp", process.getuid ? `agent-tui-${process.getuid()}` : "agent-tui", "last-copy.md"),
        "utf8",
      ),
    ).toBe("Second answer.");
  });

  it("!cmd streams shell output and @ completes a file path", async () => {
    await command("!echo from-the-shell");
    await tui.waitForText("  from-the-shell");
    await tui.type("read @hel");
    await tui.waitForText(/^› hello\.txt/m);
    tui.write(TAB);
    await waitForEditor("read @hello.txt ");
    tui.write(KEYS.ctrlC);
    await waitForEditor("");
  });

  it("/fork picks an earlier message and pre-fills the editor", async () => {
    await command("/fork");
    await tui.waitForText("Fork from a message");
    await tui.waitForText("SECOND-PROMPT");
    tui.write(KEYS.down); // newest first: move to the first prompt
    tui.write(KEYS.enter);
    await tui.waitForText("── Forked session ──");
    await waitForEditor("FIRST-PROMPT");
    await tui.waitForText("e2e-session (fork) ·"); // a name /resume tells from the original's
    tui.write(KEYS.ctrlC);
    await waitForEditor("");
    await command("/tree");
    await tui.waitForText("The session is empty.");
  });

  it("/new, then /resume lists this directory's sessions with name and count, and reopens one", async () => {
    await command("/new");
    await tui.waitForText("── New session ──");
    await command("/resume");
    await tui.waitForText("Resume a session");
    await tui.waitForText(/e2e-session — FIRST-PROMPT .*4 msg/);
    await tui.type("e2e FIRST");
    tui.write(KEYS.enter);
    await tui.waitForText("── Resumed: e2e-session — FIRST-PROMPT ──");
    await tui.waitForText("Second answer.");
    await command("/tree");
    await tui.waitForText(/you: FIRST-PROMPT/);
    await tui.waitForText(/agent: Second answer\./);
    await tui.waitForText(/● +!echo from-the-shell/); // the leaf: the last entry of the session
    // Model and thinking-level changes are hidden until asked for (Ctrl+O).
    expect(tui.screenText()).not.toMatch(/thinking → high/);
    tui.write("\u000f");
    await tui.waitForText(/thinking → high/);
    tui.write(KEYS.esc);
    await tui.waitForNoText("Session tree");
    await command("/clone");
    await tui.waitForText("── Cloned session ──");
    await tui.waitForText("e2e-session (clone) ·");
  });

  it("/compact, /hotkeys, and /quit exits cleanly", async () => {
    await command("/compact keep it short");
    await tui.waitForText(/Context compacted \(manual\)|Compaction \(manual\) failed/);
    await command("/help");
    await tui.waitForText(/\/resume +resume a session of this directory/, 10_000, "all");
    await command("/hotkeys");
    await tui.waitForText("Keyboard shortcuts:", 10_000, "all");
    await command("/quit");
    expect(await tui.waitForExit()).toBe(0);
  });

  it("--resume opens the session picker at start and reopens the chosen session", async () => {
    tui = spawnTui({ args: [...FAKE_MODEL, "-r"], cwd: sandbox.cwd, env: sandbox.env, cols: 110, rows: 32 });
    await tui.waitForText("Resume a session", 20_000);
    // The clone and the fork are listed under the session they copy, by their own names, with where they branched.
    await tui.waitForText(/├─ e2e-session \(clone\) +⑂ after msg 4 · .*msg/);
    await tui.waitForText(/└─ e2e-session \(fork\) +⑂ after msg 0 · .*msg/);
    await tui.waitForText(/e2e-session — FIRST-PROMPT .*msg/);
    await tui.type("e2e-session");
    await tui.waitForText("search: e2e-session");
    tui.write(KEYS.enter);
    await tui.waitForText(/── Resumed: e2e-session (\(clone\) )?— FIRST-PROMPT ──/);
    await tui.waitForText("Second answer.");
    await tui.waitForText(/e2e-session (\(clone\) )?·/);
    await command("/quit");
    expect(await tui.waitForExit()).toBe(0);
  }, 30_000);
});
