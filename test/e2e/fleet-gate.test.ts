// The permission gate answered from the fleet view, under a pty, as a person at a second terminal
// does it: the gate's question in the fleet's answer form shows the diff of the edit, as the
// session's own dialog does; "Edit, then allow" chosen there brings the editor with the file's new
// text (published by the worker), and Enter writes exactly that text: the file never becomes empty.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine } from "./tui-session.js";
import { endSandboxWorkers } from "./live-workers.js";

vi.hoisted(() => delete process.env["CI"]);

const ORIGINAL = "first line\nsecond line\nthird line\n";
const EDITED = "first line\nsecond LINE\nthird line\n";

const SCRIPT: FakeStep[] = [
  {
    kind: "tool_call",
    matchLastUser: "EDIT-ONE",
    calls: [
      {
        id: "call_one",
        name: "edit",
        arguments: { path: "notes.txt", edits: [{ oldText: "second line", newText: "second LINE" }] },
      },
    ],
  },
  { kind: "text", match: "call_one", chunks: ["First edit ", "settled."] },
  {
    kind: "tool_call",
    matchLastUser: "EDIT-BIG",
    calls: [
      {
        id: "call_big",
        name: "edit",
        arguments: { path: "big.txt", edits: [{ oldText: "row 300\n", newText: "row 300 changed\n" }] },
      },
    ],
  },
];

let sandbox: Sandbox | undefined;
const tuis: TuiProcess[] = [];

function start(box: Sandbox, args: string[]): TuiProcess {
  const tui = spawnTui({ args, cwd: box.cwd, env: { ...box.env, AGENT_TUI_LIVE_SESSIONS: "1" }, cols: 110, rows: 36 });
  tuis.push(tui);
  return tui;
}

afterEach(async () => {
  for (const t of tuis.splice(0)) t.kill();
  if (!sandbox) return;
  await endSandboxWorkers(sandbox);
  await sandbox.dispose();
  sandbox = undefined;
});

/** The session and the fleet beside it, the gate's question open in the fleet's answer form. */
async function gateQuestionInFleet(box: Sandbox, prompt: string): Promise<{ agent: TuiProcess; fleet: TuiProcess }> {
  const agent = start(box, [...FAKE_MODEL]);
  await agent.waitForText("Fake Model", 20_000);
  const fleet = start(box, ["fleet"]);
  await fleet.waitForText(/Fleet · 1 session/, 20_000);
  await submitLine(agent, prompt);
  await agent.waitForText(/Allow edit of \S+\?/, 10_000);
  await fleet.waitForText("needs input", 10_000);
  fleet.write("a");
  await fleet.waitForText("Edit, then allow", 10_000);
  return { agent, fleet };
}

const GATE = { settings: { liveSessions: { enabled: true }, permissionGate: "edits" } };

describe.skipIf(!BUILT)("the permission gate answered from the fleet", () => {
  it("shows the diff, and Edit, then allow opens the new text, which Enter writes as it is", async () => {
    const box = await createSandbox(SCRIPT, GATE);
    sandbox = box;
    const file = join(box.cwd, "notes.txt");
    writeFileSync(file, ORIGINAL);
    const { agent, fleet } = await gateQuestionInFleet(box, "EDIT-ONE please");
    // The diff lines only the answer form shows (the row shows the title).
    await fleet.waitForText(/-2 second line/, 10_000);
    expect(fleet.screenText()).toMatch(/\+2 second LINE/);
    expect(fleet.screenText()).toMatch(/ 1 first line/);
    fleet.write(KEYS.down + KEYS.down);
    await fleet.waitForText("❯ Edit, then allow");
    fleet.write(KEYS.enter);

    // The worker's editor follows; the fleet's row asks it, and its answer form holds the new text.
    await fleet.waitForText("asks: Edit the new text of notes.txt", 15_000);
    fleet.write("a");
    await fleet.waitForText(/^ *second LINE *$/m, 10_000);
    expect(readFileSync(file, "utf8")).toBe(ORIGINAL);
    fleet.write(KEYS.enter);
    await agent.waitForText("First edit settled.", 20_000, "all");
    expect(readFileSync(file, "utf8")).toBe(EDITED);
  }, 90_000);

  it("sends the user to the session when the new text is too long to publish, and writes nothing", async () => {
    const box = await createSandbox(SCRIPT, GATE);
    sandbox = box;
    const file = join(box.cwd, "big.txt");
    const big = Array.from({ length: 800 }, (_, i) => `row ${i}\n`).join("");
    writeFileSync(file, big);
    const { agent, fleet } = await gateQuestionInFleet(box, "EDIT-BIG please");
    fleet.write(KEYS.down + KEYS.down);
    await fleet.waitForText("❯ Edit, then allow");
    fleet.write(KEYS.enter);
    await agent.waitForText("Edit the new text of big.txt", 15_000);
    // The row is cut at the terminal's width after the folder (a long temp path): its start says it all.
    await fleet.waitForText("asks (open it to answer): Edit the new text of", 15_000);
    fleet.write("a");
    await fleet.waitForText("open the session to answer (Enter switches)", 10_000);
    // Still the list (no editor opened empty): Enter switches to the session, whose own dialog
    // holds the whole text; nothing was answered, so the file is as it was.
    fleet.write(KEYS.enter);
    await fleet.waitForText("Edit the new text of big.txt, then allow the edit", 20_000);
    await fleet.waitForNoText("Fleet · 1 session", 10_000);
    expect(readFileSync(file, "utf8")).toBe(big);
  }, 90_000);
});
