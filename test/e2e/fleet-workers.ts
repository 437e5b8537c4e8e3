// Live workers for the fleet's e2e tests, started as a person's other terminals would leave
// them: `agent-rpc serve` detached (its own process group), given a prompt through `agent-rpc
// attach ID`, and let go (the relay's stdin ends: the run goes on with nobody attached). A
// "remote host" is a second $AGENT_TUI_HOME reached through a wrapper script standing in for ssh.
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createJsonlFramer } from "../../src/protocol/jsonl.js";
import { ROOT } from "./pty-harness.js";

export const AGENT_RPC = join(ROOT, "bin", "agent-rpc.js");

type Json = Record<string, unknown>;

/** Runs `node agent-rpc.js args` and calls `onLine` with each JSON line of its stdout until it returns true. */
function converse(
  args: readonly string[],
  o: { cwd: string; env: NodeJS.ProcessEnv; detached?: boolean },
  onLine: (frame: Json, write: (f: Json) => void) => boolean,
  what: string,
): Promise<void> {
  const child = spawn(process.execPath, [AGENT_RPC, ...args], {
    cwd: o.cwd,
    env: o.env,
    detached: o.detached === true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer in 20 s; stderr: ${stderr}`)), 20_000);
    const write = (f: Json): void => void child.stdin.write(`${JSON.stringify(f)}\n`);
    const framer = createJsonlFramer({
      onRecord(line) {
        if (!line.startsWith("{")) return;
        if (!onLine(JSON.parse(line) as Json, write)) return;
        clearTimeout(timer);
        child.stdin.end();
        if (o.detached) {
          child.stdout.destroy();
          child.stderr.destroy();
          child.unref();
        }
        resolve();
      },
    });
    child.stdout.on("data", (c: Buffer) => framer.push(c));
    child.on("exit", (code) => reject(new Error(`${what}: exited ${code}; stderr: ${stderr}`)));
  });
}

/** `agent-rpc serve args` in `cwd`, detached; resolves with its live id once it listens. */
export async function serveWorker(cwd: string, env: NodeJS.ProcessEnv, args: readonly string[]): Promise<string> {
  let id = "";
  await converse(
    ["serve", ...args],
    { cwd, env, detached: true },
    (f) => {
      if (f["type"] !== "live_listening") return false;
      id = String(f["id"]);
      return true;
    },
    "agent-rpc serve",
  );
  return id;
}

/**
 * Sends `text` as a prompt to live worker `id` and detaches once the prompt is accepted, or once
 * it asks something first (its answer waits for the prompt's preflight, which the question holds).
 */
export function promptWorker(id: string, env: NodeJS.ProcessEnv, cwd: string, text: string): Promise<void> {
  return converse(
    ["attach", id],
    { cwd, env },
    (f, write) => {
      if (f["type"] === "ready") write({ type: "prompt", id: "fleet-test", message: text });
      return (f["type"] === "response" && f["id"] === "fleet-test") || f["type"] === "extension_ui_request";
    },
    `prompt ${text}`,
  );
}

export type RemoteHost = {
  /** The wrapper standing in for `ssh devbox` (settings fleet.hosts command). */
  command: string;
  /** The host's own environment: its own $AGENT_TUI_HOME. */
  env: NodeJS.ProcessEnv;
  home: string;
  cwd: string;
  /** While this file exists the host is unreachable (exit 255, as ssh says a link is down). */
  downFile: string;
  /** One line per connection: the pid of the agent-rpc it runs (the wrapper execs it). */
  pidsFile: string;
};

/** A second "machine" under `root`: its own home (models and settings copied from `agentDir`). */
export function makeRemoteHost(root: string, agentDir: string, env: NodeJS.ProcessEnv, name: string): RemoteHost {
  const base = join(root, name);
  const home = join(base, "agent");
  const cwd = join(base, "work");
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  for (const f of ["models.json", "settings.json"]) copyFileSync(join(agentDir, f), join(home, f));
  const downFile = join(base, "down");
  const pidsFile = join(base, "pids");
  const command = join(base, `ssh-${name}.sh`);
  const q = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;
  writeFileSync(
    command,
    [
      "#!/bin/sh",
      `# Stands in for ssh ${name}: the rest of the words run on "that machine" (its own home).`,
      `if [ -e ${q(downFile)} ]; then echo "ssh: connect to host ${name} port 22: Connection refused" >&2; exit 255; fi`,
      `echo $$ >> ${q(pidsFile)}`,
      'shift # the word "agent-rpc"',
      `AGENT_TUI_HOME=${q(home)} PI_CODING_AGENT_DIR=${q(home)} exec ${q(process.execPath)} ${q(AGENT_RPC)} "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(command, 0o755);
  return { command, env: { ...env, AGENT_TUI_HOME: home, PI_CODING_AGENT_DIR: home }, home, cwd, downFile, pidsFile };
}
