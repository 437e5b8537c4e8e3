// The client side of a live worker (docs/protocol-notes.md, "Live sessions"): which worker this
// connection follows (ready.live.id), the frames to discard before the live_attach answer
// (that answer covers them), the resume cursor (frames counted after it), and whether the
// worker let us go (live_detached). Pure bookkeeping; connection-live.ts acts on the answers.

/** Routed frame kinds that are not part of the counted event stream. */
const UNCOUNTED = new Set(["response", "ready", "live_detached", "live_control", "host_tool_call", "host_tool_cancel"]);

/** Whether this client controls a live worker or watches it. */
export type LiveRole = "controller" | "watcher";

/** A role as the worker wrote it, or undefined for anything else. */
export function liveRole(raw: unknown): LiveRole | undefined {
  return raw === "controller" || raw === "watcher" ? raw : undefined;
}

/** How a generation's worker relates to the one followed before. */
export type AttachKind =
  /** Not a live worker: today's behaviour. */
  | "none"
  /** The first live worker of this connection. */
  | "first"
  /** The same worker again after a lost link (same live id, same pid): resume from the cursor. */
  | "resume"
  /**
   * A different worker (the old one is gone): a restart, rehydrated as after a crash. A worker
   * started on the same session announces the same live id, so its pid tells it apart.
   */
  | "replaced";

/** What a ready frame says of the live worker: its id (one per session) and its process. */
export type LiveIdentity = { id: string; pid?: number };

export interface LiveLink {
  /** The live worker followed, once one was seen. */
  readonly id: string | undefined;
  /** Why the current worker let this client go (`taken_over`, `shutdown`), if it did. */
  readonly ended: string | undefined;
  /** A lost link may be recovered by reconnecting (a live worker attached, not ended). */
  readonly reconnectable: boolean;
  /** A new generation's ready frame: classify it and start discarding until the answer. */
  onReady(live: LiveIdentity | undefined): AttachKind;
  /** Fields of this generation's live_attach (`after` when resuming). */
  attachFields(): Record<string, unknown>;
  /** Before the live_attach answer, frames are covered by it: drop them. */
  discards(kind: string): boolean;
  /** The live_attach answer arrived: count from its `seq`. */
  onAttached(seq: number): void;
  /** Every routed frame of the current generation after the answer. */
  count(kind: string): void;
  onDetached(reason: string): void;
  /** Another worker is chosen on purpose (switchWorker): the next one is a first attach. */
  reset(): void;
}

export function createLiveLink(): LiveLink {
  let id: string | undefined;
  /** The followed worker's pid, when its ready frame gave one. */
  let pid: number | undefined;
  let ended: string | undefined;
  let attaching = false;
  let attached = false;
  let cursor: number | undefined;
  let resuming = false;

  return {
    get id() {
      return id;
    },
    get ended() {
      return ended;
    },
    get reconnectable() {
      return id !== undefined && ended === undefined && cursor !== undefined;
    },
    onReady(live) {
      ended = undefined;
      attached = false;
      if (!live) {
        attaching = false;
        const kind: AttachKind = id === undefined ? "none" : "replaced";
        id = undefined;
        pid = undefined;
        cursor = undefined;
        return kind;
      }
      attaching = true;
      // A worker that names no pid (an older agent-rpc) is taken for the same one by its id alone.
      const samePid = pid === undefined || live.pid === undefined || pid === live.pid;
      const kind: AttachKind =
        id === undefined ? "first" : id === live.id && samePid && cursor !== undefined ? "resume" : "replaced";
      resuming = kind === "resume";
      if (kind === "replaced") cursor = undefined;
      id = live.id;
      pid = live.pid;
      return kind;
    },
    attachFields() {
      return resuming && cursor !== undefined ? { after: cursor } : {};
    },
    discards(kind) {
      return attaching && !attached && kind !== "response" && kind !== "ready" && kind !== "live_detached";
    },
    onAttached(seq) {
      attaching = false;
      attached = true;
      cursor = seq;
    },
    count(kind) {
      if (attached && cursor !== undefined && !UNCOUNTED.has(kind)) cursor += 1;
    },
    onDetached(reason) {
      ended = reason;
    },
    reset() {
      id = undefined;
      pid = undefined;
      ended = undefined;
      cursor = undefined;
      attaching = false;
      attached = false;
      resuming = false;
    },
  };
}

/** Reconnect delays after a lost link: 2, 4, 8, 16 s, then every 30 s until the user gives up. */
export const DEFAULT_RECONNECT_DELAYS_MS: readonly number[] = [2000, 4000, 8000, 16_000, 30_000];

/** Delay before reconnect attempt `attempt` (1-based); past the list, its last entry. */
export function reconnectDelay(attempt: number, delays: readonly number[] = DEFAULT_RECONNECT_DELAYS_MS): number {
  if (delays.length === 0) return 0;
  return delays[Math.min(attempt, delays.length) - 1] ?? 0;
}
