// The live worker's side of its Unix socket: one controlling client at a time (a new one takes
// over after the old one is told with `live_detached`), the single ordered writer of events
// (numbered into the replay log and folded into the attach tracker, dropped while nobody is
// attached) and of responses (delivered only to the connection that asked), and the transport
// commands `live_attach` and `shutdown` (docs/protocol-notes.md, "Live sessions").
import { createServer, type Server, type Socket } from "node:net";
import { chmodSync, rmSync } from "node:fs";
import { createJsonlFramer, serializeFrame as serializeUnmasked } from "../../protocol/jsonl.js";
import type { FrameWriter } from "../rpc/frame-writer.js";
import { maskSecretsInJson } from "../security/credential-guard.js";
import type { WireEvent } from "../runtime/wire-events.js";
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
}

export interface ClientHubOptions {
  socketPath: string;
  version: string;
  liveId: string;
  /** get_state data and get_messages messages, for a client that cannot resume. */
  snapshot(): { state: unknown; messages: unknown[] };
  onAttach(): void;
  onDetach(): void;
  /** A client sent `shutdown`: end the worker as if stdin had closed. */
  onShutdownRequested(): void;
  warn(message: string): void;
}

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
  readonly attached: boolean;
  listen(): Promise<void>;
  /** Tell the client why (live_detached), end it, stop listening and remove the socket. */
  close(reason: string): Promise<void>;
}

export function createClientHub(options: ClientHubOptions): ClientHub {
  const tracker = createAttachTracker();
  const log: ReplayLog = createReplayLog();
  let current: ClientConnection | undefined;
  let onRecord: (line: string, origin: ClientConnection) => void = () => undefined;
  let pending: string[] = [];
  let scheduled = false;
  let frames = 0;
  let server: Server | undefined;
  let closing = false;
  const sockets = new Set<Socket>();

  const send = (c: ClientConnection, text: string): void => {
    if (c.retired || c.socket.destroyed) return;
    c.socket.write(text);
    if (c.socket.writableLength > MAX_UNREAD_BYTES) {
      options.warn(`dropping a client that stopped reading (${c.socket.writableLength} bytes unread)`);
      c.socket.destroy();
    }
  };

  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    if (current) send(current, chunk);
  };

  const enqueue = (line: string): void => {
    if (!current) return;
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  const writer: FrameWriter = {
    write(frame) {
      const line = serializeFrame(frame);
      frames += 1;
      const event = frame as WireEvent;
      if (!UNNUMBERED.has(event.type)) tracker.observe(event, log.push(line));
      enqueue(line);
    },
    flush,
    async drained() {
      flush();
      const socket = current?.socket;
      if (socket && socket.writableLength > 0 && !socket.destroyed) {
        await new Promise<void>((resolve) => {
          socket.once("drain", resolve);
          socket.once("close", resolve);
        });
      }
    },
    get framesWritten() {
      return frames;
    },
  };

  const retire = (c: ClientConnection, reason: string): void => {
    flush();
    send(c, serializeFrame({ type: "live_detached", reason }));
    c.retired = true;
    c.socket.end();
  };

  const detach = (c: ClientConnection): void => {
    const wasCurrent = current === c;
    c.retired = true;
    if (!wasCurrent) return;
    current = undefined;
    pending = [];
    options.onDetach();
  };

  const accept = (socket: Socket): void => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    if (closing) {
      socket.end(serializeFrame({ type: "live_detached", reason: "shutdown" }));
      return;
    }
    const c: ClientConnection = { socket, retired: false };
    const previous = current;
    if (previous) {
      retire(previous, "taken_over");
      detach(previous);
    }
    current = c;
    const framer = createJsonlFramer({
      onRecord: (line) => {
        if (current === c) onRecord(line, c);
      },
      onOversize: (bytes) => options.warn(`a client sent a record of ${bytes} bytes; discarded`),
      onInvalidUtf8: () => options.warn("a client sent invalid UTF-8; discarded"),
    });
    socket.on("data", (chunk: Buffer) => framer.push(chunk));
    socket.on("end", () => {
      framer.end();
      detach(c);
      socket.end();
    });
    socket.on("error", (error: Error) => {
      if ((error as NodeJS.ErrnoException).code !== "EPIPE" && (error as NodeJS.ErrnoException).code !== "ECONNRESET") {
        options.warn(`client connection: ${error.message}`);
      }
      detach(c);
    });
    socket.on("close", () => detach(c));
    send(c, serializeFrame({ type: "ready", version: options.version, live: { id: options.liveId, pid: process.pid } }));
    options.onAttach();
  };

  const respond = (c: ClientConnection, id: unknown, command: string, data: unknown): void => {
    const frame: Record<string, unknown> = {};
    if (typeof id === "string") frame["id"] = id;
    Object.assign(frame, { type: "response", command, success: true });
    if (data !== undefined) frame["data"] = data;
    send(c, serializeFrame(frame));
  };

  /** The events the client missed, or a snapshot when they are no longer all kept. */
  const attachClient = (c: ClientConnection, frame: Record<string, unknown>): void => {
    flush(); // events already queued precede the answer; the client discards them
    const after = frame["after"];
    const missed = typeof after === "number" ? log.since(after) : undefined;
    if (typeof after === "number" && missed) {
      respond(c, frame["id"], "live_attach", { resumed: true, seq: after, frames: tracker.dialogsUpTo(after) });
      if (missed.length > 0) send(c, missed.join(""));
      return;
    }
    const { state, messages } = options.snapshot();
    respond(c, frame["id"], "live_attach", { resumed: false, seq: log.last, state, messages, frames: tracker.frames() });
  };

  return {
    writer,
    tracker,
    get attached() {
      return current !== undefined;
    },
    reply(origin, frame) {
      // Responses share the ordered queue with events but get no sequence number.
      if (origin !== undefined && origin === current) enqueue(serializeFrame(frame));
    },
    intercept(frame, origin) {
      const type = frame["type"];
      if (type !== "live_attach" && type !== "shutdown") return false;
      const c = origin as ClientConnection | undefined;
      if (!c || c !== current) return true;
      if (type === "live_attach") attachClient(c, frame);
      else {
        flush();
        respond(c, frame["id"], "shutdown", undefined);
        options.onShutdownRequested();
      }
      return true;
    },
    setRecordHandler(handler) {
      onRecord = handler;
    },
    listen() {
      rmSync(options.socketPath, { force: true });
      const srv = createServer(accept);
      server = srv;
      return new Promise<void>((resolve, reject) => {
        srv.once("error", reject);
        // The socket is created 0600; the 0700 directory around it is what keeps others out.
        const umask = process.umask(0o177);
        try {
          srv.listen(options.socketPath, () => {
            srv.off("error", reject);
            chmodSync(options.socketPath, 0o600);
            srv.on("error", (error: Error) => options.warn(`socket server: ${error.message}`));
            resolve();
          });
        } finally {
          process.umask(umask);
        }
      });
    },
    async close(reason) {
      closing = true;
      if (current) {
        const c = current;
        flush();
        retire(c, reason);
        await new Promise<void>((resolve) => {
          if (c.socket.destroyed) resolve();
          else {
            c.socket.once("close", () => resolve());
            setTimeout(resolve, 1000).unref();
          }
        });
      }
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      rmSync(options.socketPath, { force: true });
    },
  };
}
