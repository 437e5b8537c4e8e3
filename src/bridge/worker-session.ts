// One worker generation's conversation: writes requests (ids, pending entries, the bounded stdin
// queue), routes every stdout line (responses to their request, dialogs, host tools, events), and
// keeps what only this generation knows: readiness, its last frame, its raw get_state, its
// protocol errors and the tools it started (docs/protocol.md §1–2, §11.6–11.7).
import { isRecord } from "./client-values.js";
import { DEFAULT_MAX_RECORD_BYTES, serializeFrame } from "../protocol/index.js";
import { workerTextOf } from "./client-events.js";
import { BridgeError } from "./errors.js";
import { createFrameRouter, type FrameRouter, type ResponseFrame, type RoutedFrame } from "./frame-router.js";
import { createHeapRelease } from "./heap-release.js";
import type { HostToolServer } from "./host-tools.js";
import type { LiveIdentity, LiveRole } from "./live-link.js";
import type { NoticeSink } from "./notice-batcher.js";
import { decodeData } from "./normalise.js";
import type { PendingTable } from "./pending.js";
import type { ProtocolHealth } from "./protocol-health.js";
import type { Redactor } from "./redact.js";
import type { RequestFn } from "./startup.js";
import type { WorkerExitInfo } from "./types.js";
import type { UiRouter } from "./ui-router.js";
import type { AgentEvent } from "./wire-types.js";
import type { WorkerProcess } from "./worker-process.js";

const MIB = 1024 * 1024;

/**
 * The record for `frame`, or a `too_large` error when it is over what a worker reads as one
 * record: such a record would be discarded with an id-less error (or, by a live worker, with
 * none at all), so it is refused here, before anything is written.
 */
function serializeForWorker(frame: Record<string, unknown>, type: string): string {
  const record = serializeFrame(frame);
  const bytes = Buffer.byteLength(record) - 1;
  if (bytes <= DEFAULT_MAX_RECORD_BYTES) return record;
  const what =
    type === "prompt" || type === "steer" || type === "follow_up" || type === "abort_and_prompt"
      ? "The message"
      : `The ${type} command`;
  throw new BridgeError(
    "too_large",
    `${what} is ${(bytes / MIB).toFixed(1)} MiB as sent; ` +
      `a worker reads at most ${DEFAULT_MAX_RECORD_BYTES / MIB} MiB at once. Not sent.`,
    { command: type },
  );
}

/** The tables a session's frames settle: they outlive the session (the connection keeps them). */
export interface SessionTables {
  pending: PendingTable;
  ui: UiRouter;
  hostTools: HostToolServer;
}

/** What the worker says of itself and of its run, for the connection's model of it (worker-tracker.ts). */
export interface WorkerReports {
  /** A decoded event, after the session's own bookkeeping. `continues`: omp's non-terminal agent_end. */
  event(event: AgentEvent, continues: boolean): void;
  /** The worker answered get_state (data as sent, before decoding). */
  stateSeen(data: Record<string, unknown>): void;
  /** The worker answered `Unknown command:` to a request it was sent. */
  unsupported(command: string): void;
  /** The ready frame announced a version. */
  version(version: string): void;
}

/** Live sessions (connection-live.ts): which frames the live_attach answer covers. */
export interface FrameGate {
  /** false drops the frame; a frame admitted is counted for the resume cursor. */
  admit(routed: RoutedFrame): boolean;
}

/** What a session tells its owner about its generation, synchronously and in stream order. */
export type SessionSignal =
  /** The ready frame, with the live worker it names when it is one. */
  | { kind: "ready"; live: LiveIdentity | undefined }
  /** Every response, before it settles its request (the live_attach answer is applied then, in stream order). */
  | { kind: "response"; frame: ResponseFrame }
  /** The live worker let this client go (`taken_over`, `shutdown`). */
  | { kind: "detached"; reason: string }
  /** The live worker says this client controls it or watches. */
  | { kind: "control"; role: LiveRole }
  /** Too many protocol errors: the generation must be ended. */
  | { kind: "degraded"; reason: string }
  /** The session file may have changed under us (an omp handoff compaction). */
  | { kind: "session_changed" };

/** What a session is given by the connection that outlives it. */
export interface SessionDeps {
  redact: Redactor;
  tables: SessionTables;
  /** Protocol-error accounting: the window restarts with each generation, the total does not. */
  health: ProtocolHealth;
  notices: NoticeSink;
  reports: WorkerReports;
  gate: FrameGate;
  /** This generation's signals (the owner knows which generation it made the session for). */
  signal(signal: SessionSignal): void;
}

type LastFrame = NonNullable<WorkerExitInfo["lastFrame"]>;

/** One for the process: the collection after a very large record (heap-release.ts). */
const heapRelease = createHeapRelease();

export class WorkerSession {
  private readonly router: FrameRouter;
  private last: LastFrame | undefined;
  /** get_state data as the worker sent it: flavour detection reads its keys (docs/protocol.md §3.12). */
  private rawState: Record<string, unknown> | undefined;
  /** toolCallId → tool name of tools started and not ended (reported indeterminate on exit). */
  readonly openTools = new Map<string, string>();
  private announceReady: () => void = () => undefined;
  /** Resolves on the worker's ready frame (workers without one never resolve it). */
  readonly readyFrame: Promise<void>;
  /** Sends one request of this generation and resolves with its decoded data. */
  readonly request: RequestFn = (type, fields = {}, timeoutMs = 0) => this.sendRequest(type, fields, timeoutMs);

  constructor(
    readonly generation: number,
    readonly worker: WorkerProcess,
    private readonly deps: SessionDeps,
  ) {
    this.router = createFrameRouter(deps.redact);
    this.readyFrame = new Promise<void>((resolve) => {
      this.announceReady = resolve;
    });
  }

  lastFrame(): LastFrame | undefined {
    return this.last;
  }

  rawGetState(): Record<string, unknown> | undefined {
    return this.rawState;
  }

  /** One stdout record of this generation. */
  receive(line: string): void {
    const routed = this.router.route(line);
    if (this.deps.gate.admit(routed)) this.dispatch(routed);
    heapRelease.noteRecord(line.length);
  }

  /** A frame carried inside another frame (a live_attach answer's missed events): routed, not admitted again. */
  receiveEmbedded(frame: Record<string, unknown>): void {
    this.dispatch(this.router.route(JSON.stringify(frame)));
  }

  /** A framing-level failure (oversize record, invalid UTF-8). */
  protocolError(message: string, excerpt = ""): void {
    const { health } = this.deps;
    this.deps.notices.emit({ kind: "protocol_error", message, excerpt });
    const recent = health.record();
    if (recent >= health.threshold) {
      const reason = `Degraded: ${recent} protocol errors within 60 s (last: ${message})`;
      this.deps.signal({ kind: "degraded", reason });
    }
  }

  /** Write a frame that expects no response (dialog answers, host tool results); failures become a warning. */
  send(frame: Record<string, unknown>): void {
    try {
      if (!this.worker.isAlive()) throw new BridgeError("not_running", "No worker is running");
      this.worker.writer.write(serializeForWorker(frame, String(frame["type"])));
    } catch (error) {
      const message = `Could not send ${String(frame["type"])}: ${(error as Error).message}`;
      this.deps.notices.emit({ kind: "notification", level: "warning", message });
    }
  }

  private sendRequest(type: string, fields: Record<string, unknown>, timeoutMs: number): Promise<unknown> {
    if (!this.worker.isAlive())
      return Promise.reject(new BridgeError("not_running", "No worker is running", { command: type }));
    const { pending } = this.deps.tables;
    const id = pending.nextId(this.generation);
    let record: string;
    try {
      record = serializeForWorker({ ...fields, id, type }, type);
    } catch (error) {
      return Promise.reject(error);
    }
    const text = typeof fields["message"] === "string" ? fields["message"] : undefined;
    // A cheap query that times out is a protocol failure (docs/protocol.md §11.2); slow commands are not.
    const onTimeout = (t: string): void =>
      t.startsWith("get_") ? this.protocolError(`A ${t} query timed out`) : undefined;
    const promise = pending.add(id, type, timeoutMs, onTimeout, text);
    try {
      this.worker.writer.write(record);
    } catch (error) {
      // A full or closed stdin queue rejects the request instead of leaving it hanging (docs/protocol.md §11.6).
      pending.fail(
        id,
        error instanceof BridgeError
          ? error
          : new BridgeError("not_running", (error as Error).message, { command: type }),
      );
    }
    return promise;
  }

  private noteLastFrame(routed: RoutedFrame): void {
    if (routed.kind === "protocol_error" || routed.kind === "ignored") return;
    const type = routed.kind === "response" ? "response" : routed.kind === "event" ? routed.event.type : routed.kind;
    this.last = {
      type,
      at: Date.now(),
      ...(routed.kind === "response" && routed.frame.command ? { command: routed.frame.command } : {}),
    };
  }

  private dispatch(routed: RoutedFrame): void {
    this.noteLastFrame(routed);
    switch (routed.kind) {
      case "response":
        return this.response(routed.frame);
      case "ready":
        if (routed.version !== undefined) this.deps.reports.version(routed.version);
        this.deps.signal({ kind: "ready", live: routed.live });
        this.announceReady();
        return;
      case "live_detached":
        this.deps.signal({ kind: "detached", reason: routed.reason });
        return;
      case "live_control":
        this.deps.signal({ kind: "control", role: routed.role });
        return;
      case "ui_request":
        for (const n of this.deps.tables.ui.handle(routed.request, this.generation)) this.deps.notices.emit(n);
        return;
      case "host_tool_call":
        this.deps.tables.hostTools.call(routed.call, this.generation);
        return;
      case "host_tool_cancel":
        this.deps.tables.hostTools.cancel(routed.targetId);
        return;
      case "event":
        this.event(routed.event, routed.continues === true);
        // A handoff may continue in a new session: keep the file a restart reopens current.
        if (routed.refetchState) this.deps.signal({ kind: "session_changed" });
        return;
      case "unknown_event": {
        const text = workerTextOf(routed.type, routed.raw);
        const { type, raw } = routed;
        this.deps.notices.emit({ kind: "unknown_event", type, raw, ...(text ? { text } : {}) });
        return;
      }
      case "protocol_error":
        return this.protocolError(routed.message, routed.excerpt);
      case "ignored":
        return;
      default: {
        const never: never = routed;
        return never;
      }
    }
  }

  private response(frame: ResponseFrame): void {
    if (frame.command === "get_state" && frame.success && isRecord(frame.data)) {
      this.rawState = frame.data;
      this.deps.reports.stateSeen(frame.data);
    }
    this.deps.signal({ kind: "response", frame });
    const { notices } = this.deps;
    const outcome = this.deps.tables.pending.settle(frame, decodeData);
    // Counted whether or not it ended a waiting request (pending.ts): an unreadable record is a protocol error.
    if (frame.command === "parse" && frame.id === undefined)
      this.protocolError(`Worker could not parse a command: ${frame.error ?? ""}`);
    if (outcome.kind === "late_prompt_failure") {
      notices.emit({ kind: "late_prompt_failure", id: outcome.id, error: outcome.error });
    } else if (outcome.kind === "unmatched") {
      const command = frame.command;
      if (command?.startsWith("extension_send")) {
        notices.emit({ kind: "notification", level: "error", message: frame.error ?? command });
      }
      // Other unmatched responses (timed out, other generation) are dropped by design (docs/protocol.md §2.5 rule 3).
    } else if (!frame.success && frame.command !== undefined && frame.error?.startsWith("Unknown command:")) {
      this.deps.reports.unsupported(outcome.type);
    }
  }

  private event(event: AgentEvent, continues: boolean): void {
    if (event.type === "agent_start") this.deps.tables.pending.noteAgentStart();
    else if (event.type === "tool_execution_start") this.openTools.set(event.toolCallId, event.toolName);
    else if (event.type === "tool_execution_end") this.openTools.delete(event.toolCallId);
    this.deps.reports.event(event, continues);
  }
}
