// The bridge's public surface: the only module the TUI imports. Re-exports the wire types the
// UI renders, the bridge's own notice/snapshot types, and the worker-connection factory.
//
// Usage (subscribe before start(): notices are delivered in batches and not replayed):
//   const conn = createWorkerConnection({ command: [...resolveBundledWorkerCommand(), "--mode", "rpc"] });
//   const off = conn.subscribe((batch) => store.dispatchMany(batch));
//   await conn.start();                       // ready frame or first get_state; capabilities probed
//   if (conn.getSnapshot().capabilities.commands["set_todos"]) ...
//   await conn.rpc.prompt("hi");              // resolves on acceptance; completion = run_state "settled"
//   conn.respondToUi(id, { confirmed: true }); // answers to closed dialogs are dropped
//   await conn.stop();
export type * from "./wire-types.js";
export type {
  BridgeNotice,
  LiveAttachMode,
  BridgeSnapshot,
  Capabilities,
  LiveWorkerSummary,
  HostToolContext,
  HostToolHandler,
  RestartPolicy,
  RunPhase,
  SupervisorState,
  UiResponse,
  WorkerConnection,
  WorkerConnectionOptions,
  WorkerExitInfo,
  WorkerFlavour,
} from "./types.js";
export type {
  ClientEvent,
  ClientEventType,
  ClientMessage,
  MessageBlock,
  MessageDelta,
  PlanPhase,
  PlanTask,
  SessionSnapshot,
  TokenUsage,
  ToolOutput,
} from "./client-event-types.js";
// The same projections for data a client fetched itself (get_messages history, get_state answers).
export { toClientEvent, workerTextOf } from "./client-events.js";
export {
  isRecord,
  num,
  optStr,
  str,
  strArray,
  toClientMessage,
  toPlanPhases,
  toSessionSnapshot,
  toTokenUsage,
} from "./client-values.js";
// Values outside the worker protocol that the UI shows (omp's slash commands, agent-rpc's live
// sessions), decoded here so the UI holds typed values.
export { decodeAvailableCommands } from "./decode-available-commands.js";
export { decodeLiveSessions, parseLiveSessions, type LiveSession } from "./decode-live-sessions.js";
export type { RpcClient, PromptOptions, QueueMode, InterruptMode } from "./rpc-client.js";
export type { LiveRole } from "./live-link.js";
export { BridgeError, exitOf, type BridgeErrorKind } from "./errors.js";
export { resolveBundledWorkerCommand, splitCommandLine } from "./command-line.js";
export { createWorkerConnection } from "./connection.js";
export { describeCommandLine, redactSecrets } from "./redact.js";
// Private (0600/0700) file creation shared with the worker: session files, exports, history.
export {
  ensureOwnPrivateDir,
  ensurePrivateDir,
  isOwnPrivateDir,
  openPrivateAppend,
  writePrivateFileAtomic,
  TargetExistsError,
} from "../protocol/private-files.js";
// What must not reach a terminal raw, defined once for the TUI's sanitiser and agent-rpc's output.
export {
  ANNOTATION_CONTROLS,
  BIDI_CONTROLS,
  FOREIGN_SGR_SOURCE,
  placeholder,
  terminalSafeJson,
  UNSAFE_CHARS,
  visibleLine,
  visibleText,
} from "../protocol/terminal-text.js";
// Escape sequences, one grammar for the sanitiser, widths and wrapping, and the frame writer.
export {
  BELL,
  osc777Notification,
  osc9Notification,
  CSI_BODY_SOURCE,
  CSI_OPEN_SOURCE,
  CSI_SOURCE,
  csiLength,
  ESC,
  HYPERLINK_CLOSE,
  HYPERLINK_SOURCE,
  hyperlink,
  hyperlinkUri,
  isPrintableAscii,
  isSgrReset,
  leadingCursorControlLength,
  OSC_OPEN_SOURCE,
  OSC_SOURCE,
  scanSgr,
  SGR_RESET,
  SGR_SOURCE,
  MOUSE_REPORTING_OFF,
  MOUSE_REPORTING_ON,
  sgrLength,
  sgrParams,
  STRING_END_SOURCE,
  stripSgr,
} from "../protocol/terminal-sequences.js";
export { DEFAULT_RESTART_POLICY } from "./restart-policy.js";
// Protocol constants the UI needs for cycling, validation and capability display.
export {
  ALL_COMMAND_TYPES,
  DEFAULT_REASONING_THINKING_LEVELS,
  EXTENSION_UI_DIALOG_METHODS,
  INTERRUPT_MODES,
  PI_073_THINKING_LEVELS,
  QUEUE_MODES,
  THINKING_LEVELS,
  TODO_STATUSES,
  isThinkingLevel,
} from "../protocol/index.js";
// The fleet: live sessions here and on other hosts, as typed rows (bridge/fleet/).
export * from "./fleet/index.js";
