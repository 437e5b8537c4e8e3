// How a worker that could not start says why, on stderr, before it exits 1. A session held by a
// live worker is named as that live session (live-holder.ts, loaded only then: start-up speed).
import { SessionError, SessionInUseError } from "./session/session-manager.js";

export async function exitOnStartFailure(error: unknown): Promise<never> {
  // A session refused at start (held by another worker) is a message, not a crash.
  const holder = error instanceof SessionInUseError ? await import("./live/live-holder.js") : undefined;
  const live = error instanceof SessionInUseError ? holder?.liveHolderMessage(error) : undefined;
  const said = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const text = live ?? (error instanceof SessionError ? error.message : said);
  process.stderr.write(`agent-rpc: ${error instanceof SessionError ? "" : "fatal: "}${text}\n`);
  process.exit(1);
}
