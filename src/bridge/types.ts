// Public types of the bridge: what the TUI sees of a worker connection (notices, snapshot,
// options, host tools). Wire shapes come from src/protocol via ./wire-types.ts.
import type {
  ExtensionUiRequest,
  RpcSessionState,
  AgentMessage,
  AgentToolResult,
  HostToolDefinition,
  SessionStats,
} from "./wire-types.js";
import type { RpcClient } from "./rpc-client.js";
import type { LiveRole } from "./live-link.js";
import type { ClientEvent, SessionSnapshot } from "./client-event-types.js";

/**
 * The phase of a run, derived by the bridge (docs/protocol.md §4.12): settledness is synthesised
 * for workers without `agent_settled`. `settling`: the last run ended; waiting for agent_settled
 * or the synthesised probe (busy). The TUI keeps its own record of a run (RunState in
 * tui/state/types.ts), built from the events and this phase.
 */
export type RunPhase = "idle" | "streaming" | "retrying" | "compacting" | "settling" | "settled";

/**
 * Supervisor states of docs/protocol.md §11.2, plus `reconnecting`: the link to a
 * live worker dropped; the worker keeps running and the connection is being re-established.
 */
export type SupervisorState =
  | "starting"
  | "running"
  | "degraded"
  | "exited"
  | "recovering"
  | "reconnecting"
  | "failed"
  | "stopped";

export interface WorkerExitInfo {
  generation: number;
  code: number | null;
  signal: string | null;
  /** True when the client asked for the exit (stop()). */
  intentional: boolean;
  /** The pid of the process that exited (a live worker's own, when we ran it in place). */
  pid?: number;
  /** Last valid frame before the exit (type, time, and command for responses). */
  lastFrame?: { type: string; at: number; command?: string };
  /** Redacted stderr tail (last lines). */
  stderrTail: string;
  /** Human-readable reason (spawn error, startup timeout, protocol errors...). */
  reason?: string;
}

export type UiResponse = { value: string } | { confirmed: boolean } | { cancelled: true };

export type BridgeNotice =
  /** A worker event, normalised whatever the worker (client-event-types.ts). */
  | { kind: "event"; event: ClientEvent }
  /**
   * An event outside the protocol; `text`: the words it carries for the user, when it is one
   * oh-my-pi uses for that.
   */
  | {
      kind: "unknown_event";
      type: string;
      raw: Record<string, unknown>;
      text?: { level: "info" | "warning" | "error"; text: string };
    }
  | { kind: "ui_request"; request: ExtensionUiRequest }
  | { kind: "ui_request_closed"; id: string; reason: "timeout" | "cancelled" | "worker_exit" }
  | { kind: "protocol_error"; message: string; excerpt: string }
  | { kind: "run_state"; state: RunPhase }
  | { kind: "supervisor"; state: SupervisorState; info?: WorkerExitInfo }
  | {
      kind: "rehydrated";
      state: RpcSessionState;
      snapshot: SessionSnapshot;
      messages: AgentMessage[];
      entries?: unknown[];
    }
  /** The worker answered get_state (any caller): what the footer and todo pane show of it. */
  | { kind: "session_state"; snapshot: SessionSnapshot }
  /**
   * Something whose outcome is unknown after a worker exit; `text` is a prompt/queued message the
   * user may resend by hand.
   */
  | { kind: "indeterminate"; what: string; text?: string }
  /** A queued message the worker died with, never delivered: its text, for the user to send again. */
  | { kind: "queue_lost"; lane: "steering" | "followUp"; text: string }
  | { kind: "late_prompt_failure"; id: string; error: string }
  | { kind: "notification"; level: "info" | "warning" | "error"; message: string }
  | { kind: "capabilities"; capabilities: Capabilities }
  | { kind: "stderr"; line: string }
  /**
   * Attached to a live worker. `first`: this connection's first one (`messages` is the
   * conversation to show); `resumed`: the same worker after a lost link, every missed event
   * follows; `snapshot`: the same worker, but the missed events were no longer kept (`messages`
   * is the whole conversation again); `replaced`: the old worker was gone, a new one reopened the
   * session (a `rehydrated` notice follows, as after a crash). `messagesOffset`: `messages` are
   * the conversation's last ones from that index (live options' `snapshotTail`); the earlier
   * ones are read with get_messages' paging fields, whose `listId` must be `messagesListId`.
   */
  | {
      kind: "live_attached";
      id: string;
      mode: LiveAttachMode;
      messages: AgentMessage[];
      messagesOffset?: number;
      messagesListId?: number;
      state?: RpcSessionState;
      /** What the worker said of itself (agent-rpc): absent from workers that do not say. */
      worker?: LiveWorkerSummary;
      /** The session's totals as of the answer (get_session_stats data), when the worker sent them. */
      stats?: SessionStats;
    }
  /** The link to a live worker: lost, next attempt in `delayMs`, or restored. */
  /**
   * `mode` (restored only): how the worker found again relates to the one lost (`resumed`: the
   * same, nothing missed); `runLost` (replaced only): the old worker died with a run going.
   */
  | {
      kind: "live_link";
      state: "lost" | "waiting" | "restored";
      attempt?: number;
      delayMs?: number;
      mode?: LiveAttachMode;
      runLost?: boolean;
    }
  /** The live worker let this client go: `taken_over` by another client, or it ended (`shutdown`). */
  | { kind: "live_detached"; reason: string }
  /**
   * This client controls the live worker or only watches it (docs/protocol-notes.md): said by the
   * attach answer (`attached`) and whenever control moves (`take_control` here or in another terminal).
   */
  | { kind: "live_control"; role: LiveRole; attached?: true };

export type LiveAttachMode = "first" | "resumed" | "snapshot" | "replaced";

/**
 * A live worker as its attach answer describes it: `attachedBefore` when another client attached
 * to it before this one (it was running already: a reattach), its state and for how long (ms),
 * and its title (the session's name, else its first prompt; foreign text, not sanitised).
 */
export type LiveWorkerSummary = {
  attachedBefore: boolean;
  state: "working" | "waiting" | "idle";
  stateMs: number;
  title?: string;
};

/** Worker flavour per docs/protocol.md §3.12 classification. */
export type WorkerFlavour = "ours" | "pi" | "pi-0.73" | "omp" | "xcsh" | "unknown";

export interface Capabilities {
  flavour: WorkerFlavour;
  /** Worker version from the ready frame, when the worker sent one. */
  version?: string;
  /** Command type → supported? Missing key = not probed yet (assume supported). */
  commands: Partial<Record<string, boolean>>;
  /** Event types seen from this worker so far, plus ones known from the flavour. */
  events: Partial<Record<string, boolean>>;
  /** Whether to use `branch`/`get_branch_messages` instead of `fork`/`get_fork_messages`. */
  useBranchAliases: boolean;
  /** Whether run settledness is synthesised (no `agent_settled` from this worker). */
  synthesisedSettled: boolean;
}

export interface BridgeSnapshot {
  supervisor: SupervisorState;
  runState: RunPhase;
  generation: number;
  /** Process id of the live worker (diagnostics). */
  pid?: number;
  capabilities: Capabilities;
  lastExit?: WorkerExitInfo;
  /** Restarts used inside the current budget window. */
  restartsInWindow: number;
  /** Redacted stderr tail of the current generation. */
  stderrTail: string;
  /** Last session file known from get_state (used to reopen after a crash). */
  sessionFile?: string;
  pendingRequests: number;
  openDialogs: number;
  protocolErrors: number;
  /** The live worker this connection follows (docs/protocol-notes.md, "Live sessions"). */
  live?: { id: string; ended?: string };
}

export interface HostToolContext {
  /** Fires on host_tool_cancel, worker exit or stop(). */
  signal: AbortSignal;
  toolCallId: string;
  /** Send a cumulative partial result (host_tool_update). */
  update(partial: AgentToolResult): void;
}

export type HostToolHandler = (
  toolName: string,
  args: Record<string, unknown>,
  context: HostToolContext,
) => Promise<AgentToolResult | { result: AgentToolResult; isError: boolean }>;

export interface RestartPolicy {
  maxRestarts: number;
  windowMs: number;
  backoffMs?: number[];
}

export interface WorkerConnectionOptions {
  /** argv of the worker (args for --mode rpc included by caller). */
  command: string[];
  cwd?: string;
  /** Full environment (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** When set, only these variables (+PATH, HOME) are passed. */
  envAllowList?: string[];
  /** Run the command through a shell (only when the user asks for it). */
  useShell?: boolean;
  /**
   * Start the worker in a process group of its own, so a Ctrl+C typed at a terminal in cooked
   * mode (plain mode) reaches only us, and we decide what it means (abort or leave).
   */
  ownProcessGroup?: boolean;
  restart?: RestartPolicy | false;
  /** How to reopen the same session at restart (e.g. `["--session", file]`). */
  sessionArgsForRestart?: (sessionFile: string | undefined) => string[];
  /** Per-command timeouts in ms, keyed by command type; 0 disables. */
  requestTimeoutsMs?: Partial<Record<string, number>>;
  /** Startup timeout (ms) for the ready frame / first get_state. Default 30 000. */
  startupTimeoutMs?: number;
  /** Bounded stdin queue (frames / bytes). Defaults 1000 / 16 MiB. */
  maxQueuedFrames?: number;
  maxQueuedBytes?: number;
  /** Max stdout record size. Default 64 MiB. */
  maxRecordBytes?: number;
  /** Quiet period before synthesising settledness (docs/protocol.md §4.12). Default 500 ms. */
  settleQuietMs?: number;
  /** Quiet period after omp's `agent_end {isTerminal:false}` before the settledness probe: a
   *  background job's continuation run starts ~2 s later (omp 18.2.3 trace). Default 3000 ms. */
  continuationQuietMs?: number;
  /** Delay between notice batches (ms). 0 = setImmediate. Default 16. */
  batchIntervalMs?: number;
  /** Forward redacted stderr lines as notices. Default false. */
  forwardStderr?: boolean;
  /** Commands the UI cannot work without: start() fails clearly when the worker lacks one. */
  requiredCommands?: string[];
  /** Probe optional commands after start (docs/protocol.md §3.12). Default true. */
  probeCapabilities?: boolean;
  /** stop(): wait after closing stdin, then after SIGTERM. Defaults 5000 / 3000 ms (docs/protocol.md §1.6). */
  shutdownTimeoutsMs?: { closeWaitMs?: number; termWaitMs?: number };
  /** Protocol errors within 60 s that make the worker Degraded (docs/protocol.md §11.2). Default 3. */
  degradedThreshold?: number;
  /**
   * Reconnecting to a live worker after its link dropped: the command that reaches worker `id`
   * again (e.g. `ssh host agent-rpc attach <id> --or-start …`), and the delays between attempts
   * (default 2, 4, 8, 16, then 30 s, until stop()). Without it a lost link is a crash.
   * `snapshotTail`: an attach answer carries only the conversation's last this many messages.
   * `reconnectCommand` is given the command of the worker followed now (switchWorker may have
   * changed it, to another host's transport even), so a reconnect goes where the link went.
   */
  live?: {
    reconnectCommand(id: string, current: readonly string[]): string[];
    reconnectDelaysMs?: number[];
    snapshotTail?: number;
  };
}

export interface WorkerConnection {
  /** Resolves when ready (ready frame or first get_state). */
  start(): Promise<void>;
  readonly rpc: RpcClient;
  /** Batched notices; the reader never waits on listeners. Returns an unsubscribe function. */
  subscribe(listener: (batch: readonly BridgeNotice[]) => void): () => void;
  getSnapshot(): BridgeSnapshot;
  /** Answer an open dialog; dropped if the dialog was closed (timeout/cancel/exit). */
  respondToUi(id: string, response: UiResponse): void;
  /** Register host tools (set_host_tools) and the handler serving host_tool_call; re-sent after restarts. */
  registerHostTools(tools: HostToolDefinition[], handler: HostToolHandler): Promise<void>;
  /** Manual restart after Failed (resets the budget). */
  restart(): Promise<void>;
  /** Close stdin → wait → SIGTERM → SIGKILL. A live worker stays (detached). */
  stop(): Promise<void>;
  /** End the worker: a live one with the `shutdown` command, then stop(); others as stop(). */
  shutdownWorker(): Promise<void>;
  /**
   * Drive another worker from now on (e.g. `agent-rpc attach ID` for a live session): the
   * current one is ended (`end`) or left running (`detach`), then `command` starts as on start().
   */
  switchWorker(command: string[], current: "end" | "detach"): Promise<void>;
}
