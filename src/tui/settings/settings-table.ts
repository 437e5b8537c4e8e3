// Every setting /settings offers: its label, what it does, its choices, and how a change reaches
// the worker: pi's set_* command where the protocol has one (pi saves those itself), our
// set_setting for the rest (bundled agent only), or agent-tui's own file for display settings.
import type { RpcClient, RpcSessionState } from "../../bridge/index.js";
import { THEME_SETTINGS } from "../terminal/theme-choice.js";
import { formatCount } from "../state/format-count.js";

export type SettingValue = string | number | boolean;

export type SettingSpec = {
  key: string;
  label: string;
  help: string;
  choices: readonly SettingValue[];
  /** Whole numbers may also be typed in the choice list. */
  integer?: { min: number; max: number };
  /** pi's command that changes (and saves) it, when the protocol has one. */
  command?: { type: string; send: (rpc: RpcClient, value: SettingValue) => Promise<void> };
  /** Its value in get_state, for workers without get_settings (pi). */
  fromState?: (state: RpcSessionState) => SettingValue | undefined;
  /** agent-tui's own (not the worker's): saved in agent-tui's settings.json. */
  local?: true;
};

const QUEUE_MODES = ["one-at-a-time", "all"] as const;
const THINKING = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
const ON_OFF = [true, false] as const;

const asQueue = (v: SettingValue): "all" | "one-at-a-time" => (v === "all" ? "all" : "one-at-a-time");
const asThinking = (v: SettingValue): (typeof THINKING)[number] => THINKING.find((t) => t === v) ?? "medium";

export const SETTINGS: readonly SettingSpec[] = [
  {
    key: "steeringMode",
    label: "Steering mode",
    help: "queued steering messages reach the model one at a time, or all at once",
    choices: QUEUE_MODES,
    command: { type: "set_steering_mode", send: (rpc, v) => rpc.setSteeringMode(asQueue(v)) },
    fromState: (s) => s.steeringMode,
  },
  {
    key: "followUpMode",
    label: "Follow-up mode",
    help: "queued follow-ups run one at a time, or all at once",
    choices: QUEUE_MODES,
    command: { type: "set_follow_up_mode", send: (rpc, v) => rpc.setFollowUpMode(asQueue(v)) },
    fromState: (s) => s.followUpMode,
  },
  {
    key: "interruptMode",
    label: "Interrupt mode",
    help: "immediate: a steer skips the tool calls of the turn that have not started",
    choices: ["wait", "immediate"],
    command: {
      type: "set_interrupt_mode",
      send: (rpc, v) => rpc.setInterruptMode(v === "immediate" ? "immediate" : "wait"),
    },
    fromState: (s) => s.interruptMode,
  },
  {
    key: "defaultThinkingLevel",
    label: "Thinking level",
    help: "for this session and, saved, for new ones",
    choices: THINKING,
    // pi saves the level as its default when it is set; the bundled agent gets set_setting too.
    command: { type: "set_thinking_level", send: (rpc, v) => rpc.setThinkingLevel(asThinking(v)) },
    fromState: (s) => s.thinkingLevel,
  },
  {
    key: "compaction.enabled",
    label: "Auto-compaction",
    help: "summarise old context when the window fills up",
    choices: ON_OFF,
    command: { type: "set_auto_compaction", send: (rpc, v) => rpc.setAutoCompaction(v === true) },
    fromState: (s) => s.autoCompactionEnabled,
  },
  {
    key: "compaction.reserveTokens",
    label: "Compaction threshold",
    help: "tokens kept free: compaction starts above context window minus this",
    choices: [8192, 16384, 32768, 65536],
    integer: { min: 1024, max: 1_000_000 },
  },
  {
    key: "retry.enabled",
    label: "Auto-retry",
    help: "retry overloaded, rate-limited and failed requests with back-off",
    choices: ON_OFF,
    command: { type: "set_auto_retry", send: (rpc, v) => rpc.setAutoRetry(v === true) },
  },
  {
    key: "retry.maxRetries",
    label: "Retry attempts",
    help: "how many times a failed request is retried",
    choices: [1, 2, 3, 5, 10],
    integer: { min: 0, max: 20 },
  },
  {
    key: "tasks.reminders",
    label: "Todo reminders",
    help: "remind the model of unfinished todos when it stops (each reminder is a paid model turn)",
    choices: ON_OFF,
  },
  {
    key: "tasks.maxReminders",
    label: "Todo reminders per prompt",
    help: "at most this many reminders after one prompt",
    choices: [1, 2, 3, 5],
    integer: { min: 0, max: 20 },
  },
  {
    key: "permissionGate",
    label: "Permission gate",
    help: "ask before destructive commands and writes outside the project; edits: before every edit too",
    choices: [true, "edits", false],
  },
  {
    key: "showThinking",
    label: "Show thinking",
    help: "thinking blocks shown by default (Ctrl+T toggles)",
    choices: ON_OFF,
    local: true,
  },
  {
    key: "vim",
    label: "Vim mode",
    help: "vim keys in the prompt editor: NORMAL, INSERT, VISUAL (/vim toggles it for this run)",
    choices: ON_OFF,
    local: true,
  },
  {
    key: "theme",
    label: "Theme",
    help: "colours: auto follows the terminal's background, mono has none",
    choices: THEME_SETTINGS,
    local: true,
  },
];

export function formatValue(value: SettingValue | undefined): string {
  if (value === undefined) return "unknown (the worker does not report it)";
  if (typeof value === "boolean") return value ? "on" : "off";
  return typeof value === "number" ? formatCount(value) : value;
}
