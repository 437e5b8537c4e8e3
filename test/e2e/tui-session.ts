// Shared set-up of the e2e tests: agent-tui on the bundled agent (or another worker) in a
// sandbox with the scripted LLM, waited for until its footer shows the model, plus the editor
// helpers (wait for an exact editor row, submit a line once it is all in the editor).
import { existsSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { join } from "node:path";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.js";

/** The e2e tests run the built programs: skip them when dist/ is missing. */
export const BUILT =
  existsSync(join(ROOT, "dist", "tui-bundle", "main.js")) && existsSync(join(ROOT, "dist", "agent-bundle", "main.js"));

/** agent-tui flags that pick the sandbox's scripted model. */
export const FAKE_MODEL = ["--provider", "fake", "--model", "fake-model"];

export type TuiSession = { sandbox: Sandbox; tui: TuiProcess; dispose(): Promise<void> };

export type TuiSessionOptions = {
  args?: string[];
  env?: NodeJS.ProcessEnv;
  cols?: number;
  rows?: number;
  readyText?: string;
  readyTimeoutMs?: number;
  sandbox?: SandboxOptions;
  shell?: boolean;
};

/** A sandbox with `script`, agent-tui started in it (default: the bundled agent on the fake model), ready. */
export async function startTuiSession(script: FakeStep[], o: TuiSessionOptions = {}): Promise<TuiSession> {
  const sandbox = await createSandbox(script, o.sandbox);
  const tui = spawnTui({
    args: o.args ?? FAKE_MODEL,
    cwd: sandbox.cwd,
    env: { ...sandbox.env, ...o.env },
    cols: o.cols ?? 100,
    rows: o.rows ?? 30,
    ...(o.shell ? { shell: true } : {}),
  });
  const dispose = async (): Promise<void> => {
    tui.kill();
    await sandbox.dispose();
  };
  try {
    await tui.waitForText(o.readyText ?? "Fake Model", o.readyTimeoutMs ?? 20_000);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { sandbox, tui, dispose };
}

/**
 * One session shared by the tests of a describe block: started in its beforeAll, disposed in
 * its afterAll. Read `tui` / `sandbox` inside tests (they throw before the session started).
 */
export function sharedTuiSession(
  script: FakeStep[],
  o: TuiSessionOptions = {},
): { readonly tui: TuiProcess; readonly sandbox: Sandbox } {
  let session: TuiSession | undefined;
  beforeAll(async () => {
    session = await startTuiSession(script, o);
  }, 30_000);
  afterAll(async () => {
    await session?.dispose();
  });
  const started = (): TuiSession => {
    if (!session) throw new Error("the shared agent-tui session has not started");
    return session;
  };
  return {
    get tui() {
      return started().tui;
    },
    get sandbox() {
      return started().sandbox;
    },
  };
}

/** Run `body` on a fresh session and always clean it up. */
export async function withTuiSession(
  script: FakeStep[],
  o: TuiSessionOptions,
  body: (s: TuiSession) => Promise<void>,
): Promise<void> {
  const s = await startTuiSession(script, o);
  try {
    await body(s);
  } finally {
    await s.dispose();
  }
}

/** Wait until the last editor row is exactly `› text` ("" = the empty editor's placeholder). */
export async function waitForEditor(tui: TuiProcess, text: string, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    const row =
      tui
        .screen()
        .filter((r) => r.startsWith("› "))
        .at(-1)
        ?.trimEnd() ?? "";
    if (text === "" ? /^› {1,2}(message|steer) the agent/.test(row) : row === `› ${text}`.trimEnd()) return;
    if (Date.now() - start > timeoutMs) throw new Error(`editor never showed "${text}"; screen:\n${tui.screenText()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Type a line, wait until the editor holds all of it, press Enter. */
export async function submitLine(tui: TuiProcess, line: string): Promise<void> {
  await tui.type(line);
  await waitForEditor(tui, line);
  tui.write(KEYS.enter);
}

/**
 * The transcript notices (`!` warning, `·` info, `✗` error) printed after the first line that
 * reads `from`, each as one string: a notice wrapped by the TUI continues on rows indented by two.
 */
export function noticesAfter(tui: TuiProcess, from: string): string[] {
  const lines = tui.allText().split("\n");
  const notices: string[] = [];
  let inNotice = false;
  for (const line of lines.slice(lines.findIndex((l) => l.trimEnd() === from) + 1)) {
    const text = line.trimEnd();
    if (/^[!·✗] /.test(text)) notices.push(text);
    else if (inNotice && /^ {2}\S/.test(text)) notices[notices.length - 1] += ` ${text.trim()}`;
    inNotice = /^[!·✗] /.test(text) || (inNotice && /^ {2}\S/.test(text));
  }
  return notices;
}

/** Wait until `cond` holds (a registry entry, a process gone, a screen drawn whole), polling as the screen waits do. */
export async function waitUntil(
  cond: () => boolean,
  what: string,
  timeoutMs = 15_000,
  screen?: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${screen ? `; screen:\n${screen()}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
