// The live worker's side of its Unix socket: one controlling client at a time (a new one takes
// over after the old one is told with `live_detached`), the single ordered writer of events
// (numbered into the replay log and folded into the attach tracker, which also keeps what no
// attached client has seen for the next one; dropped while nobody is attached) and of responses
// (delivered only to the connection that asked), and the transport commands `live_attach` and
// `shutdown` (docs/protocol-notes.md, "Live sessions").
import { createServer, type Server, type Socket } from "node:net";
import { chmodSync, rmSync } from "node:fs";
import { createJsonlFramer, serializeFrame as serializeUnmasked } from "../../protocol/jsonl.js";
import { isStreamingUpdate, STREAM_COALESCE_MS, type FrameWriter } from "../rpc/frame-writer.js";
import { maskSecretsInJson } from "../security/credential-guard.js";
import type { WireEvent } from "../runtime/wire-events.js";
import { messagePage } from "../commands/message-page.js";
import { createAttachTracker, type AttachTracker } from "./attach-state.js";
import { createReplayLog, type ReplayLog } from "./replay-log.js";

/** Every frame to a client passes the credential guard, as the stdio frame writer does. */
const serializeFrame = (frame: unknown): string => maskSecretsInJson(serializeUnmasked(frame));

/** A client that stops reading is dropped (it can reattach) instead of growing our memory. */
const MAX_UNREAD_BYTES = 64 * 1024 * 1024;
/** Host tool frames are between the worker and one client: never numbered, never replayed. */
const UNNUMBERED = new Set(["host_tool_call", "host_tool_cancel"]);

export interface ClientConnection {
  readonly socket: Socket;
  /** Replaced by a newer client, or gone. */
  retired: boolean;
  /** Its live_attach was answered: events sent from then on are seen (before, the client discards them). */
  attached: boolean;
}

export interface ClientHubOptions {
  socketPath: string;
  version: string;
  liveId: string;
  /**
   * get_state data, get_messages messages and get_session_stats data, for a client that cannot
   * resume (and what it says of the worker).
   */
  snapshot(): LiveSnapshot;
  onAttach(): void;
  onDetach(): void;
  /** A client sent `shutdown`: end the worker as if stdin had closed. */
  onShutdownRequested(): void;
  warn(message: string): void;
}

export type LiveSnapshot = { state: unknown; messages: unknown[]; stats?: unknown; worker?: unknown };

export interface ClientHub {
  /** Events: numbered, tracked, sent to the controlling client if there is one. */
  readonly writer: FrameWriter;
  /** A response to the connection the request came from (dropped if it is no longer in control). */
  reply(origin: unknown, frame: object): void;
  /** Transport commands the hub answers itself; true when `frame` was one. */
  intercept(frame: Record<string, unknown>, origin: unknown): boolean;
  /** Where complete lines from the controlling client go (the rpc server). */
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
  private onRecord: (line: string, origin: ClientConnection) => void = () => undefined;
  /** Lines queued for the controlling client, written together on the next turn. */
  private pending: string[] = [];
  /** Number of the last event among `pending`. */
  private pendingSeq = 0;
  private scheduled = false;
  /** Streaming updates wait up to STREAM_COALESCE_MS to share a write (rpc/frame-writer.ts). */
  private held: ReturnType<typeof setTimeout> | undefined;
  private frames = 0;
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
    return this.current !== undefined ? 1 : 0;
  }

  reply(origin: unknown, frame: object): void {
    // Responses share the ordered queue with events but get no sequence number.
    if (origin !== undefined && origin === this.current) this.enqueue(serializeFrame(frame));
  }

  intercept(frame: Record<string, unknown>, origin: unknown): boolean {
    const type = frame["type"];
    if (type !== "live_attach" && type !== "shutdown") return false;
    const c = origin as ClientConnection | undefined;
    if (!c || c !== this.current) return true;
    if (type === "live_attach") this.attachClient(c, frame);
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
    const c = this.current;
    if (c) {
      this.flush();
      this.retire(c, reason);
      await new Promise<void>((resolve) => {
        if (c.socket.destroyed) resolve();
        else {
          c.socket.once("close", () => resolve());
          setTimeout(resolve, 1000).unref();
        }
      });
    }
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(this.options.socketPath, { force: true });
  }

  /** Events: numbered into the replay log, folded into the tracker, queued for the client. */
  private eventWriter(): FrameWriter {
    const hub = this;
    return {
      write(frame) {
        const line = serializeFrame(frame);
        hub.frames += 1;
        const event = frame as WireEvent;
        if (!UNNUMBERED.has(event.type)) {
          const seq = hub.log.push(line);
          hub.tracker.observe(event, seq);
          if (hub.current) hub.pendingSeq = seq;
        }
        hub.enqueue(line, isStreamingUpdate(event));
      },
      flush: () => this.flush(),
      drained: () => this.drained(),
      get framesWritten() {
        return hub.frames;
      },
    };
  }

  private async drained(): Promise<void> {
    this.flush();
    const socket = this.current?.socket;
    if (socket && socket.writableLength > 0 && !socket.destroyed) {
      await new Promise<void>((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
    }
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
    this.scheduled = false;
    if (this.held !== undefined) clearTimeout(this.held);
    this.held = undefined;
    if (this.pending.length === 0) return;
    const chunk = this.pending.join("");
    this.pending = [];
    const c = this.current;
    if (!c) return;
    this.send(c, chunk);
    if (c.attached && !c.retired && !c.socket.destroyed) this.tracker.seenUpTo(this.pendingSeq);
  }

  private enqueue(line: string, streaming = false): void {
    if (!this.current) return;
    this.pending.push(line);
    if (this.scheduled) return;
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
    const wasCurrent = this.current === c;
    c.retired = true;
    if (!wasCurrent) return;
    this.current = undefined;
    this.pending = [];
    this.options.onDetach();
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
    if (this.closing) {
      socket.end(serializeFrame({ type: "live_detached", reason: "shutdown" }));
      return;
    }
    const c: ClientConnection = { socket, retired: false, attached: false };
    const previous = this.current;
    if (previous) {
      this.retire(previous, "taken_over");
      this.detach(previous);
    }
    this.current = c;
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

  /** Complete lines of the controlling client go to the record handler; its end detaches it. */
  private readFrom(c: ClientConnection): void {
    const { socket } = c;
    const framer = createJsonlFramer({
      onRecord: (line) => {
        if (this.current === c) this.onRecord(line, c);
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
    const after = frame["after"];
    const missed = typeof after === "number" ? this.log.since(after) : undefined;
    if (typeof after === "number" && missed) {
      this.respond(c, frame["id"], "live_attach", {
        resumed: true,
        seq: after,
        frames: this.tracker.dialogsUpTo(after),
      });
      if (missed.length > 0) this.send(c, missed.join(""));
      this.markAttached(c);
      return;
    }
    const { state, messages: all, stats, worker } = this.options.snapshot();
    // `tail`: only the last messages (the client prints those and pages the rest with get_messages).
    const tail = frame["tail"];
    const page = messagePage(all, typeof tail === "number" && tail >= 1 ? -Math.trunc(tail) : undefined);
    const answer = {
      resumed: false,
      seq: this.log.last,
      state,
      messages: page.messages,
      messagesOffset: page.offset,
      messagesListId: page.listId,
      // The footer's totals as of `seq`: the events after the answer add to them.
      ...(stats !== undefined ? { stats } : {}),
      frames: this.tracker.frames(),
      ...(worker !== undefined ? { worker } : {}),
    };
    this.respond(c, frame["id"], "live_attach", answer);
    this.markAttached(c);
  }

  /** The client is at the present: what it was sent is seen, and so is what it is sent from now on. */
  private markAttached(c: ClientConnection): void {
    c.attached = true;
    this.tracker.seenUpTo(this.log.last);
  }
}
