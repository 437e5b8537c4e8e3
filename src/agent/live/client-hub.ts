// The live worker's side of its Unix socket: one controlling client and any number of watchers
// (client-roles.ts: a client that comes while another controls watches; take_control moves
// control and tells both with `live_control`), the single ordered writer of events (numbered
// into the replay log and folded into the attach tracker, which also keeps what no attached
// client has seen for the next one; sent to every client, dropped while nobody is connected;
// host tool frames go to the controller alone) and of responses (delivered only to the
// connection that asked), and the transport commands `live_attach`, `take_control`,
// `live_watch` and `shutdown` (docs/protocol-notes.md, "Live sessions").
import { createServer, type Server, type Socket } from "node:net";
import { chmodSync, rmSync } from "node:fs";
import { createJsonlFramer, serializeFrame as serializeUnmasked } from "../../protocol/jsonl.js";
import { createDeltaMerge, type DeltaMerge } from "../rpc/delta-merge.js";
import { isStreamingUpdate, STREAM_COALESCE_MS, type FrameWriter } from "../rpc/frame-writer.js";
import { maskSecretsInJson } from "../security/credential-guard.js";
import type { WireEvent } from "../runtime/wire-events.js";
import { createAttachTracker, type AttachTracker } from "./attach-state.js";
import { createReplayLog, type ReplayLog } from "./replay-log.js";
import { attachAnswer, type LiveSnapshot } from "./attach-answer.js";
import { watcherRefusal, watchingRefusal, type ClientRole } from "./client-roles.js";

/** Every frame to a client passes the credential guard, as the stdio frame writer does. */
const serializeFrame = (frame: unknown): string => maskSecretsInJson(serializeUnmasked(frame));

/** A client that stops reading is dropped (it can reattach) instead of growing our memory. */
const MAX_UNREAD_BYTES = 64 * 1024 * 1024;
/** Nobody waits for a detached worker's deltas: one frame per stretch of text, no timer (eventWriter). */
const DETACHED_HOLD_CHARS = 64 * 1024;
/** Host tool frames are between the worker and one client: never numbered, never replayed. */
const UNNUMBERED = new Set(["host_tool_call", "host_tool_cancel"]);

export interface ClientConnection {
  readonly socket: Socket;
  /** Let go (the worker ends), or gone. */
  retired: boolean;
  /** Its live_attach was answered: events sent from then on are seen (before, the client discards them). */
  attached: boolean;
  role: ClientRole;
  /** Lines queued for it, written together on the next turn. */
  pending: string[];
}

/** Transport commands the hub answers itself. */
const TRANSPORT_COMMANDS = new Set(["live_attach", "shutdown", "take_control", "live_watch"]);

export interface ClientHubOptions {
  socketPath: string;
  version: string;
  liveId: string;
  /**
   * get_state data, get_messages messages and get_session_stats data, for a client that cannot
   * resume (and what it says of the worker).
   */
  snapshot(): LiveSnapshot;
  /** A client connected. */
  onAttach(): void;
  /** A client went. */
  onDetach(): void;
  /** Control moved (take_control, live_watch): host tool calls of the old controller have no one to answer them. */
  onControlChanged(): void;
  /** A client sent `shutdown`: end the worker as if stdin had closed. */
  onShutdownRequested(): void;
  warn(message: string): void;
}

export type { LiveSnapshot };

export interface ClientHub {
  /** Events: numbered, tracked, sent to every client. */
  readonly writer: FrameWriter;
  /** A response to the connection the request came from (dropped if it is gone). */
  reply(origin: unknown, frame: object): void;
  /** Transport commands the hub answers itself; true when `frame` was one. */
  intercept(frame: Record<string, unknown>, origin: unknown): boolean;
  /** Where complete lines from clients go (the rpc server); a watcher's only when it may send them. */
  setRecordHandler(handler: (line: string, origin: ClientConnection) => void): void;
  readonly tracker: AttachTracker;
  /** A controlling client is connected. */
  readonly attached: boolean;
  /** Clients connected: the controlling one and the watchers. */
  readonly clients: number;
  listen(): Promise<void>;
  /** Tell the client why (live_detached), end it, stop listening and remove the socket. */
  close(reason: string): Promise<void>;
}

export function createClientHub(options: ClientHubOptions): ClientHub {
  return new LiveClientHub(options);
}

class LiveClientHub implements ClientHub {
  readonly tracker: AttachTracker = createAttachTracker();
  readonly writer: FrameWriter;
  private readonly log: ReplayLog = createReplayLog();
  /** The controlling client, if one is attached. */
  private current: ClientConnection | undefined;
  /** Every connected client, the controller among them, in the order they came. */
  private readonly connected = new Set<ClientConnection>();
  private onRecord: (line: string, origin: ClientConnection) => void = () => undefined;
  /** Number of the last event queued. */
  private pendingSeq = 0;
  private scheduled = false;
  /** Streaming updates wait up to STREAM_COALESCE_MS to share a write (rpc/frame-writer.ts). */
  private held: ReturnType<typeof setTimeout> | undefined;
  private frames = 0;
  private readonly merge: DeltaMerge = createDeltaMerge((frame) => this.logEvent(frame));
  private server: Server | undefined;
  private closing = false;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly options: ClientHubOptions) {
    this.writer = this.eventWriter();
  }

  get attached(): boolean {
    return this.current !== undefined;
  }

  get clients(): number {
    return this.connected.size;
  }

  reply(origin: unknown, frame: object): void {
    // Responses share the ordered queue with events but get no sequence number.
    const c = origin as ClientConnection | undefined;
    if (c !== undefined && this.connected.has(c)) this.enqueue(serializeFrame(frame), [c]);
  }

  intercept(frame: Record<string, unknown>, origin: unknown): boolean {
    const type = frame["type"];
    if (typeof type !== "string" || !TRANSPORT_COMMANDS.has(type)) return false;
    const c = origin as ClientConnection | undefined;
    if (!c || !this.connected.has(c)) return true;
    if (type === "live_attach") this.attachClient(c, frame);
    else if (type === "take_control" || type === "live_watch") {
      if (type === "take_control") this.takeControl(c);
      else this.watch(c);
      this.flush(); // live_control first, then the answer
      // Sent by the relay for `attach --take`/`--watch` without an id: then nothing answers.
      if (typeof frame["id"] === "string") this.respond(c, frame["id"], type, { role: c.role });
    } else if (c !== this.current) this.enqueue(serializeFrame(watchingRefusal(frame["id"], type)), [c]);
    else {
      this.flush();
      this.respond(c, frame["id"], "shutdown", undefined);
      this.options.onShutdownRequested();
    }
    return true;
  }

  setRecordHandler(handler: (line: string, origin: ClientConnection) => void): void {
    this.onRecord = handler;
  }

  listen(): Promise<void> {
    const { socketPath, warn } = this.options;
    rmSync(socketPath, { force: true });
    const srv = createServer((socket) => this.accept(socket));
    this.server = srv;
    return new Promise<void>((resolve, reject) => {
      srv.once("error", reject);
      // The socket is created 0600; the 0700 directory around it is what keeps others out.
      const umask = process.umask(0o177);
      try {
        srv.listen(socketPath, () => {
          srv.off("error", reject);
          chmodSync(socketPath, 0o600);
          srv.on("error", (error: Error) => warn(`socket server: ${error.message}`));
          resolve();
        });
      } finally {
        process.umask(umask);
      }
    });
  }

  async close(reason: string): Promise<void> {
    this.closing = true;
    this.flush();
    const told = [...this.connected].map((c) => {
      this.retire(c, reason);
      return new Promise<void>((resolve) => {
        if (c.socket.destroyed) resolve();
        else {
          c.socket.once("close", () => resolve());
          setTimeout(resolve, 1000).unref();
        }
      });
    });
    await Promise.all(told);
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(this.options.socketPath, { force: true });
  }

  /**
   * Events: deltas of one block merged (rpc/delta-merge.ts) and held as streaming updates are;
   * with nobody connected, until another frame, a live_attach (it flushes first) or DETACHED_HOLD_CHARS.
   */
  private eventWriter(): FrameWriter {
    const hub = this;
    return {
      write: (frame) => {
        this.merge.write(frame);
        if (!this.merge.holding || this.scheduled) return;
        if (this.connected.size > 0) this.held ??= setTimeout(() => this.flush(), STREAM_COALESCE_MS);
        else if (this.merge.heldChars >= DETACHED_HOLD_CHARS) this.merge.release();
      },
      flush: () => this.flush(),
      drained: () => this.drained(),
      get framesWritten() {
        return hub.frames;
      },
    };
  }

  /** One event numbered into the replay log, folded into the tracker, queued for the clients. */
  private logEvent(frame: object): void {
    const line = serializeFrame(frame);
    this.frames += 1;
    const event = frame as WireEvent;
    if (UNNUMBERED.has(event.type)) {
      // A host tool runs in the controlling client; a watcher must not run it too.
      if (this.current) this.enqueue(line, [this.current]);
      return;
    }
    const seq = this.log.push(line);
    this.tracker.observe(event, seq);
    if (this.connected.size > 0) this.pendingSeq = seq;
    this.enqueue(line, this.connected, isStreamingUpdate(event));
  }

  private async drained(): Promise<void> {
    this.flush();
    const waits = [...this.connected]
      .map((c) => c.socket)
      .filter((socket) => socket.writableLength > 0 && !socket.destroyed)
      .map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once("drain", resolve);
            socket.once("close", resolve);
          }),
      );
    await Promise.all(waits);
  }

  private send(c: ClientConnection, text: string): void {
    if (c.retired || c.socket.destroyed) return;
    c.socket.write(text);
    if (c.socket.writableLength > MAX_UNREAD_BYTES) {
      this.options.warn(`dropping a client that stopped reading (${c.socket.writableLength} bytes unread)`);
      c.socket.destroy();
    }
  }

  private flush(): void {
    this.merge.release();
    this.scheduled = false;
    if (this.held !== undefined) clearTimeout(this.held);
    this.held = undefined;
    let seen = false;
    for (const c of this.connected) {
      if (c.pending.length === 0) continue;
      const chunk = c.pending.join("");
      c.pending = [];
      this.send(c, chunk);
      if (c.attached && !c.retired && !c.socket.destroyed) seen = true;
    }
    if (seen) this.tracker.seenUpTo(this.pendingSeq);
  }

  private enqueue(line: string, to: Iterable<ClientConnection>, streaming = false): void {
    if (!streaming) this.merge.release(); // an answer or live_control goes after the held delta
    let queued = false;
    for (const c of to) {
      c.pending.push(line);
      queued = true;
    }
    if (!queued || this.scheduled) return;
    if (streaming) {
      this.held ??= setTimeout(() => this.flush(), STREAM_COALESCE_MS);
      return;
    }
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private retire(c: ClientConnection, reason: string): void {
    this.flush();
    this.send(c, serializeFrame({ type: "live_detached", reason }));
    c.retired = true;
    c.socket.end();
  }

  private detach(c: ClientConnection): void {
    c.retired = true;
    c.pending = [];
    if (!this.connected.delete(c)) return;
    if (this.current === c) this.current = undefined;
    this.options.onDetach();
  }

  /** `c` controls from now on; the controller before it watches. Both are told (live_control). */
  private takeControl(c: ClientConnection): void {
    if (this.current === c) return;
    const previous = this.current;
    if (previous) this.setRole(previous, "watcher");
    this.current = c;
    this.setRole(c, "controller");
    this.options.onControlChanged();
  }

  /** `c` only watches from now on (`attach --watch`): if it controlled, nobody does. */
  private watch(c: ClientConnection): void {
    if (this.current !== c) return;
    this.current = undefined;
    this.setRole(c, "watcher");
    this.options.onControlChanged();
  }

  private setRole(c: ClientConnection, role: ClientRole): void {
    c.role = role;
    // In order with the events; before its live_attach answer a client discards it, and the answer says the role.
    this.enqueue(serializeFrame({ type: "live_control", role }), [c]);
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
    if (this.closing) {
      socket.end(serializeFrame({ type: "live_detached", reason: "shutdown" }));
      return;
    }
    // A client that comes while another controls watches until it takes control.
    const role: ClientRole = this.current ? "watcher" : "controller";
    const c: ClientConnection = { socket, retired: false, attached: false, role, pending: [] };
    this.connected.add(c);
    if (role === "controller") this.current = c;
    this.readFrom(c);
    this.send(
      c,
      serializeFrame({
        type: "ready",
        version: this.options.version,
        live: { id: this.options.liveId, pid: process.pid },
      }),
    );
    this.options.onAttach();
  }

  /** Complete lines go to the record handler (a watcher's only those it may send); the end detaches. */
  private readFrom(c: ClientConnection): void {
    const { socket } = c;
    const framer = createJsonlFramer({
      onRecord: (line) => {
        if (c.retired) return;
        const refusal = c.role === "watcher" ? watcherRefusal(line) : undefined;
        if (refusal) this.enqueue(serializeFrame(refusal), [c]);
        else this.onRecord(line, c);
      },
      onOversize: (bytes) => this.options.warn(`a client sent a record of ${bytes} bytes; discarded`),
      onInvalidUtf8: () => this.options.warn("a client sent invalid UTF-8; discarded"),
    });
    socket.on("data", (chunk: Buffer) => framer.push(chunk));
    socket.on("end", () => {
      framer.end();
      this.detach(c);
      socket.end();
    });
    socket.on("error", (error: Error) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EPIPE" && code !== "ECONNRESET") this.options.warn(`client connection: ${error.message}`);
      this.detach(c);
    });
    socket.on("close", () => this.detach(c));
  }

  private respond(c: ClientConnection, id: unknown, command: string, data: unknown): void {
    const frame: Record<string, unknown> = {};
    if (typeof id === "string") frame["id"] = id;
    Object.assign(frame, { type: "response", command, success: true });
    if (data !== undefined) frame["data"] = data;
    this.send(c, serializeFrame(frame));
  }

  /** The events the client missed, or a snapshot when they are no longer all kept. */
  private attachClient(c: ClientConnection, frame: Record<string, unknown>): void {
    this.flush(); // events already queued precede the answer; the client discards them
    const { data, missed } = attachAnswer(frame, this.log, this.tracker, () => this.options.snapshot());
    this.respond(c, frame["id"], "live_attach", { ...data, role: c.role });
    if (missed.length > 0) this.send(c, missed.join(""));
    this.markAttached(c);
  }

  /** The client is at the present: what it was sent is seen, and so is what it is sent from now on. */
  private markAttached(c: ClientConnection): void {
    c.attached = true;
    this.tracker.seenUpTo(this.log.last);
  }
}
