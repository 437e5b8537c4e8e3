// The session of the newest worker generation (its worker may have exited), as the parts that
// outlive generations reach it: requests and frames go to it, or fail as "not running".
import { BridgeError } from "./errors.js";
import type { NoticeSink } from "./notice-batcher.js";
import type { RequestFn } from "./startup.js";
import type { WorkerExitInfo } from "./types.js";
import type { WorkerSession } from "./worker-session.js";

export class CurrentSession {
  private session: WorkerSession | undefined;

  constructor(private readonly notices: NoticeSink) {}

  /** A new generation's session replaces the one before. */
  set(session: WorkerSession): void {
    this.session = session;
  }

  /** A request of the current generation, without the checks of the public path. */
  readonly request: RequestFn = (type, fields, timeoutMs) => {
    if (this.session) return this.session.request(type, fields, timeoutMs);
    return Promise.reject(new BridgeError("not_running", "No worker is running", { command: type }));
  };

  /** A frame that expects no response, to the current worker; without one, a warning. */
  readonly send = (frame: Record<string, unknown>): void => {
    if (this.session) return this.session.send(frame);
    const message = `Could not send ${String(frame["type"])}: No worker is running`;
    this.notices.emit({ kind: "notification", level: "warning", message });
  };

  /** A frame carried inside another (a live_attach answer's missed events), routed as if read. */
  receiveEmbedded(frame: Record<string, unknown>): void {
    this.session?.receiveEmbedded(frame);
  }

  /** The session when it is generation `generation`'s (bring-up drives that one only). */
  of(generation: number): WorkerSession | undefined {
    return this.session?.generation === generation ? this.session : undefined;
  }

  lastFrame(): WorkerExitInfo["lastFrame"] {
    return this.session?.lastFrame();
  }

  /** toolCallId → tool name of the current generation's tools started and not ended. */
  openTools(): Map<string, string> {
    return this.session?.openTools ?? new Map<string, string>();
  }
}
