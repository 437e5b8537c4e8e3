// `attach --or-start`: starts `agent-rpc serve` in its own session (setsid, so a terminal
// hangup never reaches it), relays its start-up errors, and waits for the one-line handshake
// naming its socket; after that the worker is on its own and the relay lets go of it.
import { spawn } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createJsonlFramer } from "../../protocol/jsonl.js";

const START_TIMEOUT_MS = 30_000;

export type Started = { id: string; socket: string; pid: number };

export class StartError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * bin/agent-rpc.js of this package. This file is src/agent/live or dist/agent/live, three levels
 * below the root, or a chunk in dist/agent-bundle, two below (scripts/bundle-agent.mjs).
 */
export function agentRpcBin(): string {
  const here = fileURLToPath(import.meta.url);
  const up = basename(dirname(here)) === "live" ? "../../.." : "../..";
  return join(dirname(here), up, "bin", "agent-rpc.js");
}

export function startLiveWorker(workerArgs: readonly string[]): Promise<Started> {
  const child = spawn(process.execPath, [agentRpcBin(), "serve", ...workerArgs], {
    cwd: process.cwd(),
    env: process.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise<Started>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: { started: Started } | { error: StartError }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
      if ("started" in outcome) resolve(outcome.started);
      else reject(outcome.error);
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish({ error: new StartError(`the live worker did not start within ${START_TIMEOUT_MS / 1000} s`, 1) });
    }, START_TIMEOUT_MS);
    const framer = createJsonlFramer({
      onRecord: (line) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch (error) {
          process.stderr.write(
            `agent-rpc attach: unexpected output from the worker: ${line.slice(0, 200)} ` +
              `(${(error as Error).message})\n`,
          );
          return;
        }
        const r = parsed as Record<string, unknown>;
        if (r["type"] === "live_listening" && typeof r["id"] === "string" && typeof r["socket"] === "string") {
          finish({
            started: {
              id: r["id"],
              socket: r["socket"],
              pid: typeof r["pid"] === "number" ? r["pid"] : (child.pid ?? 0),
            },
          });
        }
      },
    });
    child.stdout.on("data", (chunk: Buffer) => framer.push(chunk));
    // Until the handshake the worker's diagnostics (a bad flag, a locked session) are ours to show.
    child.stderr.on("data", (chunk: Buffer) => {
      if (!settled) process.stderr.write(chunk);
    });
    child.on("error", (error) =>
      finish({ error: new StartError(`cannot start the live worker: ${error.message}`, 1) }),
    );
    child.on("exit", (code, signal) => {
      finish({
        error: new StartError(
          `the live worker exited during start-up (${signal ?? `code ${code ?? "none"}`})`,
          code && code > 0 ? code : 1,
        ),
      });
    });
  });
}
