// What the TUI needs from a worker connection (a subset of the bridge's WorkerConnection), and
// the adapter from bridge notices to reducer actions.
import type { BridgeNotice, WorkerConnection } from "../bridge/index.js";
import type { SessionSnapshot, TuiAction } from "./state/actions.js";
import { decodeAgentEvent } from "./state/events.js";
import type { WorkerStatus } from "./state/types.js";
import { decodeUiRequest } from "./state/ui-requests.js";
import { decodeTodoPhases, isRecord, num, optStr, str } from "./state/wire.js";

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

function workerStatus(state: string): WorkerStatus {
  switch (state) {
    case "starting":
      return "starting";
    case "running":
    case "degraded":
      return "ready";
    case "recovering":
      return "restarting";
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
      case "unknown_event":
        break; // the protocol says: ignore unknown events
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
      case "capabilities":
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
