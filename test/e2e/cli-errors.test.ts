// What a person sees when the command line is wrong, end to end on the built programs: -h and
// -v work, an unknown flag names itself and the way to the help, `agent-tui sessions` speaks
// agent-tui's own forms, a bad --thinking is agent-tui's one line (not the worker's usage
// hint), and a worker that cannot start (no such command, or one that exits at once) is one
// line and a non-zero exit in the full-screen UI (under a pty), in -p and in --plain, with
// nothing on stdout (--plain says a start is under way only when it is slow). agent-rpc's
// subcommands used wrongly say so in one line with the way to their help.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, spawnTui, TUI_BIN } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT, submitLine, withTuiSession } from "./tui-session.js";

function runTui(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [TUI_BIN, ...args], { env, cwd, input: "", encoding: "utf8", timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const AGENT_RPC = join(ROOT, "bin", "agent-rpc.js");

const lines = (text: string): string[] => text.split("\n").filter((l) => l.trim() !== "");

/** Workers that cannot start: a command that does not exist, and one that exits at once. */
const BAD_AGENTS = [
  {
    name: "a command that does not exist",
    agent: "./no-such-worker --mode rpc",
    says: /no-such-worker: command not found/,
  },
  {
    name: "a command that exits at once",
    agent: `${process.execPath} -e 0`,
    says: /exited at once \(code 0\).*pi --mode rpc/,
  },
];

describe.skipIf(!BUILT)("agent-tui's command line", () => {
  it("-h and -v are --help and --version", () => {
    const help = runTui(["-h"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("$ agent-tui [message…]");
    expect(help.stdout).toMatch(/-h, --help/);
    const version = runTui(["-v"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(runTui(["--version"]).stdout.trim());
  });

  it("an unknown flag is named, with the way to the help, in one line", () => {
    const r = runTui(["--bogus", "-x", "--model", "m"]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(["agent-tui: unknown flags --bogus, -x (see agent-tui --help)"]);
  });

  it("sessions: its usage is agent-tui's own form, with -h and a hint on an unknown flag", () => {
    const bad = runTui(["sessions", "--bogus"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown flag --bogus (see agent-tui --help)");
    expect(bad.stderr).toContain("Usage: agent-tui sessions [stop ID]");
    expect(bad.stderr).not.toContain("agent-rpc");
    const help = runTui(["sessions", "-h"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: agent-tui sessions [stop ID]");
    const noId = runTui(["sessions", "stop"]);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain("Usage: agent-tui sessions [stop ID]");
  });

  it("a bad --thinking is agent-tui's one line, naming the levels", () => {
    const r = runTui(["-p", "--thinking", "hgih", "hi"]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/--thinking hgih: the levels are off, minimal, low, medium, high/);
    expect(r.stderr).not.toContain("agent-rpc");
  });

  for (const bad of BAD_AGENTS) {
    it(`${bad.name}: one line and exit 1 in -p and --plain`, async () => {
      const sandbox = await createSandbox([]);
      try {
        for (const mode of ["-p", "--plain"]) {
          const r = runTui([mode, "--agent", bad.agent, "hi"], sandbox.env, sandbox.cwd);
          expect(r.code, mode).toBe(1);
          expect(lines(r.stderr), `${mode}: ${r.stderr}`).toHaveLength(1);
          expect(r.stderr).toMatch(/^agent-tui: could not start the worker/);
          expect(r.stderr).toMatch(bad.says);
          // The error line is all that is said: a worker that never started leaves stdout empty.
          expect(r.stdout, mode).toBe("");
        }
      } finally {
        await sandbox.dispose();
      }
    }, 40_000);

    it(`${bad.name}: the full-screen UI leaves no frame, prints one line and exits 1`, async () => {
      const sandbox = await createSandbox([]);
      const tui = spawnTui({ args: ["--agent", bad.agent], cwd: sandbox.cwd, env: sandbox.env, cols: 120, rows: 20 });
      try {
        expect(await tui.waitForExit(20_000)).toBe(1);
        // The terminal holds that line alone (wrapped at its width, perhaps), and no frame.
        const shown = lines(tui.allText()).join("");
        expect(shown).toMatch(/^agent-tui: could not start the worker/);
        expect(shown).toMatch(bad.says);
        expect(shown.match(/agent-tui:/g), shown).toHaveLength(1);
        expect(shown).not.toMatch(/message the agent|worker starting|crashed|did not start/i);
      } finally {
        tui.kill();
        await sandbox.dispose();
      }
    }, 30_000);
  }

  it("--plain says a start is under way only when it is slow, then the error alone", async () => {
    const sandbox = await createSandbox([]);
    try {
      const agent = `${process.execPath} -e setTimeout(()=>{},3000)`;
      const r = runTui(["--plain", "--agent", agent, "hi"], sandbox.env, sandbox.cwd);
      expect(r.code).toBe(1);
      expect(lines(r.stdout)).toEqual(["starting the worker: it has not answered yet"]);
      expect(lines(r.stderr), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(/^agent-tui: could not start the worker/);
    } finally {
      await sandbox.dispose();
    }
  }, 40_000);
});

describe.skipIf(!BUILT)("agent-rpc's subcommands used wrongly", () => {
  const options = { input: "", encoding: "utf8", timeout: 20_000 } as const;
  const SESSIONS_HINT = "(see agent-rpc sessions --help)";
  const runRpc = (args: string[]) => spawnSync(process.execPath, [AGENT_RPC, ...args], options);

  it("say what was wrong in one line, with the way to the help, and exit 2", () => {
    for (const [args, said] of [
      [["sessions", "--bogus"], `agent-rpc sessions: Unknown option: --bogus ${SESSIONS_HINT}`],
      [["sessions", "list"], `agent-rpc sessions: Unexpected argument: list ${SESSIONS_HINT}`],
      [["sessions", "--stop"], `agent-rpc sessions: Option --stop needs the ID of a live session ${SESSIONS_HINT}`],
      [["attach", "--or-start", "--bogus"], "agent-rpc attach: Unknown option: --bogus (see agent-rpc --help)"],
      [["--bogus"], "agent-rpc: Unknown option: --bogus (see agent-rpc --help)"],
    ] as const) {
      const r = runRpc([...args]);
      expect(r.status, args.join(" ")).toBe(2);
      expect(lines(r.stderr)).toEqual([said]);
      expect(r.stdout).toBe("");
    }
    const help = runRpc(["sessions", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: agent-rpc sessions \[--json \[--watch\]\] \[--stop ID\]/);
    // attach --help is the usage too, not a search for a session to attach to.
    const attachHelp = runRpc(["attach", "--help"]);
    expect(attachHelp.status).toBe(0);
    expect(attachHelp.stderr).toBe("");
    expect(attachHelp.stdout).toContain("agent-rpc attach ID --take | --watch");
  });
});

describe.skipIf(!BUILT)("a prompt without a model", () => {
  it("says what to do in agent-tui, not the worker's API", async () => {
    await withTuiSession([], { args: ["--model", "no-such-model"], readyText: "Unknown model" }, async ({ tui }) => {
      await submitLine(tui, "hello");
      await tui.waitForText("Prompt failed: no model is selected", 15_000, "all");
      const all = tui.allText().replace(/\s+/g, " ");
      expect(all).toMatch(/Choose one with \/model or ctrl\+l, or start agent-tui with --model provider\/id/i);
      expect(all).not.toMatch(/set_model|Use --model or/);
    });
  }, 40_000);
});
