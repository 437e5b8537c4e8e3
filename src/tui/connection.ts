// What the TUI needs from a worker connection (a subset of the bridge's WorkerConnection), and
// the adapter from bridge notices to reducer actions.
import type { BridgeNotice, WorkerConnection } from "../bridge/index.js";
import type { SessionSnapshot, TuiAction } from "./state/actions.js";
import { decodeAgentEvent } from "./state/events.js";
import type { NoticeLevel, WorkerStatus } from "./state/types.js";
import { decodeUiRequest } from "./state/ui-requests.js";
import { decodeTodoPhases, isRecord, num, optStr, str } from "./state/wire.js";
import { sanitizeText } from "./render/sanitize.js";
import { liveNoticeActions } from "./live/live-notices.js";

export type TuiConnection = Pick<WorkerConnection, "rpc" | "respondToUi" | "getSnapshot">;

/** get_state data (any flavour) -> the fields the footer and todo pane use. */
export function decodeSnapshot(raw: unknown): SessionSnapshot {
  const r = isRecord(raw) ? raw : {};
  const m = r["model"];
  return {
    model: isRecord(m)
      ? {
          id: str(m["id"]),
          name: str(m["name"], str(m["id"])),
          provider: str(m["provider"]),
          contextWindow: typeof m["contextWindow"] === "number" ? num(m["contextWindow"]) : undefined,
          reasoning: m["reasoning"] === true,
        }
      : undefined,
    thinkingLevel: optStr(r["thinkingLevel"]),
    isStreaming: r["isStreaming"] === true,
    sessionName: optStr(r["sessionName"]),
    todoPhases: Array.isArray(r["todoPhases"]) ? decodeTodoPhases(r["todoPhases"]) : undefined,
  };
}

// A worker's own text lands in the transcript; bounded so one huge frame cannot flood it.
const WORKER_TEXT_MAX_CHARS = 4000;
const WORKER_TEXT_MAX_LINES = 60;

function boundWorkerText(raw: string): string {
  let text = sanitizeText(raw).trim();
  const lines = text.split("\n");
  if (lines.length > WORKER_TEXT_MAX_LINES) text = `${lines.slice(0, WORKER_TEXT_MAX_LINES).join("\n")}\n… (${lines.length - WORKER_TEXT_MAX_LINES} more lines)`;
  if (text.length > WORKER_TEXT_MAX_CHARS) text = `${text.slice(0, WORKER_TEXT_MAX_CHARS)}… (${text.length - WORKER_TEXT_MAX_CHARS} more characters)`;
  return text;
}

const noticeLevel = (v: unknown): NoticeLevel => (v === "warning" || v === "error" ? v : "info");

/**
 * oh-my-pi events outside the pi protocol that carry text for the user: `command_output` (the
 * answer of its built-in slash commands) and `notice` (warnings, e.g. a compaction loop guard).
 * Every other unknown event is ignored, as the protocol says.
 */
export function decodeWorkerText(type: string, raw: unknown): { level: NoticeLevel; text: string } | undefined {
  if (!isRecord(raw)) return undefined;
  const body = type === "command_output" ? raw["text"] : type === "notice" ? raw["message"] : undefined;
  if (typeof body !== "string") return undefined;
  const text = boundWorkerText(body);
  if (text === "") return undefined;
  return { level: type === "notice" ? noticeLevel(raw["level"]) : "info", text };
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

/** Translate one batch of bridge notices into reducer actions (decoding at the edge). */
export function noticesToActions(batch: readonly BridgeNotice[], now: number): TuiAction[] {
  const out: TuiAction[] = [];
  for (const n of batch) {
    switch (n.kind) {
      case "event":
        out.push({ type: "agent_event", event: decodeAgentEvent(n.event), now });
        break;
      case "unknown_event": {
        const shown = decodeWorkerText(n.type, n.raw);
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
      case "supervisor": {
        const status = workerStatus(n.state);
        const info = n.info;
        const detail =
          n.state === "degraded"
            ? "degraded"
            : info && (status === "crashed" || status === "restarting")
              ? [info.code !== null ? `exit ${info.code}` : "", info.signal ?? "", info.reason ?? "", info.stderrTail ? `\n${info.stderrTail}` : ""].filter((x) => x !== "").join(" ")
              : undefined;
        out.push({ type: "worker_status", status, detail, now });
        break;
      }
      case "rehydrated":
        out.push({ type: "snapshot", snapshot: decodeSnapshot(n.state) });
        break;
      case "indeterminate":
        out.push({ type: "notice", level: "warning", text: `Outcome unknown: ${n.what}` });
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
        out.push(...liveNoticeActions(n, now));
        break;
      case "capabilities":
        out.push({ type: "worker_info", info: { canClearQueue: n.capabilities.commands["clear_queue"] !== false } });
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
