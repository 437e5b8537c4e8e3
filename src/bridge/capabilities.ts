// Capability detection (docs/protocol.md §3.12): classify the worker flavour from get_state keys, apply the
// docs/protocol.md §0.4 matrix, confirm with side-effect-free probes, and learn from `Unknown command:` answers.
import { ALL_COMMAND_TYPES } from "../protocol/index.js";
import type { Capabilities, WorkerFlavour } from "./types.js";

/** agent-rpc's checkpoints of the working tree (docs/protocol-notes.md "Checkpoints"); no other worker has them. */
const CHECKPOINT_COMMANDS: readonly string[] = [
  "checkpoint_list",
  "checkpoint_diff",
  "checkpoint_restore",
  "checkpoint_write",
];

/** Commands pi lacks: oh-my-pi's and our additions. */
const PI_MISSING: readonly string[] = [
  "abort_and_prompt",
  "continue",
  "set_todos",
  "set_host_tools",
  "set_interrupt_mode",
  "branch",
  "get_branch_messages",
  "clear_queue",
  "get_settings",
  "set_setting",
  "list_files",
  ...CHECKPOINT_COMMANDS,
];

/**
 * Commands each flavour lacks (docs/protocol.md §0.4; continue, clear_queue, get_settings,
 * set_setting, list_files and the checkpoint commands are ours only).
 */
const MISSING: Record<Exclude<WorkerFlavour, "unknown">, readonly string[]> = {
  ours: [],
  pi: PI_MISSING,
  // pi 0.73 lacks what later pi added as well.
  "pi-0.73": [...PI_MISSING, "get_entries", "get_tree", "get_available_thinking_levels"],
  omp: [
    "abort_and_prompt",
    "get_commands",
    "set_todos",
    "set_host_tools",
    "get_available_thinking_levels",
    "fork",
    "get_fork_messages",
    "clone",
    "get_entries",
    "get_tree",
    "clear_queue",
    "get_settings",
    "set_setting",
    "list_files",
    "continue",
    ...CHECKPOINT_COMMANDS,
  ],
  xcsh: [
    "get_commands",
    "get_available_thinking_levels",
    "fork",
    "get_fork_messages",
    "clone",
    "get_entries",
    "get_tree",
    "clear_queue",
    "get_settings",
    "set_setting",
    "list_files",
    "continue",
    ...CHECKPOINT_COMMANDS,
  ],
};

const SETTLED_EVENT_FLAVOURS = new Set<WorkerFlavour>(["ours", "pi"]);

/**
 * Probes are `get_*` only (docs/protocol.md §3.12 rule 4): they must not change worker state. get_tree is not
 * probed: its answer is the whole session tree (megabytes for a long session, at every start),
 * and every worker has it exactly when it has get_entries (§0.4), so it follows that probe.
 */
export const CAPABILITY_PROBES = [
  "get_available_thinking_levels",
  "get_entries",
  "get_commands",
  "get_fork_messages",
] as const;

export function initialCapabilities(): Capabilities {
  return { flavour: "unknown", commands: {}, events: {}, useBranchAliases: false, synthesisedSettled: true };
}

/** docs/protocol.md §3.12 rule 2: classify by the keys of get_state.data. */
export function classifyFlavour(state: Record<string, unknown>): WorkerFlavour {
  const has = (key: string): boolean => key in state && state[key] !== undefined;
  if (has("pendingMessageCount") && has("queuedMessageCount") && has("todoPhases")) return "ours";
  if (has("todoPhases") && has("interruptMode") && !has("pendingMessageCount")) return "xcsh";
  if ((has("interruptMode") || has("queuedMessageCount")) && !has("todoPhases")) return "omp";
  if (has("pendingMessageCount") && !has("interruptMode")) return "pi";
  return "unknown";
}

export function capabilitiesFor(flavour: WorkerFlavour, version?: string): Capabilities {
  const commands: Partial<Record<string, boolean>> = {};
  const missing = flavour === "unknown" ? [] : MISSING[flavour];
  for (const c of ALL_COMMAND_TYPES) commands[c] = !missing.includes(c);
  // Ours accepts the aliases but the canonical names are preferred.
  const useBranchAliases = flavour === "omp" || flavour === "xcsh";
  const settled = SETTLED_EVENT_FLAVOURS.has(flavour);
  return {
    flavour,
    ...(version !== undefined ? { version } : {}),
    commands,
    events: { agent_settled: settled, queue_update: flavour !== "omp" && flavour !== "xcsh" },
    useBranchAliases,
    synthesisedSettled: !settled,
  };
}

/** Apply a probe outcome; pi without get_available_thinking_levels is pi 0.73 or older. */
export function applyProbe(caps: Capabilities, command: string, supported: boolean): Capabilities {
  const next: Capabilities = {
    ...caps,
    commands: { ...caps.commands, [command]: supported, ...(command === "get_entries" ? { get_tree: supported } : {}) },
  };
  if (command === "get_available_thinking_levels" && caps.flavour === "pi" && !supported) {
    const base = capabilitiesFor("pi-0.73", caps.version);
    // Probe results are applied in CAPABILITY_PROBES order, this one first, so nothing is lost.
    return { ...base, commands: { ...base.commands, [command]: false } };
  }
  if (command === "get_fork_messages" && !supported) next.useBranchAliases = true;
  return next;
}

/** Events whose presence changes how the client behaves (settledness, queue mirror, bash spinner). */
const CAPABILITY_EVENTS = new Set(["agent_settled", "queue_update", "bash_execution_update"]);

export function noteEvent(caps: Capabilities, eventType: string): Capabilities {
  if (!CAPABILITY_EVENTS.has(eventType) || caps.events[eventType] === true) return caps;
  const next: Capabilities = { ...caps, events: { ...caps.events, [eventType]: true } };
  if (eventType === "agent_settled") next.synthesisedSettled = false;
  return next;
}
