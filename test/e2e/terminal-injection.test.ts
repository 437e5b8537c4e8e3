// Terminal escape injection, end to end: agent-tui runs in a directory and on a git branch whose
// names carry every class of hostile sequence, drives a worker that puts them in every text it
// sends (hostile-worker.mjs), and the test reads the RAW bytes written to the pty, inline and in
// the transcript view: no OSC but our title, no DCS, no C1, no bidi control, no BEL or CR of
// theirs, no CSI of theirs; the payloads are on screen as visible placeholders instead.
import { mkdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALT_SCREEN_ENTER, ALT_SCREEN_LEAVE } from "../../src/tui/terminal/terminal.js";
import { ALL_HOSTILE, HOSTILE } from "../fixtures/hostile-text.mjs";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, waitForEditor } from "./tui-session.js";

const WORKER = join(ROOT, "test", "fixtures", "hostile-worker.mjs");
/** The payload as a file or directory name: no "/" and no NUL, everything else kept. */
const NAME = ALL_HOSTILE.replace(/\//g, "_").replace(/\u0000/g, "0");
/** Wide enough that the footer shows all of its hostile parts instead of cutting them off. */
const COLS = 2600;

/**
 * The escape sequences agent-tui itself may write: the live frame's redraw (cursor up, down,
 * forward, to the first column; erase line and below; insert and delete lines: see
 * ink-inline-writer.ts), modes (modifyOtherKeys included), SGR styling, and the push and pop
 * of the shell's window title.
 */
const OWN_CSI =
  /^\u001b\[(?:[0-9;:]*m|2K|K|J|[0-9]*[ABCLM]|G|\?(?:25|2004|2026)[hl]|[<>=?][0-9;]*u|>4;[01]m|2[23];0t)$/;

/** theme-choice.ts asks the terminal for its background before the first frame. */
const BACKGROUND_QUERY = "\u001b]11;?\u001b\\\u001b[c";

/** Our own file links (OSC 8, BEL-ended) to files under `root`, and the link closer. */
function ownLinks(root: string): RegExp {
  const prefix = `file://${hostname()}${root}/`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\u001b\\]8;;(?:${prefix}[!-~]*)?\u0007`, "g");
}

function outputProblems(raw: string, root: string): string[] {
  const problems: string[] = [];
  // Our one OSC: the window title, whose text must hold no control character.
  const titles = raw.match(/\u001b\]0;[^\u0007\u001b]*\u0007/g) ?? [];
  for (const t of titles)
    if (/[\u0000-\u001f\u007f-\u009f]/.test(t.slice(4, -1)))
      problems.push(`title with a control: ${JSON.stringify(t)}`);
  // Our title, our start-up question for the background colour (OSC 11, fenced by DA1) and the
  // transcript view's screen switch, byte for byte as we write them.
  const rest = raw
    .replace(/\u001b\]0;[^\u0007\u001b]*\u0007/g, "")
    .split(BACKGROUND_QUERY)
    .join("")
    .replaceAll(ALT_SCREEN_ENTER, "")
    .replaceAll(ALT_SCREEN_LEAVE, "")
    .replace(ownLinks(root), "");
  if (/\u001b\]/.test(rest))
    problems.push(
      `OSC other than our title: ${JSON.stringify(rest.slice(rest.indexOf("\u001b]"), rest.indexOf("\u001b]") + 40))}`,
    );
  if (/\u001b[P_^X]/.test(rest)) problems.push("DCS/APC/PM/SOS string");
  if (rest.includes("\u0007")) problems.push("BEL outside our title");
  if (/\r(?!\n)/.test(rest)) problems.push("bare CR");
  if (/[\u0080-\u009f]/.test(rest)) problems.push("C1 control character");
  if (/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(rest)) problems.push("bidi control character");
  if (/[\u0000\u0008\u007f]/.test(rest)) problems.push("NUL, BS or DEL");
  for (const m of rest.matchAll(/\u001b(\[[0-?]*[ -/]*[@-~])?/g)) {
    if (!m[1] || !OWN_CSI.test(m[0]))
      problems.push(`escape not of ours: ${JSON.stringify(rest.slice(m.index, m.index + 16))}`);
  }
  for (const h of HOSTILE) if (rest.includes(h.raw)) problems.push(`raw ${h.name}`);
  return [...new Set(problems)];
}

describe.skipIf(!BUILT)("no untrusted text reaches the terminal raw (under a pty)", () => {
  let sandbox: Sandbox;
  let tui: TuiProcess;

  beforeAll(async () => {
    sandbox = await createSandbox([]);
    const cwd = join(sandbox.cwd, `cwd-${NAME}`);
    mkdirSync(join(cwd, ".git"), { recursive: true });
    writeFileSync(join(cwd, ".git", "HEAD"), `ref: refs/heads/branch-${NAME}\n`);
    writeFileSync(join(cwd, `file-${NAME}`), "x\n");
    tui = spawnTui({ args: ["--agent", `${process.execPath} ${WORKER}`], cwd, env: sandbox.env, cols: COLS, rows: 40 });
    await tui.waitForText("Hostile Model", 20_000);
  }, 30_000);

  afterAll(async () => {
    tui?.kill();
    await sandbox?.dispose();
  });

  it("feeds every surface every class of sequence and writes none of them", async () => {
    // File names in @ completion, then worker command names and descriptions in / completion.
    await tui.type("@file-");
    await tui.waitForText(/^› file-␛\]52/m);
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
    await tui.type("/hostile");
    await tui.waitForText("command-description:␛]52");
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
    // Model text, thinking, tools, extension UI, errors, then four dialogs.
    await tui.type("inject");
    await waitForEditor(tui, "inject");
    tui.write(KEYS.enter);
    for (const dialog of ["select-title", "confirm-title", "input-title", "editor-title"]) {
      await tui.waitForText(`${dialog}:␛]52`);
      // The worker keeps its retry status up while the first dialog is open.
      if (dialog === "select-title") await tui.waitForText("retry-error:␛]52");
      tui.write(KEYS.esc);
    }
    await tui.waitForText("inject-done");
    await tui.waitForText("› editor-text:␛]52");
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
    // The transcript view shows every block in full: a read's output, a tool's whole arguments.
    const beforeView = tui.output().length;
    tui.write(KEYS.ctrlO);
    await tui.waitForText(/q back · /);
    tui.write("G");
    await tui.waitForText("read-output:␛]52");
    tui.write("q");
    await waitForEditor(tui, "");
    expect(tui.output().slice(beforeView)).toContain(ALT_SCREEN_ENTER);
    // The model picker lists the worker's model names.
    await tui.type("/model");
    await tui.waitForText(/^› \/model +choose/m);
    tui.write(KEYS.enter);
    await tui.waitForText("model-name:␛]52");
    tui.write(KEYS.esc);
    await waitForEditor(tui, "");
    // Worker stderr shown after a crash.
    await tui.type("crash");
    await waitForEditor(tui, "crash");
    tui.write(KEYS.enter);
    await tui.waitForText("stderr-last:␛]52", 15_000, "all");

    const raw = tui.output();
    expect(outputProblems(raw, sandbox.cwd)).toEqual([]);
    // Each surface was drawn, with the payload visible as text.
    const surfaces = [
      "cwd-",
      "branch-",
      "session-name",
      "command-description",
      "model-text",
      "heading",
      "code-span",
      "thinking",
      "bash-command",
      "bash-output",
      "read-path",
      "tool-name",
      "tool-error",
      "notify",
      "status",
      "widget",
      "title",
      "ext-error",
      "omp-notice",
      "session-renamed",
      "model-error",
      "select-title",
      "select-option",
      "confirm-title",
      "confirm-message",
      "input-title",
      "input-placeholder",
      "editor-title",
      "editor-prefill",
      "editor-text",
      "stderr-last",
      "retry-error",
      "ext-path",
      "read-output",
      "model-name",
    ];
    const missing = surfaces.filter((s) => !raw.includes(`${s}${s.endsWith("-") ? "" : ":"}␛]52;c;cm0gLXJmIH4=␇`));
    expect(missing).toEqual([]);
    // A generic tool's arguments are shown as JSON, whose escapes are plain text.
    expect(raw).toContain("tool-arg:\\u001b]52;c;cm0gLXJmIH4=\\u0007");
    const shown = tui.allText();
    for (const h of HOSTILE) expect(shown, h.name).toContain(h.shown);
  }, 90_000);
});

describe.skipIf(!BUILT)("the -r session picker writes no untrusted sequence (under a pty)", () => {
  it("shows a hostile session's name and first message as visible placeholders", async () => {
    const sandbox = await createSandbox([]);
    const dir = join(sandbox.cwd, "sessions");
    mkdirSync(dir);
    const evil = (surface: string): string => `${surface}:${ALL_HOSTILE}`;
    const records = [
      {
        type: "session",
        version: 3,
        id: evil("session-id"),
        timestamp: "2026-01-01T00:00:00.000Z",
        cwd: evil("session-cwd"),
      },
      {
        type: "message",
        id: "m1",
        parentId: null,
        timestamp: "2026-01-01T00:00:01.000Z",
        message: { role: "user", content: evil("first-message"), timestamp: 1 },
      },
      {
        type: "session_info",
        id: "i1",
        parentId: "m1",
        timestamp: "2026-01-01T00:00:02.000Z",
        name: evil("picked-name"),
      },
    ];
    writeFileSync(join(dir, `file-${NAME}.jsonl`), `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const tui = spawnTui({
      args: ["-r", "--session-dir", dir, "--agent", `${process.execPath} ${WORKER}`],
      cwd: sandbox.cwd,
      env: sandbox.env,
      cols: 400,
      rows: 30,
    });
    try {
      await tui.waitForText("picked-name:␛]52", 20_000);
      await tui.waitForText("first-message:␛]52");
      expect(outputProblems(tui.output(), sandbox.cwd)).toEqual([]);
      const shown = tui.allText();
      for (const h of HOSTILE) expect(shown, h.name).toContain(h.shown);
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 60_000);
});

describe.skipIf(!BUILT)("plain mode writes no untrusted sequence either (under a pty)", () => {
  it("feeds every surface every class of sequence and writes none of them", async () => {
    const sandbox = await createSandbox([]);
    const tui = spawnTui({
      args: ["--plain", "--agent", `${process.execPath} ${WORKER}`],
      cwd: sandbox.cwd,
      env: sandbox.env,
      cols: 200,
      rows: 40,
    });
    try {
      await tui.waitForText("Hostile Model", 20_000, "all");
      tui.write("inject\r");
      // Plain mode asks each dialog as a numbered question; /cancel answers any of them.
      for (const dialog of ["select-title", "confirm-title", "input-title", "editor-title"]) {
        await tui.waitForText(`${dialog}:␛]52`, 20_000, "all");
        tui.write("/cancel\r");
      }
      await tui.waitForText("inject-done", 20_000, "all");
      const raw = tui.output();
      expect(outputProblems(raw, sandbox.cwd)).toEqual([]);
      // What plain mode prints (it leaves out thinking, the session name, extension errors, a
      // failed tool's text and input placeholders): each with the payload as visible text.
      const surfaces = [
        "model-text",
        "heading",
        "code-span",
        "bash-command",
        "bash-output",
        "read-path",
        "read-output",
        "tool-name",
        "notify",
        "status",
        "widget",
        "title",
        "omp-notice",
        "session-renamed",
        "model-error",
        "retry-error",
        "select-title",
        "select-option",
        "confirm-title",
        "confirm-message",
        "input-title",
        "editor-title",
        "editor-prefill",
        "editor-text",
      ];
      expect(surfaces.filter((surface) => !raw.includes(`${surface}:␛]52;c;cm0gLXJmIH4=␇`))).toEqual([]);
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 90_000);
});
