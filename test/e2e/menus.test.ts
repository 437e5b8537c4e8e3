// Queue, menus and settings end to end: the real agent-tui driving the real agent-rpc (built
// dist/) on the scripted LLM under a pseudo-terminal, one shared session. Esc gives queued
// messages back; the `/` and `@` lists; Ctrl+L; /settings; --list-models and an unknown
// --model; a remote bundled agent's directory and files.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFakeAgentHome, FAKE_MODEL as FAKE_MODEL_SPEC, FAKE_MODEL_2 } from "../fixtures/fake-agent-home.js";
import { KEYS, ROOT, spawnTui, TUI_BIN } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import {
  BUILT as built,
  FAKE_MODEL,
  sharedTuiSession,
  submitLine,
  waitForEditor,
  withTuiSession,
} from "./tui-session.js";

const STANDIN = join(ROOT, "test", "fixtures", "ssh-standin.mjs");

const slow = (tag: string): { kind: "text"; matchLastUser: string; chunks: string[]; delayMs: number } => ({
  kind: "text",
  matchLastUser: tag,
  chunks: Array.from({ length: 80 }, (_, i) => `${tag.toLowerCase()}${i} `),
  delayMs: 60,
});

describe.skipIf(!built)("queue and menus with the bundled agent", () => {
  const s = sharedTuiSession(
    [slow("QUEUE-RUN"), { kind: "text", matchLastUser: "AFTER-ESC", chunks: ["After ", "escape."], delayMs: 5 }],
    {
      args: [...FAKE_MODEL, "--no-session"],
      cols: 100,
      rows: 30,
    },
  );

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

  it("'/' opens a list of every command with its description; typing filters it fuzzily, arrows move, Enter runs", async () => {
    const { tui } = s;
    tui.write("/");
    await tui.waitForText(/^› \/\S+ +\S/m);
    const rows = tui.screen();
    const listed = rows.filter((r) => /^[› ] \/[a-z]+ {2,}\S/.test(r));
    // One command per row, each with its description; the list is capped and says how many.
    expect(listed.length).toBeGreaterThanOrEqual(6);
    expect(listed.length).toBeLessThanOrEqual(8);
    expect(rows.some((r) => /^ {2}1\/\d+ · ↑↓ move · tab complete · enter run · esc close/.test(r))).toBe(true);
    const first = listed[0]?.slice(2).split(" ")[0] ?? "";
    tui.write(KEYS.down);
    await tui.waitForText(/^ {2}2\/\d+ · /m);
    expect(
      tui
        .screen()
        .find((r) => /^› \/[a-z]+ {2,}\S/.test(r))
        ?.startsWith(`› ${first} `),
    ).toBe(false);
    tui.write(KEYS.up);
    await tui.waitForText(/^ {2}1\/\d+ · /m);
    await tui.type("thnk");
    await tui.waitForText(/^› \/thinking +set the thinking level/m);
    tui.write(KEYS.enter);
    await tui.waitForText(/^Thinking level(?: {2}|\s*$)/m);
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Thinking level(?: {2}|\s*$)/m);
    await waitForEditor(tui, "");
  });

  it("'@' lists files the same way and Enter inserts the path; Ctrl+L opens the model picker", async () => {
    const { tui } = s;
    await tui.type("see @hel");
    await tui.waitForText(/^› hello\.txt/m);
    await tui.waitForText("enter insert");
    tui.write(KEYS.enter);
    await waitForEditor(tui, "see @hello.txt");
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
    tui.write("\u000c");
    await tui.waitForText(/^Model(?: {2}|\s*$)/m);
    await tui.waitForText(/● Fake Model {2}fake\/fake-model/);
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Model(?: {2}|\s*$)/m);
    // The list never made Ink clear the screen (it would when the live region fills it).
    expect(tui.output()).not.toContain("\u001b[2J");
  });

  it("/settings lists every setting with its value; a change goes to the worker at once and is saved with the other keys", async () => {
    const { tui, sandbox } = s;
    await submitLine(tui, "/settings");
    await tui.waitForText(/^Settings(?: {2}|\s*$)/m);
    for (const label of [
      "Steering mode",
      "Follow-up mode",
      "Interrupt mode",
      "Thinking level",
      "Auto-compaction",
      "Compaction threshold",
      "Auto-retry",
      "Todo reminders",
      "Permission gate",
      "Show thinking",
    ]) {
      expect(tui.screenText()).toContain(label);
    }
    expect(tui.screenText()).toMatch(/Steering mode +one-at-a-time/);
    tui.write(KEYS.enter);
    await tui.waitForText(/Steering mode: queued steering/);
    tui.write(KEYS.down);
    tui.write(KEYS.enter);
    await tui.waitForText("Steering mode: all (saved)");
    // Back in the menu, which re-read the worker's settings: the new value is in effect.
    await tui.waitForText(/› +Steering mode +all/);
    await tui.type("per prompt");
    await tui.waitForText(/Todo reminders per prompt +3/);
    tui.write(KEYS.enter);
    await tui.waitForText("or type a number 0–20");
    await tui.type("7");
    await tui.waitForText("use 7");
    tui.write(KEYS.enter);
    await tui.waitForText("Todo reminders per prompt: 7 (saved)");
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Settings(?: {2}|\s*$)/m);
    const saved = JSON.parse(readFileSync(join(sandbox.root, "agent", "settings.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({
      steeringMode: "all",
      tasks: { maxReminders: 7 },
      defaultProvider: "fake",
      defaultModel: "fake-model",
      retry: { enabled: false },
    });
  });
});

describe.skipIf(!built)("a menu taller than the terminal", () => {
  it("/settings says where the highlight is as it moves, and offers search", async () => {
    await withTuiSession([], { args: [...FAKE_MODEL, "--no-session"], rows: 12 }, async ({ tui }) => {
      await submitLine(tui, "/settings");
      await tui.waitForText(/^Settings {2}type to search/m);
      const position = (): RegExpExecArray | null => /^(\d+)\/(\d+) · ↑↓ move/m.exec(tui.screenText());
      await tui.waitForText(/^1\/\d+ · ↑↓ move/m);
      const total = Number(position()?.[2]);
      // More settings than rows: the list scrolls, so the count is of settings, not of rows shown.
      expect(total).toBeGreaterThan(tui.screen().filter((r) => /^[ ›] {3}\S/.test(r)).length);
      tui.write(KEYS.down);
      await tui.waitForText(new RegExp(`^2/${total} · ↑↓ move`, "m"));
      tui.write(KEYS.up);
      tui.write(KEYS.up);
      await tui.waitForText(new RegExp(`^${total}/${total} · ↑↓ move`, "m"));
      tui.write(KEYS.esc);
      await tui.waitForNoText(/^Settings {2}/m);
    });
  });
});

describe.skipIf(!built)("models on the command line", () => {
  it("--list-models prints the worker's models as pi does, without a terminal", async () => {
    const home = await createFakeAgentHome({ prefix: "tui-list-models-", models: [FAKE_MODEL_SPEC, FAKE_MODEL_2] });
    home.env["AGENT_TUI_HOME"] = home.agentDir;
    try {
      const run = (...args: string[]): string =>
        execFileSync(process.execPath, [TUI_BIN, ...args], { cwd: home.cwd, env: home.env, encoding: "utf8" });
      expect(run("--list-models").split("\n")).toEqual([
        "provider  model         context  max-out  thinking  images",
        "fake      fake-model    128K     4.1K     yes       no",
        "fake      fake-model-2  64K      2.0K     no        no",
        "",
      ]);
    } finally {
      await home.dispose();
    }
  });

  it("an unknown --model is one line with close matches", async () => {
    await withTuiSession(
      [],
      { args: ["--provider", "fake", "--model", "fake-modl", "--no-session"], readyText: "Unknown model" },
      async ({ tui }) => {
        await tui.waitForText(
          /Unknown model "fake-modl": the worker has no such model\. Close matches: fake\/fake-model/,
        );
        const text = tui.screenText();
        expect(text).not.toContain("did not honour --model");
        expect(text).not.toContain("No model provider is configured");
      },
    );
  }, 30_000);
});

describe.skipIf(!built)("a remote bundled agent (ssh stand-in, its own directory)", () => {
  it("shows the worker's directory in the footer and completes @ from the worker's files without touching the session", async () => {
    const sandbox = await createSandbox([]);
    const remoteDir = join(sandbox.root, "remote-project");
    mkdirSync(remoteDir);
    writeFileSync(join(remoteDir, "remote-only.txt"), "on the other machine\n");
    const worker = `sh -c 'cd ${remoteDir} && exec ${process.execPath} ${join(ROOT, "bin", "agent-rpc.js")}'`;
    const tui = spawnTui({
      args: ["--agent", `${process.execPath} ${STANDIN} devbox ${worker}`],
      cwd: sandbox.cwd,
      env: { ...sandbox.env, SSH_STANDIN_DELAY_MS: "5" },
      cols: 100,
      rows: 30,
    });
    try {
      await tui.waitForText(`devbox:${remoteDir}`, 20_000);
      await tui.type("look at @rem");
      await tui.waitForText(/^› remote-only\.txt/m);
      tui.write(KEYS.enter);
      await waitForEditor(tui, "look at @remote-only.txt");
      expect(sandbox.llm.requests).toHaveLength(0);
      expect(existsSync(join(sandbox.root, "agent", "sessions"))).toBe(false);
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 40_000);
});
