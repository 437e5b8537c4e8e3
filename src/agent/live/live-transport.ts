// How a live worker (`agent-rpc serve`) talks: the client hub on its socket instead of stdio,
// its registry entry kept current (state, client, session), the idle exit, host tools that
// fail while nobody is attached, and the start-up handshake for `attach --or-start` (one line
// on the original stdout, then diagnostics go to the worker's log file).
import { closeSync, openSync, writeSync } from "node:fs";
import { maskSecrets } from "../security/credential-guard.js";
import type { FrameSink, FrameWriter } from "../rpc/frame-writer.js";
import type { RpcServer } from "../rpc/rpc-server.js";
import { createClientHub, type ClientConnection } from "./client-hub.js";
import { createIdleExit } from "./idle-exit.js";
import { ensureLiveDir, liveDir, liveFiles, type LiveFiles } from "./live-paths.js";
import { removeLiveEntry, writeLiveEntry, type LiveEntry, type LiveState } from "./live-registry.js";

/** Stop appending to the log past this size: a runaway warning must not fill the disk. */
const MAX_LOG_BYTES = 4 * 1024 * 1024;
/** Frames after which the worker's state (for the registry and the idle exit) may have changed. */
const STATE_FRAMES = new Set(["agent_start", "agent_settled", "compaction_start", "compaction_end", "extension_ui_request"]);

export interface LiveTransportOptions {
  agentHome: string;
  version: string;
  /** The session id at start: names the socket and registry entry for the worker's life. */
  liveId: string;
  graceMs: number;
  /** The original stdout, for the one-line handshake. */
  handshake: FrameSink;
  warn(message: string): void;
}

export interface LiveStartDeps {
  server: RpcServer;
  cwd: string;
  session: { readonly sessionId: string; readonly sessionFile: string | undefined; getName(): string | undefined };
  snapshot(): { state: unknown; messages: unknown[] };
  /** No run, compaction or bash command is going. */
  runIdle(): boolean;
  hostTools(): { setAttached(attached: boolean): void } | undefined;
  /** End the worker (idle exit, the shutdown command). */
  shutdown(code: number): void;
}

export interface LiveTransport {
  readonly writer: FrameWriter;
  reply(origin: unknown, frame: object): void;
  intercept(frame: Record<string, unknown>, origin: unknown): boolean;
  afterCommand(type: string): void;
  /** An extension_ui_response arrived for `id`. */
  dialogAnswered(id: string): void;
  start(deps: LiveStartDeps): Promise<LiveFiles>;
  close(reason: string): Promise<void>;
}

export function createLiveTransport(options: LiveTransportOptions): LiveTransport {
  const dir = ensureLiveDir(liveDir(options.agentHome));
  const files = liveFiles(dir, options.liveId);
  let deps: LiveStartDeps | undefined;
  let entry: LiveEntry | undefined;
  const startedAt = Date.now();

  const state = (): LiveState => {
    if (!hub.tracker.busy && deps?.runIdle() !== false) return "idle";
    return hub.tracker.openDialogs > 0 ? "waiting" : "working";
  };
  const idle = createIdleExit({
    graceMs: options.graceMs,
    isIdle: () => !hub.attached && state() === "idle" && hub.tracker.openDialogs === 0,
    onExpire: () => {
      options.warn(`idle and detached for ${Math.round(options.graceMs / 1000)} s: exiting`);
      deps?.shutdown(0);
    },
  });

  /** Rewrite the registry entry when anything it shows changed. */
  const refresh = (): void => {
    if (!deps) return;
    const now = Date.now();
    const next: LiveEntry = {
      id: options.liveId,
      pid: process.pid,
      cwd: deps.cwd,
      socket: files.socket,
      log: files.log,
      version: options.version,
      startedAt,
      sessionId: deps.session.sessionId,
      state: state(),
      since: entry?.state === state() ? entry.since : now,
      attached: hub.attached,
      attachedChanged: entry?.attached === hub.attached ? entry.attachedChanged : now,
    };
    const file = deps.session.sessionFile;
    if (file !== undefined) next.sessionFile = file;
    const name = deps.session.getName();
    if (name !== undefined) next.sessionName = name;
    if (entry && JSON.stringify(entry) === JSON.stringify(next)) return;
    entry = next;
    try {
      writeLiveEntry(files.meta, next);
    } catch (error) {
      options.warn(`cannot update the live registry: ${(error as Error).message}`);
    }
    idle.check();
  };

  const hub = createClientHub({
    socketPath: files.socket,
    version: options.version,
    liveId: options.liveId,
    snapshot: () => deps?.snapshot() ?? { state: {}, messages: [] },
    onAttach: () => {
      deps?.hostTools()?.setAttached(true);
      refresh();
    },
    onDetach: () => {
      // Host tool calls nobody will answer fail now, as on a closed stdin (docs/protocol-notes.md).
      deps?.hostTools()?.setAttached(false);
      refresh();
    },
    onShutdownRequested: () => deps?.shutdown(0),
    warn: options.warn,
  });

  const writer: FrameWriter = {
    write(frame) {
      hub.writer.write(frame);
      if (STATE_FRAMES.has((frame as { type?: string }).type ?? "")) refresh();
    },
    flush: () => hub.writer.flush(),
    drained: () => hub.writer.drained(),
    get framesWritten() {
      return hub.writer.framesWritten;
    },
  };

  return {
    writer,
    reply: (origin, frame) => hub.reply(origin, frame),
    intercept: (frame, origin) => hub.intercept(frame, origin),
    afterCommand: () => refresh(),
    dialogAnswered(id) {
      hub.tracker.dialogAnswered(id);
      refresh();
    },
    async start(startDeps) {
      deps = startDeps;
      hub.setRecordHandler((line: string, origin: ClientConnection) => startDeps.server.handleRecord(line, origin));
      await hub.listen();
      deps.hostTools()?.setAttached(false);
      refresh();
      options.handshake.write(`${JSON.stringify({ type: "live_listening", id: options.liveId, pid: process.pid, socket: files.socket, log: files.log })}\n`);
      redirectStderr(files.log);
      return files;
    },
    async close(reason) {
      idle.dispose();
      await hub.close(reason);
      removeLiveEntry(dir, { id: options.liveId, socket: files.socket });
    },
  };
}

/** From now on our diagnostics go to the log file: the relay that started us is gone soon. */
function redirectStderr(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, "a", 0o600);
  } catch (error) {
    process.stderr.write(`agent-rpc: cannot open the log ${path}: ${(error as Error).message}\n`);
    return;
  }
  const logFd = fd;
  let written = 0;
  const toLog = ((chunk: string | Uint8Array, encodingOrCb?: unknown, cb?: unknown): boolean => {
    const callback = typeof encodingOrCb === "function" ? encodingOrCb : cb;
    // Masked as the terminal's stderr was (credential-guard.ts): the log is a file on disk.
    const data = Buffer.from(maskSecrets(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8")));
    if (written < MAX_LOG_BYTES) {
      written += data.length;
      try {
        writeSync(logFd, data);
      } catch (error) {
        // A full disk loses diagnostics, never the worker.
        void error;
      }
    }
    if (typeof callback === "function") (callback as () => void)();
    return true;
  }) as typeof process.stderr.write;
  process.stderr.write = toLog;
  process.on("exit", () => closeSync(logFd));
}
