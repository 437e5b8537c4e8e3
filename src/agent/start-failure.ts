// How a worker that could not start says why, on stderr, before it exits 1.
import { SessionError } from "./session/session-manager.js";

export function exitOnStartFailure(error: unknown): never {
  // A session refused at start (held by another worker) is a message, not a crash.
  const text = error instanceof SessionError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`agent-rpc: ${error instanceof SessionError ? "" : "fatal: "}${text}\n`);
  process.exit(1);
}
