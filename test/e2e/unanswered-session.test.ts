// A session whose last prompt never got its answer (its worker died with it, and the terminal
// too), opened again with `agent-tui -c`: the TUI says so once, and /resend asks agent-rpc to
// answer it where the session left it, so the conversation holds the prompt once, in the file
// and in what the model is sent.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS, spawnTui } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT, submitLine } from "./tui-session.js";

const PROMPT = "UNANSWERED-PROMPT please";

/** `cwd`'s session folder under `agentDir` (pi's naming). */
const sessionFolder = (agentDir: string, cwd: string): string =>
  join(agentDir, "sessions", `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`);

/** A pi v3 session file holding one prompt and nothing after it. */
function writeUnanswered(dir: string, cwd: string): string {
  mkdirSync(dir, { recursive: true });
  const at = new Date(Date.now() - 60_000).toISOString();
  const message = { role: "user", content: [{ type: "text", text: PROMPT }], timestamp: Date.now() - 60_000 };
  const file = join(dir, `${at.replace(/[:.]/g, "-")}_unanswered.jsonl`);
  const lines = [
    { type: "session", version: 3, id: "unanswered", timestamp: at, cwd },
    { type: "message", id: "00000001", parentId: null, timestamp: at, message },
  ];
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return file;
}

const userMessages = (messages: { role?: string; content?: unknown }[]): number =>
  messages.filter((m) => m.role === "user" && JSON.stringify(m.content).includes(PROMPT)).length;

describe.skipIf(!BUILT)("a session that ends with a prompt never answered", () => {
  it("is said so when opened, and /resend gets the answer without a second copy of the prompt", async () => {
    const sandbox = await createSandbox([
      { kind: "text", matchLastUser: "UNANSWERED-PROMPT", chunks: ["Answered ", "at last."], delayMs: 5 },
    ]);
    const dir = sessionFolder(String(sandbox.env["AGENT_TUI_HOME"]), sandbox.cwd);
    const file = writeUnanswered(dir, sandbox.cwd);
    const tui = spawnTui({ args: ["-c"], cwd: sandbox.cwd, env: sandbox.env, cols: 100, rows: 30 });
    try {
      await tui.waitForText(`This session ends with a prompt that was never answered, "${PROMPT}": /resend`, 20_000);
      // Offered, not sent.
      expect(sandbox.llm.requests.filter((r) => r.lastUser.includes(PROMPT))).toHaveLength(0);
      await submitLine(tui, "/resend");
      await tui.waitForText("Answered at last.");
      expect(readdirSync(dir).filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);
      const entries = readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as { type?: string; message?: { role?: string; content?: unknown } });
      expect(userMessages(entries.flatMap((e) => (e.type === "message" && e.message ? [e.message] : [])))).toBe(1);
      const asked = sandbox.llm.requests.filter((r) => r.lastUser.includes(PROMPT)).at(-1);
      const sent = (asked?.body as { messages?: { role?: string; content?: unknown }[] } | undefined)?.messages ?? [];
      expect(userMessages(sent)).toBe(1);
      tui.write(KEYS.ctrlD);
      await tui.waitForExit();
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 40_000);
});
