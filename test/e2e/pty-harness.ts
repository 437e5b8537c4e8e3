// Runs `node bin/agent-tui.js` under a pseudo-terminal (node-pty) and keeps a headless xterm
// screen of what it drew: tests write keys and wait for text on screen, with timeouts.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import * as pty from "node-pty";

const require = createRequire(import.meta.url);
// @xterm/headless ships CommonJS only.
const { Terminal } = require("@xterm/headless") as typeof import("@xterm/headless");

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const TUI_BIN = resolve(ROOT, "bin", "agent-tui.js");

export const KEYS = {
  enter: "\r",
  altEnter: "\u001b\r",
  ctrlF: "\u0006",
  esc: "\u001b",
  up: "\u001b[A",
  down: "\u001b[B",
  ctrlC: "\u0003",
  ctrlD: "\u0004",
  ctrlO: "\u000f",
} as const;

export type TuiProcess = {
  /** Everything the TUI wrote, raw. */
  output(): string;
  /** Visible screen rows (trailing spaces trimmed). */
  screen(): string[];
  screenText(): string;
  /** Whole buffer: scrollback + screen. */
  allText(): string;
  /** Whole buffer as lines: rows the terminal wrapped (or re-wrapped on resize) joined again. */
  logicalLines(): string[];
  /** Which screen the terminal shows: the main one or the alternate one (full-screen views). */
  bufferKind(): "normal" | "alternate";
  write(data: string): void;
  /** Type text one key at a time; `gapMs` between keys (default 2; use ~50 for human speed). */
  type(text: string, gapMs?: number): Promise<void>;
  /** `where`: the visible screen, the whole buffer, or the raw bytes written. */
  waitForText(match: string | RegExp, timeoutMs?: number, where?: "screen" | "all" | "raw"): Promise<void>;
  waitForNoText(match: string | RegExp, timeoutMs?: number): Promise<void>;
  waitForExit(timeoutMs?: number): Promise<number>;
  resize(cols: number, rows: number): void;
  kill(): void;
  readonly pid: number;
};

/** `shell`: start agent-tui from an interactive bash with job control (Ctrl+Z, fg); `pid` is then bash's. */
export type SpawnOptions = {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  cols?: number;
  rows?: number;
  shell?: boolean;
};

const quote = (arg: string): string => `'${arg.replace(/'/g, "'\\''")}'`;

function matches(text: string, m: string | RegExp): boolean {
  return typeof m === "string" ? text.includes(m) : m.test(text);
}

export function spawnTui(o: SpawnOptions): TuiProcess {
  const cols = o.cols ?? 100;
  const rows = o.rows ?? 30;
  const term = new Terminal({ cols, rows, scrollback: 5000, allowProposedApi: true });
  const env: Record<string, string> = {};
  // A live worker outlives the TUI a test kills: only tests that clean them up turn live sessions on.
  env["AGENT_TUI_LIVE_SESSIONS"] = "0";
  for (const [k, v] of Object.entries(o.env)) if (v !== undefined && k !== "CI") env[k] = v; // Ink renders only the last frame under CI
  // node-pty sets TERM to `name`: a test's own TERM (a 16-colour terminal, say) must survive.
  const name = env["TERM"] ?? "xterm-256color";
  const child = o.shell
    ? pty.spawn("/bin/bash", ["--norc", "--noprofile", "-i"], {
        name,
        cols,
        rows,
        cwd: o.cwd,
        env: { ...env, PS1: "$ " },
      })
    : pty.spawn(process.execPath, [TUI_BIN, ...o.args], { name, cols, rows, cwd: o.cwd, env });
  if (o.shell) child.write(`${[process.execPath, TUI_BIN, ...o.args].map(quote).join(" ")}\r`);
  let raw = "";
  let exitCode: number | undefined;
  const exitWaiters: Array<(code: number) => void> = [];
  child.onData((d) => {
    raw += d;
    term.write(d);
  });
  child.onExit(({ exitCode: code }) => {
    // The terminal parses what it is given later (xterm's write is queued): what the process
    // wrote last is on the screen before a waiter reads it.
    void flushed().then(() => {
      exitCode = code;
      for (const w of exitWaiters.splice(0)) w(code);
    });
  });
  const lines = (from: number, to: number): string[] => {
    const buf = term.buffer.active;
    const out: string[] = [];
    for (let i = from; i < to; i += 1) out.push(buf.getLine(i)?.translateToString(true) ?? "");
    return out;
  };
  const flushed = (): Promise<void> => new Promise((r) => term.write("", () => r()));
  const screen = (): string[] => lines(term.buffer.active.baseY, term.buffer.active.baseY + term.rows);
  const poll = async (cond: () => boolean, what: string, timeoutMs: number): Promise<void> => {
    const start = Date.now();
    for (;;) {
      await flushed();
      if (cond()) return;
      if (Date.now() - start > timeoutMs)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; screen:\n${screen().join("\n")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const p: TuiProcess = {
    pid: child.pid,
    output: () => raw,
    screen,
    screenText: () => screen().join("\n"),
    allText: () => lines(0, term.buffer.active.length).join("\n"),
    logicalLines() {
      const buf = term.buffer.active;
      const out: string[] = [];
      for (let i = 0; i < buf.length; i += 1) {
        const row = buf.getLine(i);
        // A row continued on the next keeps its trailing spaces (a space at the wrap point).
        const text = row?.translateToString(buf.getLine(i + 1)?.isWrapped !== true) ?? "";
        if (row?.isWrapped === true && out.length > 0) out[out.length - 1] += text;
        else out.push(text);
      }
      return out;
    },
    bufferKind: () => term.buffer.active.type,
    write: (data) => child.write(data),
    async type(text, gapMs = 2) {
      for (const ch of text) {
        child.write(ch);
        await new Promise((r) => setTimeout(r, gapMs));
      }
    },
    waitForText: (m, timeoutMs = 20_000, where = "screen") =>
      poll(
        () => matches(where === "all" ? p.allText() : where === "raw" ? raw : p.screenText(), m),
        `text ${String(m)}`,
        timeoutMs,
      ),
    waitForNoText: (m, timeoutMs = 20_000) =>
      poll(() => !matches(p.screenText(), m), `no text ${String(m)}`, timeoutMs),
    waitForExit: (timeoutMs = 20_000) =>
      new Promise<number>((res, rej) => {
        if (exitCode !== undefined) return res(exitCode);
        const timer = setTimeout(() => rej(new Error(`agent-tui did not exit; screen:\n${p.screenText()}`)), timeoutMs);
        exitWaiters.push((c) => {
          clearTimeout(timer);
          res(c);
        });
      }),
    resize(c, r) {
      child.resize(c, r);
      term.resize(c, r);
    },
    kill() {
      if (exitCode === undefined) child.kill("SIGKILL");
    },
  };
  return p;
}
