// Opening a session prints it: after a few prompts, `agent-tui -c` shows the earlier prompts,
// answers (markdown, code) and tool calls, with the session's totals in the footer; a worker
// restart that reopens the same session does not print it a second time; and the session file
// written by agent-rpc opens and prints the same way under the real pi 0.73.1.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine } from "./tui-session.js";

const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");

function workerPid(tuiPid: number): number {
  const out = execFileSync("pgrep", ["-P", String(tuiPid)], { encoding: "utf8" })
    .trim()
    .split("\n")
    .filter((l) => l !== "");
  if (out.length !== 1) throw new Error(`expected one worker process, found: ${out.join(", ")}`);
  return Number(out[0]);
}

const count = (text: string, what: string): number => text.split(what).length - 1;

/** The footer row: the last row naming the model. */
const footer = (tui: TuiProcess): string =>
  tui
    .screen()
    .filter((r) => r.includes("Fake Model"))
    .at(-1) ?? "";

/** Everything one run of the conversation printed, whatever the worker. */
async function expectConversation(tui: TuiProcess): Promise<void> {
  await tui.waitForText("SECOND-ANSWER-END", 30_000, "all");
  const all = tui.allText();
  expect(all).toContain("› FIRST-PROMPT explain");
  expect(all).toContain("Here is the code:");
  expect(all).toContain("  function greet(name) {");
  expect(all).toContain("› SECOND-PROMPT list files");
  expect(all).toMatch(/✓ bash echo listed-by-tool/);
  expect(all).toContain("  listed-by-tool");
  // The footer takes the session's totals instead of starting at zero.
  await tui.waitForText(/↑\d[\d.k]* ↓\d/);
  expect(footer(tui)).toMatch(/↑[1-9][\d.k]* ↓[1-9]/);
}

describe.skipIf(!BUILT)("opening a session prints its conversation", () => {
  it("-c shows earlier prompts, answers and totals; a restart does not print it twice; pi opens the same file", async () => {
    const sandbox = await createSandbox([
      {
        kind: "text",
        matchLastUser: "FIRST-PROMPT",
        chunks: [
          "Here is the code:\n\n```js\n",
          'function greet(name) {\n  return "hi " + name;\n}\n',
          "```\n\nFIRST-ANSWER-END",
        ],
        delayMs: 5,
      },
      {
        kind: "tool_call",
        matchLastUser: "SECOND-PROMPT",
        calls: [{ id: "call_ls", name: "bash", arguments: { command: "echo listed-by-tool" } }],
      },
      { kind: "text", matchLastUser: "SECOND-PROMPT", chunks: ["The tool listed it. SECOND-ANSWER-END"], delayMs: 5 },
    ]);
    const open = (args: string[]): TuiProcess =>
      spawnTui({ args, cwd: sandbox.cwd, env: sandbox.env, cols: 100, rows: 30 });
    let tui: TuiProcess | undefined;
    try {
      tui = open(FAKE_MODEL);
      await tui.waitForText("Fake Model", 20_000);
      await submitLine(tui, "FIRST-PROMPT explain");
      await tui.waitForText("FIRST-ANSWER-END");
      await tui.waitForNoText("Working…");
      await submitLine(tui, "SECOND-PROMPT list files");
      await tui.waitForText("SECOND-ANSWER-END");
      await tui.waitForNoText("Working…");
      tui.write(KEYS.ctrlD);
      expect(await tui.waitForExit()).toBe(0);

      tui = open(["-c"]);
      await expectConversation(tui);
      // Up recalls the resumed session's prompts.
      tui.write(KEYS.up);
      await tui.waitForText("› SECOND-PROMPT list files", 10_000);
      tui.write(KEYS.ctrlC);

      // The worker dies and comes back on the same session: the transcript already shows it.
      process.kill(workerPid(tui.pid), "SIGKILL");
      await tui.waitForText("Restarted from the saved session", 20_000, "all");
      await tui.waitForText("Fake Model");
      expect(count(tui.allText(), "› FIRST-PROMPT explain")).toBe(1);
      expect(count(tui.allText(), "SECOND-ANSWER-END")).toBe(1);
      tui.kill();

      // The same session file, opened by pi's own RPC mode, prints the same way.
      if (existsSync(PI_CLI)) {
        tui = open(["--agent", `${process.execPath} ${PI_CLI} --mode rpc`, "-c"]);
        await expectConversation(tui);
        expect(count(tui.allText(), "› FIRST-PROMPT explain")).toBe(1);
      }
    } finally {
      tui?.kill();
      await sandbox.dispose();
    }
  }, 120_000);
});
