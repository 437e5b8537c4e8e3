// How a live worker (`agent-rpc serve`) talks: the client hub on its socket instead of stdio,
// its registry entry kept current (state, client, session), the idle exit, host tools that
// fail while nobody is attached, and the moment it listens (the handshake for `attach
// --or-start`, or the link to the client that started it in place); after that, diagnostics go
// to the worker's log file.
import { randomUUID } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { maskSecrets, maskSecretsInJson } from "../security/credential-guard.js";
import type { FrameWriter } from "../rpc/frame-writer.js";
import type { RpcServer } from "../rpc/rpc-server.js";
import { createClientHub, type ClientConnection, type ClientHub, type LiveSnapshot } from "./client-hub.js";
import { createIdleExit, type IdleExit } from "./idle-exit.js";
import { ensureLiveDir, liveDir, liveFiles, type LiveFiles } from "./live-paths.js";
import { removeLiveEntry, writeLiveEntry, type LiveEntry, type LiveState } from "./live-registry.js";
import { createTitleReader, titleRow, type TitleSource } from "./live-title.js";
import { gitBranch } from "./git-branch.js";
import { createStatusTracker, type LiveStatus, type StatusTracker } from "./live-status.js";

/** Stop appending to the log past this size: a runaway warning must not fill the disk. */
const MAX_LOG_BYTES = 4 * 1024 * 1024;
/** Frames after which the worker's state (for the registry and the idle exit) may have changed. */
const STATE_FRAMES = new Set([
  "agent_start",
  "agent_settled",
  "compaction_start",
  "compaction_end",
  "extension_ui_request",
]);
/** The registry entry is rewritten at most this often (activity and streamed text change it all the time). */
const MIN_WRITE_MS = 500;

/** The session's token and cost totals, for the entry's status. */
export type LiveTotals = Pick<LiveStatus, "tokens" | "cost">;

export interface LiveTransportOptions {
  agentHome: string;
  version: string;
  /** The session id at start: names the socket and registry entry for the worker's life. */
  liveId: string;
  graceMs: number;
  /** The socket accepts clients: say so (the handshake line) or connect the first one. */
  onListening(where: LiveListening): void;
  warn(message: string): void;
}

/** The attach answer's `worker`: whether it ran before this client, its state and for how long (ms), its title. */
export type LiveWorkerInfo = { attachedBefore: boolean; state: LiveState; stateMs: number; title?: string };

/** Where a live worker listens, as its handshake line tells. */
export type LiveListening = { id: string; pid: number; socket: string; log: string };

export interface LiveStartDeps {
  server: RpcServer;
  cwd: string;
  session: { readonly sessionId: string; readonly sessionFile: string | undefined } & TitleSource;
  snapshot(): LiveSnapshot;
  /** No run, compaction or bash command is going. */
  runIdle(): boolean;
  hostTools(): { setAttached(attached: boolean): void } | undefined;
  /** End the worker (idle exit, the shutdown command). */
  shutdown(code: number): void;
  /** Token and cost totals of the session (read again after each answer and command). */
  totals(): LiveTotals;
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
  return new SocketTransport(options);
}

class SocketTransport implements LiveTransport {
  readonly writer: FrameWriter;
  private readonly dir: string;
  private readonly files: LiveFiles;
  private readonly startedAt = Date.now();
  private readonly hub: ClientHub;
  private readonly idle: IdleExit;
  private deps: LiveStartDeps | undefined;
  /** The registry entry as last written. */
  private entry: LiveEntry | undefined;
  private title: () => string | undefined = () => undefined;
  /** The first prompt a client sent, until the session's own title says more. */
  private firstPrompt: string | undefined;
  /** Clients accepted so far: after the first (the one that started us), an attach is a reattach. */
  private attaches = 0;
  private readonly status: StatusTracker = createStatusTracker();
  /** The totals as last read, and whether an answer or command may have changed them since. */
  private totals: LiveTotals = {};
  private totalsStale = true;
  private lastWrite = 0;
  private writeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveTransportOptions) {
    this.dir = ensureLiveDir(liveDir(options.agentHome));
    this.files = liveFiles(this.dir, options.liveId);
    this.hub = this.createHub();
    this.idle = createIdleExit({
      graceMs: options.graceMs,
      // A dialog nobody can answer while detached holds nothing up that a person is watching:
      // waiting counts as idle, so the worker ends after the grace (docs/protocol-notes.md).
      // A watcher keeps it too: someone is looking at it.
      isIdle: () => this.hub.clients === 0 && this.state() !== "working",
      onExpire: () => {
        options.warn(`idle and detached for ${Math.round(options.graceMs / 1000)} s: exiting`);
        this.deps?.shutdown(0);
      },
    });
    const hubWriter = this.hub.writer;
    const transport = this;
    this.writer = {
      write(frame) {
        hubWriter.write(frame);
        const type = (frame as { type?: string }).type ?? "";
        transport.status.observe(frame as { type: string });
        if (type === "message_end") transport.totalsStale = true;
        if (STATE_FRAMES.has(type)) transport.refresh();
        else transport.touch();
      },
      flush: () => hubWriter.flush(),
      drained: () => hubWriter.drained(),
      get framesWritten() {
        return hubWriter.framesWritten;
      },
    };
  }

  // Handed to the rpc server as plain functions, so bound here.
  readonly reply = (origin: unknown, frame: object): void => this.hub.reply(origin, frame);
  readonly intercept = (frame: Record<string, unknown>, origin: unknown): boolean => {
    // The first prompt is the title before the session holds it: a run whose extension asks
    // first (before_agent_start) waits on that question with its prompt not yet in the file,
    // and the fleet row of a session that needs input must say which task it is.
    if (frame["type"] === "prompt" && typeof frame["message"] === "string" && this.firstPrompt === undefined) {
      const row = titleRow(frame["message"]);
      if (row !== "") this.firstPrompt = row;
    }
    return this.hub.intercept(frame, origin);
  };
  readonly afterCommand = (): void => {
    this.totalsStale = true;
    this.refresh();
  };

  dialogAnswered(id: string): void {
    // The other clients show the dialog too: withdraw it there as a timeout would (ui-bridge.ts).
    if (this.hub.clients > 1 && this.hub.tracker.isDialogOpen(id))
      this.writer.write({ type: "extension_ui_request", id: randomUUID(), method: "cancel", targetId: id });
    this.hub.tracker.dialogAnswered(id);
    this.status.dialogAnswered(id);
    this.refresh();
  }

  async start(deps: LiveStartDeps): Promise<LiveFiles> {
    const { files, options } = this;
    this.deps = deps;
    const read = createTitleReader(deps.session);
    this.title = () => read() ?? this.firstPrompt;
    this.hub.setRecordHandler((line: string, origin: ClientConnection) => deps.server.handleRecord(line, origin));
    await this.hub.listen();
    deps.hostTools()?.setAttached(false);
    this.refresh();
    options.onListening({ id: options.liveId, pid: process.pid, socket: files.socket, log: files.log });
    redirectStderr(files.log);
    return files;
  }

  async close(reason: string): Promise<void> {
    this.idle.dispose();
    if (this.writeTimer !== undefined) clearTimeout(this.writeTimer);
    this.deps = undefined; // no entry is written again: it is removed below
    await this.hub.close(reason);
    removeLiveEntry(this.dir, { id: this.options.liveId, socket: this.files.socket });
  }

  private createHub(): ClientHub {
    return createClientHub({
      socketPath: this.files.socket,
      version: this.options.version,
      liveId: this.options.liveId,
      snapshot: () => ({ ...(this.deps?.snapshot() ?? { state: {}, messages: [] }), worker: this.attachInfo() }),
      onAttach: () => {
        this.attaches += 1;
        this.deps?.hostTools()?.setAttached(this.hub.attached);
        this.refresh();
      },
      onDetach: () => {
        // Host tool calls nobody will answer fail now, as on a closed stdin (docs/protocol-notes.md).
        if (!this.hub.attached) this.deps?.hostTools()?.setAttached(false);
        this.refresh();
      },
      onControlChanged: () => {
        // The old controller ran the host tool calls in flight; it no longer answers them.
        const tools = this.deps?.hostTools();
        tools?.setAttached(false);
        if (this.hub.attached) tools?.setAttached(true);
        this.refresh();
      },
      onShutdownRequested: () => this.deps?.shutdown(0),
      warn: this.options.warn,
    });
  }

  /** For the attach answer: what the client says when it attached to a worker that was already running. */
  private attachInfo(): LiveWorkerInfo {
    const state = this.state();
    const since = this.entry?.state === state ? this.entry.since : Date.now();
    const title = this.title();
    return {
      attachedBefore: this.attaches > 1,
      state,
      stateMs: Math.max(0, Date.now() - since),
      ...(title !== undefined ? { title } : {}),
    };
  }

  /** waiting: an extension dialog waits for an answer, in a run or not (session_start asks too). */
  private state(): LiveState {
    if (this.hub.tracker.openDialogs > 0) return "waiting";
    return !this.hub.tracker.busy && this.deps?.runIdle() !== false ? "idle" : "working";
  }

  /**
   * Only the status may have changed (activity, streamed text, a tool): rewrite the entry now, or
   * once MIN_WRITE_MS have passed since the last write. A change of state, client or session is
   * written at once (refresh): `attach --or-run` and `-c` decide by it.
   */
  private touch(): void {
    if (this.writeTimer !== undefined) return;
    const wait = this.lastWrite + MIN_WRITE_MS - Date.now();
    if (wait <= 0) {
      this.refresh();
      return;
    }
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined;
      this.refresh();
    }, wait);
    this.writeTimer.unref();
  }

  private readTotals(deps: LiveStartDeps): LiveTotals {
    if (this.totalsStale) {
      this.totalsStale = false;
      this.totals = deps.totals();
    }
    return this.totals;
  }

  /** Rewrite the registry entry when anything it shows changed. */
  private refresh(): void {
    const { deps, entry, hub, files, options } = this;
    if (!deps) return;
    if (this.writeTimer !== undefined) clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    const now = Date.now();
    const state = this.state();
    const next: LiveEntry = {
      id: options.liveId,
      pid: process.pid,
      cwd: deps.cwd,
      socket: files.socket,
      log: files.log,
      version: options.version,
      startedAt: this.startedAt,
      sessionId: deps.session.sessionId,
      state,
      since: entry?.state === state ? entry.since : now,
      attached: hub.attached,
      attachedChanged: entry?.attached === hub.attached ? entry.attachedChanged : now,
      clients: hub.clients,
    };
    const file = deps.session.sessionFile;
    if (file !== undefined) next.sessionFile = file;
    const name = deps.session.getName();
    if (name !== undefined) next.sessionName = name;
    const title = this.title();
    if (title !== undefined) next.title = title;
    const branch = gitBranch(deps.cwd);
    next.status = this.status.status({ ...this.readTotals(deps), ...(branch !== undefined ? { branch } : {}) });
    this.idle.check();
    if (entry && JSON.stringify(entry) === JSON.stringify(next)) return;
    this.entry = next;
    this.lastWrite = now;
    try {
      writeLiveEntry(files.meta, next, maskSecretsInJson);
    } catch (error) {
      options.warn(`cannot update the live registry: ${(error as Error).message}`);
    }
  }
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
