// Crash and restart end to end: the worker is killed mid-stream; the UI says so once (with the
// signal, below the partial answer marked as not saved), the supervisor restarts it and reopens
// the same session, one line offers the interrupted prompt back (not resent) and one Enter
// continues the conversation in the same session file, the prompt in it once. Killed while a
// tool runs, the run is continued with the call's result saying it was cut off.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty-harness.js";
import { BUILT as built, noticesAfter, sharedTuiSession, waitForEditor } from "./tui-session.js";

/** A reopened session that ends with the prompt: Enter asks our agent to `continue`. */
const OFFERED_BACK =
  "the interrupted prompt is back in the editor: Enter asks for its answer where the session left it, Ctrl+C clears the editor.";

function workerPid(tuiPid: number): number {
  const out = execFileSync("pgrep", ["-P", String(tuiPid)], { encoding: "utf8" })
    .trim()
    .split("\n")
    .filter((l) => l !== "");
  if (out.length !== 1) throw new Error(`expected one worker process, found: ${out.join(", ")}`);
  return Number(out[0]);
}

function sessionFiles(sandboxRoot: string): string[] {
  const root = join(sandboxRoot, "agent", "sessions");
  // Only the session files: the worker keeps its one-writer lock (<file>.lock) beside each.
  return readdirSync(root).flatMap((d) =>
    readdirSync(join(root, d))
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(root, d, f)),
  );
}

describe.skipIf(!built)("worker crash mid-stream under a pty", () => {
  const s = sharedTuiSession([
    {
      kind: "text",
      matchLastUser: "CRASH-PROMPT",
      chunks: Array.from({ length: 80 }, (_, i) => `chunk${i} `),
      delayMs: 100,
    },
    { kind: "text", matchLastUser: "CRASH-PROMPT", chunks: ["Recovered ", "answer."], delayMs: 5 },
    {
      kind: "text",
      matchLastUser: "QUEUE-PROMPT",
      chunks: Array.from({ length: 80 }, (_, i) => `part${i} `),
      delayMs: 100,
    },
  ]);

  it("reports the crash, restarts, offers the prompt back, and continues the same session", async () => {
    const { tui, sandbox } = s;
    await tui.type("CRASH-PROMPT go");
    tui.write(KEYS.enter);
    await tui.waitForText("chunk3");
    const before = sessionFiles(sandbox.root);
    expect(before).toHaveLength(1);
    process.kill(workerPid(tui.pid), "SIGKILL");
    await tui.waitForText("Restarted from the saved session", 15_000, "all");
    // Exactly these notices after the prompt, in this order: none repeats or contradicts another.
    expect(noticesAfter(tui, "› CRASH-PROMPT go")).toEqual([
      "! Not saved: this partial answer is in no session file.",
      "! The worker died (killed by SIGKILL); the unfinished answer was lost.",
      `· Restarted from the saved session (1 message); ${OFFERED_BACK}`,
    ]);
    // The new worker opened the session from its command line (not by switch_session).
    const argv = readFileSync(`/proc/${workerPid(tui.pid)}/cmdline`, "utf8").split("\u0000");
    const at = argv.indexOf("--session");
    expect(at, argv.join(" ")).toBeGreaterThan(0);
    expect(basename(argv[at + 1] ?? "")).toBe(basename(before[0] ?? "-"));
    // One notice per crash.
    expect(tui.allText().match(/The worker died/g)).toHaveLength(1);
    // Offered, not sent: no second request reached the model before the user presses Enter.
    expect(sandbox.llm.requests.filter((r) => r.lastUser.includes("CRASH-PROMPT"))).toHaveLength(1);
    await tui.waitForText("› CRASH-PROMPT go");
    tui.write(KEYS.enter);
    await tui.waitForText("Recovered answer.");
    const after = sessionFiles(sandbox.root);
    expect(after).toEqual(before);
    const saved = readFileSync(after[0] ?? "", "utf8");
    expect(saved).toContain("Recovered answer.");
    // The reopened session ended with the prompt, unanswered: it was answered where it stood, so
    // the conversation holds it once, in the file and in what the model was sent.
    const prompts = (messages: { role?: string; content?: unknown }[]): number =>
      messages.filter((m) => m.role === "user" && JSON.stringify(m.content).includes("CRASH-PROMPT go")).length;
    const entries = saved
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as { type?: string; message?: { role?: string; content?: unknown } });
    expect(prompts(entries.flatMap((e) => (e.type === "message" && e.message ? [e.message] : [])))).toBe(1);
    const asked = sandbox.llm.requests.filter((r) => r.lastUser.includes("CRASH-PROMPT")).at(-1);
    const sent = (asked?.body as { messages?: { role?: string; content?: unknown }[] } | undefined)?.messages ?? [];
    expect(prompts(sent)).toBe(1);
  }, 40_000);

  it("takes a follow-up queued when the worker died off the queue pane, says it was not sent, and keeps it", async () => {
    const { tui } = s;
    await tui.type("QUEUE-PROMPT go");
    tui.write(KEYS.enter);
    await tui.waitForText("part3");
    await tui.type("then run the tests");
    tui.write(KEYS.altEnter);
    await tui.waitForText(/Follow-up \(1\) then run the tests/);
    process.kill(workerPid(tui.pid), "SIGKILL");
    await tui.waitForText(/Restarted from the saved session \(3 messages\)/, 15_000, "all");
    expect(noticesAfter(tui, "› QUEUE-PROMPT go")).toContain(
      '! Not sent: the worker died with this follow-up still queued: "then run the tests". It is in the prompt history (Up).',
    );
    // The queue died with its worker: the pane no longer claims the message waits there.
    expect(tui.screenText()).not.toMatch(/Follow-up \(1\)/);
    // Up from an empty editor brings it back (the interrupted prompt offered in the editor is cleared first).
    await tui.waitForText("› QUEUE-PROMPT go");
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
    tui.write(KEYS.up);
    await waitForEditor(tui, "then run the tests");
  }, 40_000);
});

// A session of its own: the restart budget's back-off grows with each crash of one session
// (1, 4, 16 s), and this crash would be the third above.
describe.skipIf(!built)("worker crash while a tool runs, under a pty", () => {
  const t = sharedTuiSession([
    {
      kind: "tool_call",
      matchLastUser: "TOOL-PROMPT",
      calls: [{ id: "call-slow", name: "bash", arguments: { command: "echo SLOW-TOOL-STARTED; sleep 30" } }],
    },
    { kind: "text", matchLastUser: "TOOL-PROMPT", chunks: ["Picked ", "up after the cut-off."], delayMs: 5 },
  ]);

  it("continues a run cut off while its tool ran: the call gets a result saying so, the prompt is not sent again", async () => {
    const { tui, sandbox } = t;
    await tui.type("TOOL-PROMPT go");
    tui.write(KEYS.enter);
    await tui.waitForText("SLOW-TOOL-STARTED");
    process.kill(workerPid(tui.pid), "SIGKILL");
    await tui.waitForText(/Restarted from the saved session \(\d+ messages\); the interrupted prompt/, 15_000, "all");
    await waitForEditor(tui, "TOOL-PROMPT go");
    tui.write(KEYS.enter);
    await tui.waitForText("Picked up after the cut-off.");
    const asked = sandbox.llm.requests.filter((r) => r.lastUser.includes("TOOL-PROMPT"));
    expect(asked).toHaveLength(2);
    const sent = (asked[1]?.body as { messages?: { role?: string; content?: unknown }[] } | undefined)?.messages ?? [];
    // The model was sent the prompt once, its tool call, and the call's result: cut off.
    expect(sent.filter((m) => m.role === "user" && JSON.stringify(m.content).includes("TOOL-PROMPT go"))).toHaveLength(
      1,
    );
    const result = sent.at(-1);
    expect(result?.role).toBe("tool");
    expect(JSON.stringify(result?.content)).toContain("the run stopped before this tool call returned one");
    const saved = readFileSync(sessionFiles(sandbox.root)[0] ?? "", "utf8");
    expect(saved.match(/TOOL-PROMPT go/g)).toHaveLength(1);
    expect(saved).toContain("the run stopped before this tool call returned one");
  }, 40_000);
});
