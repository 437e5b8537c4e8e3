// A long session opened with `agent-tui -c` under a pty: the worker sends only its tail (a
// get_messages page, or a live worker's attach answer) and the earlier messages in pages
// (docs/protocol.md §3.2.2); the screen shows the last answer with the count of earlier
// messages, and the transcript view (Ctrl+O) still reaches the first.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { PRINT_LAST_MESSAGES } from "../../src/tui/session/open-session.js";
import { KEYS, spawnTui } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT } from "./tui-session.js";

/** Messages in the session: several pages beyond the tail the worker sends first. */
const MESSAGES = 700;

/** A pi v3 session file of prompts and answers in `cwd`'s session folder under `agentDir`. */
function writeSession(agentDir: string, cwd: string): void {
  const dir = join(agentDir, "sessions", `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`);
  mkdirSync(dir, { recursive: true });
  const t0 = Date.now() - MESSAGES * 1000;
  const lines = [
    JSON.stringify({ type: "session", version: 3, id: "long-e2e", timestamp: new Date(t0).toISOString(), cwd }),
  ];
  let parentId: string | null = null;
  for (let i = 0; i < MESSAGES; i += 1) {
    const n = Math.floor(i / 2);
    const text =
      i === 0
        ? "FIRST-OF-MANY prompt"
        : i === MESSAGES - 1
          ? "LAST-OF-MANY answer"
          : i % 2 === 0
            ? `prompt ${n}`
            : `answer ${n}`;
    const message =
      i % 2 === 0
        ? { role: "user", content: [{ type: "text", text }], timestamp: t0 + i }
        : {
            role: "assistant",
            content: [{ type: "text", text }],
            api: "openai-completions",
            provider: "fake",
            model: "fake-model",
            stopReason: "stop",
            timestamp: t0 + i,
          };
    const id = i.toString(16).padStart(8, "0");
    lines.push(JSON.stringify({ type: "message", id, parentId, timestamp: new Date(t0 + i).toISOString(), message }));
    parentId = id;
  }
  writeFileSync(join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}_long-e2e.jsonl`), `${lines.join("\n")}\n`);
}

describe.skipIf(!BUILT)("a long session opened with -c", () => {
  it.each([
    ["a worker of this terminal", "0"],
    ["a live worker", "1"],
  ])(
    "%s: prints the tail with the count of earlier messages, and the transcript view reaches the first",
    async (_name, live) => {
      const sandbox = await createSandbox([]);
      const agentDir = String(sandbox.env["AGENT_TUI_HOME"]);
      writeSession(agentDir, sandbox.cwd);
      const tui = spawnTui({
        args: ["-c"],
        cwd: sandbox.cwd,
        env: { ...sandbox.env, AGENT_TUI_LIVE_SESSIONS: live },
        cols: 100,
        rows: 30,
      });
      try {
        await tui.waitForText("LAST-OF-MANY answer", 30_000);
        expect(tui.allText()).toContain(
          `${MESSAGES - PRINT_LAST_MESSAGES} earlier messages not printed here · ctrl+o shows the whole session`,
        );
        expect(tui.allText()).not.toContain("FIRST-OF-MANY");
        tui.write(KEYS.ctrlO);
        await tui.waitForText(/q back · /);
        tui.write("g");
        await tui.waitForText("FIRST-OF-MANY prompt", 20_000);
        tui.write("q");
        await tui.waitForNoText(/q back · /);
      } finally {
        tui.kill();
        // A live worker outlives its terminal: end it too.
        const pids = listLiveEntries(join(agentDir, "live")).map((e) => e.pid);
        for (const pid of pids) process.kill(pid, "SIGKILL");
        for (let i = 0; i < 200 && pids.some((p) => isProcessAlive(p)); i += 1)
          await new Promise((r) => setTimeout(r, 25));
        await sandbox.dispose();
      }
    },
  );
});
