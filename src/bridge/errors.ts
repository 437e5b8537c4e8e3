// The one error type the bridge rejects with, so the UI can tell a worker's own failure
// (message + optional code) from timeouts, exits, overflow and unsupported commands.
import type { WorkerExitInfo } from "./types.js";

export type BridgeErrorKind =
  | "worker_error" // the worker answered success:false
  | "timeout" // no response within the per-command timeout
  | "worker_exit" // the worker exited (or restarted) with the request in flight
  | "queue_full" // bounded stdin queue overflowed
  | "too_large" // the record is over the size a worker reads (docs/protocol.md §1.3 rule 8): not sent
  | "not_running" // no live worker (stopped, failed, degraded)
  | "unsupported" // the worker does not know the command
  | "bad_response"; // the response data does not have the documented shape

export class BridgeError extends Error {
  readonly kind: BridgeErrorKind;
  /** Worker-supplied machine-readable code (ours only), when given. */
  readonly code: string | undefined;
  /** The command type the request carried, when the error belongs to a request. */
  readonly command: string | undefined;
  /** worker_exit: how the worker exited, when the bridge saw it (a start that failed says why from it). */
  readonly exit: WorkerExitInfo | undefined;

  constructor(
    kind: BridgeErrorKind,
    message: string,
    options: { code?: string; command?: string; exit?: WorkerExitInfo } = {},
  ) {
    super(message);
    this.name = "BridgeError";
    this.kind = kind;
    this.code = options.code;
    this.command = options.command;
    this.exit = options.exit;
  }
}

/** The worker's exit an error reports (start()'s rejection when the worker exited while starting). */
export function exitOf(error: unknown): WorkerExitInfo | undefined {
  return error instanceof BridgeError ? error.exit : undefined;
}
