// The adapter from bridge notices to reducer actions. The bridge has decoded everything; this
// only chooses the action and bounds the worker's own text for the transcript.
import { decodeAvailableCommands, workerTextOf, type BridgeNotice, type WorkerExitInfo } from "../../bridge/index.js";
import type { TuiAction } from "../state/actions.js";
import type { NoticeLevel, WorkerStatus } from "../state/types.js";
import { decodeUiRequest } from "../state/ui-requests.js";
import { clipText, quoteMessage } from "../render/preview.js";
import { sanitizeText } from "../render/sanitize.js";
import { liveControlActions, liveNoticeActions } from "../live/live-notices.js";

// A worker's own text lands in the transcript; bounded so one huge frame cannot flood it.
const WORKER_TEXT_MAX_CHARS = 4000;
const WORKER_TEXT_MAX_LINES = 60;

function boundWorkerText(raw: string): string {
  let text = sanitizeText(clipText(raw, WORKER_TEXT_MAX_CHARS * 2)).trim();
  const lines = text.split("\n");
  if (lines.length > WORKER_TEXT_MAX_LINES)
    text =
      `${lines.slice(0, WORKER_TEXT_MAX_LINES).join("\n")}\n` +
      `… (${lines.length - WORKER_TEXT_MAX_LINES} more lines)`;
  if (text.length > WORKER_TEXT_MAX_CHARS)
    text = `${text.slice(0, WORKER_TEXT_MAX_CHARS)}… (${text.length - WORKER_TEXT_MAX_CHARS} more characters)`;
  return text;
}

/**
 * oh-my-pi's own messages for the user (`command_output`, `notice`; the bridge picks them out):
 * sanitised and bounded, or undefined when nothing is left to show.
 */
function shownWorkerText(
  found: { level: NoticeLevel; text: string } | undefined,
): { level: NoticeLevel; text: string } | undefined {
  if (!found) return undefined;
  const text = boundWorkerText(found.text);
  return text === "" ? undefined : { level: found.level, text };
}

/** The transcript notice for an event outside the protocol, as the bridge reported it. */
export function workerNotice(
  n: Extract<BridgeNotice, { kind: "unknown_event" }>,
): { level: NoticeLevel; text: string } | undefined {
  return shownWorkerText(n.text);
}

/** The same for a raw event of `type` (the bridge reads it). */
export function decodeWorkerText(type: string, raw: unknown): { level: NoticeLevel; text: string } | undefined {
  return shownWorkerText(workerTextOf(type, raw));
}

function workerStatus(state: string): WorkerStatus {
  switch (state) {
    case "starting":
      return "starting";
    case "running":
    case "degraded":
      return "ready";
    case "recovering":
      return "restarting";
    case "reconnecting":
      return "reconnecting";
    case "exited":
    case "failed":
      return "crashed";
    default:
      return "stopped";
  }
}

/** How a worker ended, in words ("killed by SIGKILL", "exit code 1"), then its stderr tail. */
function exitDetail(info: WorkerExitInfo): string {
  const signal = info.signal !== null ? `killed by ${info.signal}` : "";
  const code = info.code !== null ? `exit code ${info.code}` : "";
  const how = [signal, code, info.reason ?? ""].filter((x) => x !== "").join(", ");
  return info.stderrTail ? `${how}\n${info.stderrTail}` : how;
}

function supervisorActions(n: Extract<BridgeNotice, { kind: "supervisor" }>, now: number): TuiAction[] {
  const status = workerStatus(n.state);
  const info = n.info;
  const ended = info !== undefined && (status === "crashed" || status === "restarting");
  const detail = n.state === "degraded" ? "degraded" : ended ? exitDetail(info) || undefined : undefined;
  return [
    { type: "worker_status", status, detail, now },
    { type: "worker_info", info: { supervisor: n.state, ...(info ? { lastExit: info } : {}) } },
  ];
}

/** What the store keeps of the live session: who is followed, and whether it let us go. */
function liveInfoActions(
  n: Extract<BridgeNotice, { kind: "live_attached" | "live_link" | "live_detached" }>,
): TuiAction[] {
  if (n.kind === "live_attached") return [{ type: "worker_info", info: { live: { id: n.id, ended: undefined } } }];
  if (n.kind === "live_detached") return [{ type: "live_ended", reason: n.reason }];
  return [];
}

/**
 * A queued message the worker died with, never delivered: said with its text, and put back at
 * the top of the prompt history, so Up brings it back to send again.
 */
function lostQueuedActions(n: Extract<BridgeNotice, { kind: "queue_lost" }>): TuiAction[] {
  const what = n.lane === "steering" ? "steering message" : "follow-up";
  const shown = quoteMessage(n.text);
  return [
    {
      type: "notice",
      level: "warning",
      text: `Not sent: the worker died with this ${what} still queued: ${shown}. It is in the prompt history (Up).`,
    },
    { type: "editor", op: { op: "commit_history", text: n.text } },
  ];
}

/** Translate one batch of bridge notices into reducer actions. */
export function noticesToActions(batch: readonly BridgeNotice[], now: number): TuiAction[] {
  const out: TuiAction[] = [];
  for (const n of batch) {
    switch (n.kind) {
      case "event":
        out.push({ type: "agent_event", event: n.event, now });
        break;
      case "unknown_event": {
        // oh-my-pi announces its slash commands (at start, after new_session).
        if (n.type === "available_commands_update")
          out.push({ type: "worker_info", info: { slashCommands: decodeAvailableCommands(n.raw) } });
        const shown = workerNotice(n);
        if (shown) out.push({ type: "notice", level: shown.level, text: shown.text });
        break;
      }
      case "ui_request":
        out.push({ type: "ui_request", request: decodeUiRequest(n.request, now), now });
        break;
      case "ui_request_closed":
        out.push({ type: "dialog_closed", id: n.id });
        if (n.reason === "timeout") out.push({ type: "toast", level: "warning", text: "A dialog timed out", now });
        break;
      case "protocol_error":
        out.push({ type: "notice", level: "warning", text: `Protocol error: ${n.message}` });
        break;
      case "run_state":
        out.push({ type: "run_state", busy: n.state !== "idle" && n.state !== "settled", now });
        break;
      case "supervisor":
        out.push(...supervisorActions(n, now));
        break;
      case "rehydrated":
      case "session_state":
        out.push({ type: "snapshot", snapshot: n.snapshot });
        break;
      case "indeterminate": {
        // The message it carried, when there was one: which of the user's messages is in doubt.
        const which = n.text !== undefined && n.text.trim() !== "" ? `: ${quoteMessage(n.text)}` : "";
        out.push({ type: "notice", level: "warning", text: `Outcome unknown: ${n.what}${which}` });
        break;
      }
      case "queue_lost":
        out.push(...lostQueuedActions(n));
        break;
      case "late_prompt_failure":
        out.push({ type: "notice", level: "error", text: n.error });
        break;
      case "notification":
        out.push({ type: "toast", level: n.level, text: n.message, now });
        break;
      case "live_attached":
      case "live_link":
      case "live_detached":
        out.push(...liveInfoActions(n), ...liveNoticeActions(n, now));
        break;
      case "live_control":
        out.push(...liveControlActions(n));
        break;
      case "capabilities":
        out.push({ type: "worker_info", info: { commands: n.capabilities.commands } });
        break;
      case "stderr":
        break;
      default: {
        const never: never = n;
        void never;
      }
    }
  }
  return out;
}
