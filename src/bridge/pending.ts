// Pending-request table: ids `g<generation>-<counter>` unique for the client's lifetime,
// per-command timeouts, out-of-order resolution by id, the docs/protocol.md §2.5 id-less heuristic and the
// docs/protocol.md §2.4 late prompt failure window.
import { BridgeError } from "./errors.js";
import type { ResponseFrame } from "./frame-router.js";
import type { DecodeResult } from "../protocol/index.js";

/** Decodes a success response's data for the command it answers. */
export type DataDecoder = (command: string, data: unknown) => DecodeResult<unknown>;

/** Commands whose response may take arbitrarily long (docs/protocol.md §2.5 rule 2). */
const NO_TIMEOUT = new Set(["prompt", "abort_and_prompt", "continue", "compact", "bash", "export_html"]);
const SESSION_SWITCHES = new Set(["new_session", "switch_session", "fork", "branch", "clone"]);
const DEFAULT_TIMEOUT_MS = 30_000;
const SESSION_TIMEOUT_MS = 120_000;
// abort answers only after the aborted run's agent_end (docs/protocol.md §2.7), which can take a while.
const ABORT_TIMEOUT_MS = 60_000;
const LATE_PROMPT_WINDOW_MS = 60_000;

export function defaultTimeoutFor(type: string): number {
  if (NO_TIMEOUT.has(type)) return 0;
  if (SESSION_SWITCHES.has(type)) return SESSION_TIMEOUT_MS;
  if (type === "abort") return ABORT_TIMEOUT_MS;
  return DEFAULT_TIMEOUT_MS;
}

interface Pending {
  id: string;
  type: string;
  sentAt: number;
  resolve: (data: unknown) => void;
  reject: (error: BridgeError) => void;
  timer: NodeJS.Timeout | undefined;
  /** Message text of prompt-like commands, for a manual resend after a crash. */
  text: string | undefined;
}

export type ResponseOutcome =
  | { kind: "resolved"; type: string; id: string }
  | { kind: "late_prompt_failure"; id: string; error: string }
  | { kind: "unmatched"; reason: string };

export interface PendingTable {
  nextId(generation: number): string;
  add(id: string, type: string, timeoutMs: number, onTimeout: (type: string) => void, text?: string): Promise<unknown>;
  /** Match a response (docs/protocol.md §2.5). `normalise` maps data per command before resolving. */
  settle(frame: ResponseFrame, decode: DataDecoder): ResponseOutcome;
  /** Forget the request without settling (write failed); rejects it with `error`. */
  fail(id: string, error: BridgeError): void;
  /** Reject everything (worker exit); returns the command types that were in flight. */
  rejectAll(error: (type: string) => BridgeError): { id: string; type: string; text?: string }[];
  /** A new run started: old prompt ids may leave the late-failure window. */
  noteAgentStart(): void;
  size(): number;
}

export function createPendingTable(timeouts: Partial<Record<string, number>> = {}): PendingTable {
  return new PendingRequests(timeouts);
}

class PendingRequests implements PendingTable {
  private readonly pending = new Map<string, Pending>();
  /** Answered prompt ids (docs/protocol.md §2.4), kept until the next agent_start or 60 s, whichever is later. */
  private readonly recentPrompts = new Map<string, { at: number; sawAgentStart: boolean }>();
  private counter = 0;

  constructor(private readonly timeouts: Partial<Record<string, number>>) {}

  nextId(generation: number): string {
    this.counter += 1;
    return `g${generation}-${this.counter}`;
  }

  add(id: string, type: string, timeoutMs: number, onTimeout: (type: string) => void, text?: string): Promise<unknown> {
    const effective = this.timeouts[type] ?? (timeoutMs > 0 ? timeoutMs : defaultTimeoutFor(type));
    return new Promise<unknown>((resolve, reject) => {
      const entry: Pending = { id, type, sentAt: Date.now(), resolve, reject, timer: undefined, text };
      if (effective > 0) {
        entry.timer = setTimeout(() => {
          if (!this.pending.has(id)) return;
          this.finish(entry);
          reject(new BridgeError("timeout", `No response to ${type} within ${effective} ms`, { command: type }));
          onTimeout(type);
        }, effective);
        entry.timer.unref?.();
      }
      this.pending.set(id, entry);
    });
  }

  settle(frame: ResponseFrame, decode: DataDecoder): ResponseOutcome {
    this.prune(Date.now());
    if (frame.id !== undefined) {
      const entry = this.pending.get(frame.id);
      if (entry) return this.settleEntry(entry, frame, decode);
      if (!frame.success && this.recentPrompts.has(frame.id)) {
        this.recentPrompts.delete(frame.id);
        return { kind: "late_prompt_failure", id: frame.id, error: frame.error ?? "Prompt failed" };
      }
    }
    const command = frame.command;
    if (frame.id === undefined && !frame.success && (command === undefined || command === "parse"))
      return this.settleUnread(frame, decode);
    if (command === undefined || command === "parse" || command.startsWith("extension_send")) {
      return {
        kind: "unmatched",
        reason: command === undefined ? "response without id or command" : `response for ${command}`,
      };
    }
    // docs/protocol.md §2.5 rule 1: the oldest pending request of the same type (Map keeps insertion order).
    if (frame.id === undefined) {
      for (const entry of this.pending.values())
        if (entry.type === command) return this.settleEntry(entry, frame, decode);
    }
    return { kind: "unmatched", reason: `no pending request for ${frame.id ?? command}` };
  }

  fail(id: string, error: BridgeError): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.finish(entry);
    entry.reject(error);
  }

  rejectAll(error: (type: string) => BridgeError): { id: string; type: string; text?: string }[] {
    const gone = [...this.pending.values()];
    this.pending.clear();
    this.recentPrompts.clear();
    for (const entry of gone) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.reject(error(entry.type));
    }
    return gone.map((e) => ({ id: e.id, type: e.type, ...(e.text !== undefined ? { text: e.text } : {}) }));
  }

  noteAgentStart(): void {
    for (const info of this.recentPrompts.values()) info.sawAgentStart = true;
    this.prune(Date.now());
  }

  size(): number {
    return this.pending.size;
  }

  private prune(now: number): void {
    for (const [id, info] of this.recentPrompts) {
      if (info.sawAgentStart && now - info.at > LATE_PROMPT_WINDOW_MS) this.recentPrompts.delete(id);
    }
  }

  /**
   * An id-less failure that names no command: the worker could not read a record (docs/protocol.md
   * §2.5 rule 2). It answers the oldest waiting request, the one a worker handling one command at a
   * time was on; left waiting, a prompt (no timeout) would wait forever.
   */
  private settleUnread(frame: ResponseFrame, decode: DataDecoder): ResponseOutcome {
    const oldest = this.pending.values().next();
    if (oldest.done === true)
      return {
        kind: "unmatched",
        reason: frame.command === undefined ? "response without id or command" : "response for parse",
      };
    const entry = oldest.value;
    const error = `The worker could not read the ${entry.type} request: ${frame.error ?? "no reason given"}`;
    return this.settleEntry(entry, { ...frame, error }, decode);
  }

  private finish(entry: Pending): void {
    if (entry.timer) clearTimeout(entry.timer);
    this.pending.delete(entry.id);
  }

  private settleEntry(entry: Pending, frame: ResponseFrame, decode: DataDecoder): ResponseOutcome {
    this.finish(entry);
    if (frame.success) {
      if (entry.type === "prompt" || entry.type === "abort_and_prompt")
        this.recentPrompts.set(entry.id, { at: Date.now(), sawAgentStart: false });
      const data = decode(entry.type, frame.data);
      if (data.ok) entry.resolve(data.value);
      else
        entry.reject(
          new BridgeError("bad_response", `Malformed ${entry.type} response: ${data.error}`, { command: entry.type }),
        );
    } else {
      const message = frame.error ?? "Unknown error";
      const kind = message.startsWith("Unknown command:") ? "unsupported" : "worker_error";
      entry.reject(
        new BridgeError(kind, message, {
          command: entry.type,
          ...(frame.code !== undefined ? { code: frame.code } : {}),
        }),
      );
    }
    return { kind: "resolved", type: entry.type, id: entry.id };
  }
}
