// Where the supervisor's generations come from (worker-supervisor.ts GenerationSource): each one
// is a worker process (spawned, or reconnected to a live worker) and the WorkerSession that reads
// it, wired to the parts that outlive it; its bring-up; and the routing of what its session
// signals (ready, answers, detach, degradation, a session change) to the part that acts on it.
import type { ProtocolHealth } from "./protocol-health.js";
import type { LiveSupport } from "./connection-live.js";
import type { CurrentSession } from "./current-session.js";
import { bringUpGeneration } from "./generation-bring-up.js";
import type { NoticeChannel } from "./notice-batcher.js";
import type { Redactor } from "./redact.js";
import type { SessionFile } from "./session-file.js";
import { exitDuringStartup } from "./startup.js";
import type { WorkerConnectionOptions, WorkerExitInfo } from "./types.js";
import { spawnOptionsFrom, spawnWorker, type WorkerProcess } from "./worker-process.js";
import { WorkerSession, type SessionSignal, type SessionTables } from "./worker-session.js";
import type { ExitCallback, GenerationSource, SupervisorView } from "./worker-supervisor.js";
import type { WorkerTracker } from "./worker-tracker.js";

/** What the factory asks of the supervisor about the generations it made. */
export interface GenerationControl {
  /** True while `generation` is the newest (frames of older generations are stale). */
  isCurrent(generation: number): boolean;
  /** The running generation cannot be driven any more: mark it and end it. */
  degrade(generation: number, reason: string): void;
  /** A pipe is lost: degrade the generation if it still looks alive after a grace period. */
  degradeIfStillAlive(generation: number, reason: string): void;
  /** A live worker let this client go: release its generation, as its relay would have exited. */
  releaseCurrent(): void;
  view(): SupervisorView;
}

/** The parts a generation is wired to; they outlive it. */
export interface GenerationParts {
  notices: NoticeChannel;
  current: CurrentSession;
  tables: SessionTables;
  health: ProtocolHealth;
  tracker: WorkerTracker;
  live: LiveSupport;
  sessionFile: SessionFile;
  supervisor: GenerationControl;
}

export class GenerationFactory implements GenerationSource {
  /** The worker command: switchWorker() replaces it. */
  command: string[];

  /** `env` and `redact`: the connection's, resolved once (a key on the command line is masked too). */
  constructor(
    private readonly options: WorkerConnectionOptions,
    private readonly env: NodeJS.ProcessEnv,
    private readonly redact: Redactor,
    private readonly parts: GenerationParts,
  ) {
    this.command = options.command;
  }

  spawn(generation: number, isRestart: boolean, exited: ExitCallback): WorkerProcess {
    const { options, parts } = this;
    const extra = isRestart ? (options.sessionArgsForRestart?.(parts.sessionFile.file) ?? []) : [];
    const argv = [...parts.live.argv(this.command), ...extra];
    // Lines of an older generation are dropped here.
    const current = (): WorkerSession | undefined => (parts.supervisor.isCurrent(generation) ? session : undefined);
    const worker = spawnWorker(
      { ...spawnOptionsFrom(options), argv, env: this.env, redact: this.redact },
      {
        onRecord: (line) => current()?.receive(line),
        onFramingError: (message) => current()?.protocolError(message),
        onStderrLine: (line) => {
          if (options.forwardStderr) parts.notices.emit({ kind: "stderr", line });
        },
        // A worker whose stdout closed or stdin broke but that stays alive is Degraded (docs/protocol.md §11.2).
        onStdoutEnd: () => parts.supervisor.degradeIfStillAlive(generation, "Worker closed stdout but kept running"),
        onStdinError: (error) => {
          if (!current()) return;
          parts.notices.emit({ kind: "notification", level: "warning", message: `Worker stdin: ${error.message}` });
          const reason = `Worker stdin failed (${error.message}) but the worker kept running`;
          parts.supervisor.degradeIfStillAlive(generation, reason);
        },
        // A spawn error quotes argv[0], which may carry a secret.
        onExit: (code, signal, spawnError) => {
          exited(code, signal, spawnError ? new Error(this.redact(spawnError.message)) : undefined);
        },
      },
    );
    const session = new WorkerSession(generation, worker, {
      redact: this.redact,
      tables: parts.tables,
      health: parts.health,
      notices: parts.notices,
      reports: parts.tracker,
      gate: parts.live,
      signal: (signal) => this.onSignal(generation, signal),
    });
    parts.current.set(session);
    parts.health.reset();
    return worker;
  }

  async bringUp(generation: number, isRestart: boolean): Promise<void> {
    const { parts } = this;
    const session = parts.current.of(generation);
    if (!session) throw new Error(`bringUp(): generation ${generation} has no session`);
    const startup = exitDuringStartup(session.worker.exited, () => parts.supervisor.view().lastExit);
    try {
      await bringUpGeneration({
        options: this.options,
        request: parts.current.request,
        session,
        failed: startup.failed,
        isRestart,
        live: parts.live,
        caps: parts.tracker,
        sessionFile: parts.sessionFile,
        hostTools: parts.tables.hostTools,
        notices: parts.notices,
      });
    } finally {
      startup.done();
    }
  }

  lastFrame(): WorkerExitInfo["lastFrame"] {
    return this.parts.current.lastFrame();
  }

  /** What generation `generation`'s session says of it: its live link, its answers, its health. */
  private onSignal(generation: number, signal: SessionSignal): void {
    const { live, supervisor } = this.parts;
    switch (signal.kind) {
      case "ready":
        return live.onReady(signal.live);
      case "response":
        // Events the worker sent before this answer reach subscribers before its caller resumes
        // (a /compact that failed after compaction_start must see that start in the store).
        this.parts.notices.flushNow();
        return live.onResponse(signal.frame);
      case "detached":
        live.onDetached(signal.reason);
        // The worker closes this link next: a relay would exit, a worker serving it in place runs on.
        setImmediate(() => {
          if (supervisor.isCurrent(generation)) supervisor.releaseCurrent();
        });
        return;
      case "control":
        return live.onControl(signal.role);
      case "degraded":
        return supervisor.degrade(generation, signal.reason);
      case "session_changed":
        // A handoff may continue in a new session: keep the file a restart reopens current.
        if (supervisor.view().state === "running") void this.parts.sessionFile.refresh();
        return;
      default: {
        const never: never = signal;
        return never;
      }
    }
  }
}
