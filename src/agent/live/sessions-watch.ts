// `agent-rpc sessions --json --watch`: the live registry as a stream of JSON lines, one
// `{"type":"fleet","version","at","sessions":[…]}` at start, on every change and as a heartbeat
// (registry-watch.ts), until stdin closes or SIGTERM (docs/protocol-notes.md, "Live sessions").
// A client on another host reads it through its transport (`ssh host agent-rpc sessions …`);
// agent-tui on this machine follows the registry in its own process (local-registry-watch.ts).
import { ensureLiveDir } from "./live-paths.js";
import { watchRegistry } from "./registry-watch.js";

export { WATCH_HEARTBEAT_MS, WATCH_POLL_MS } from "./registry-watch.js";

export interface WatchOptions {
  dir: string;
  version: string;
  out: NodeJS.WritableStream;
  input: NodeJS.ReadableStream;
  pollMs?: number;
  heartbeatMs?: number;
}

/** Resolves with the exit code once the watch ends (stdin closed, SIGTERM, stdout gone). */
export function watchSessions(options: WatchOptions): Promise<number> {
  const { dir, version, out, input } = options;
  ensureLiveDir(dir);
  return new Promise<number>((resolve) => {
    let done = false;
    let stop: (() => void) | undefined;
    const finish = (code: number): void => {
      if (done) return;
      done = true;
      stop?.();
      process.off("SIGTERM", onTerm);
      resolve(code);
    };
    const onTerm = (): void => finish(0);
    input.on("end", () => finish(0));
    input.on("close", () => finish(0));
    input.on("error", () => finish(0));
    input.resume(); // what the client sends is not read; only its end matters
    out.on("error", () => finish(0));
    process.on("SIGTERM", onTerm);
    const watching: Parameters<typeof watchRegistry>[0] = {
      dir,
      onList(_entries, body) {
        if (done) return;
        out.write(`{"type":"fleet","version":${JSON.stringify(version)},"at":${Date.now()},"sessions":${body}}\n`);
      },
      onProblem: (text) => process.stderr.write(`agent-rpc sessions: ${text}\n`),
    };
    if (options.pollMs !== undefined) watching.pollMs = options.pollMs;
    if (options.heartbeatMs !== undefined) watching.heartbeatMs = options.heartbeatMs;
    stop = watchRegistry(watching);
    if (done) stop();
  });
}
