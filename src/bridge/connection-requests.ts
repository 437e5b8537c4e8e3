// Request bookkeeping of the worker connection: assigns ids per generation, registers the
// pending entry, writes one frame; a write failure rejects the request instead of hanging it.
// Also the get_state read that keeps the session file a restart reopens current.
import { serializeFrame } from "../protocol/index.js";
import { BridgeError } from "./errors.js";
import type { PendingTable } from "./pending.js";
import { PROBE_TIMEOUT_MS, type RequestFn } from "./startup.js";
import type { WorkerProcess } from "./worker-process.js";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export interface RequestSenderDeps {
  pending: PendingTable;
  /** The live worker and its generation, read at send time (a restart replaces both). */
  current(): { worker: WorkerProcess | undefined; generation: number };
  onProtocolError(message: string, excerpt: string): void;
}

export function createRequestSender(deps: RequestSenderDeps): RequestFn {
  return (type, fields = {}, timeoutMs = 0) => {
    const { worker: w, generation } = deps.current();
    if (!w?.isAlive()) return Promise.reject(new BridgeError("not_running", "No worker is running", { command: type }));
    const id = deps.pending.nextId(generation);
    const text = typeof fields["message"] === "string" ? fields["message"] : undefined;
    // A cheap query that times out is a protocol failure (§11.2); slow commands are not.
    const onTimeout = (t: string): void => (t.startsWith("get_") ? deps.onProtocolError(`A ${t} query timed out`, "") : undefined);
    const promise = deps.pending.add(id, type, timeoutMs, onTimeout, text);
    try {
      w.writer.write(serializeFrame({ ...fields, id, type }));
    } catch (error) {
      deps.pending.fail(id, error instanceof BridgeError ? error : new BridgeError("not_running", (error as Error).message, { command: type }));
    }
    return promise;
  };
}

/**
 * The session file now open (get_state), or undefined when the read failed (reported through
 * `onError`, and the caller keeps what it knew). `file` is undefined for an unsaved session.
 */
export async function readSessionFile(request: RequestFn, onError: (message: string) => void): Promise<{ file: string | undefined } | undefined> {
  try {
    const state = await request("get_state", {}, PROBE_TIMEOUT_MS);
    if (!isRecord(state)) return undefined;
    return { file: typeof state["sessionFile"] === "string" ? state["sessionFile"] : undefined };
  } catch (error) {
    onError(`Could not read the session file after a session change: ${(error as Error).message}`);
    return undefined;
  }
}
