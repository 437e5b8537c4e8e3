// Plain mode's view of the worker: each bridge notice becomes zero or more appended lines, every
// state change one line with a word label ("working", "tool started: bash ls", "queue: 1
// steering", "question 1: …"). Also keeps what input needs: busy or not, the open questions.
import type { BridgeNotice, ClientEvent } from "../../bridge/index.js";
import { eventLabels } from "../render/event-labels.js";
import { blockRows, PLAIN_ROWS } from "../blocks/index.js";
import { sanitizeLine } from "../render/sanitize.js";
import { decodeUiRequest, type UiRequest } from "../state/ui-requests.js";
import { takenBackLines } from "./plain-abort.js";
import { questionLines, type NumberedDialog } from "./plain-dialogs.js";
import { StreamLines } from "./stream-lines.js";
import { oneLine } from "../render/preview.js";

const CLOSED_WHY = { timeout: "timed out", cancelled: "withdrawn", worker_exit: "the worker exited" } as const;

/** A message for the user, as its notice block says it: "note:" (or its level), then its lines. */
function labelled(level: "info" | "warning" | "error", text: string): string[] {
  return blockRows({ kind: "notice", level, text }, PLAIN_ROWS);
}

/** The message a request carried (which one is in doubt), on one line after a colon; "" for none. */
function carried(text: string | undefined): string {
  const one = text === undefined ? undefined : oneLine(text);
  return one ? `: ${one}` : "";
}

export class PlainLog {
  private readonly stream = new StreamLines();
  private busyNow = false;
  /** Messages the worker holds for the run (its last queue_update). */
  private queuedNow = 0;
  private readonly questions: NumberedDialog[] = [];
  private asked = 0;

  busy(): boolean {
    return this.busyNow;
  }

  /** How many messages the worker holds for the run, steering and follow-up. */
  queued(): number {
    return this.queuedNow;
  }

  /** The question the next typed line answers. */
  question(): NumberedDialog | undefined {
    return this.questions[0];
  }

  /** The lines a batch of notices makes. */
  notices(batch: readonly BridgeNotice[]): string[] {
    return batch.flatMap((n) => this.notice(n));
  }

  /** The user answered question `id`: the next one, if any, is asked. */
  answered(id: string): string[] {
    return this.close(id, undefined);
  }

  private close(id: string, why: string | undefined): string[] {
    const i = this.questions.findIndex((q) => q.dialog.id === id);
    if (i < 0) return [];
    const [q] = this.questions.splice(i, 1);
    const out = why !== undefined && q ? [`question ${q.number} closed: ${why}`] : [];
    const next = this.questions[0];
    return i === 0 && next ? [...out, ...questionLines(next)] : out;
  }

  private notice(n: BridgeNotice): string[] {
    switch (n.kind) {
      case "event":
        return this.event(n.event);
      case "run_state": {
        const busy = n.state !== "idle" && n.state !== "settled" && n.state !== "settling";
        if (busy === this.busyNow) return [];
        this.busyNow = busy;
        return [busy ? "working" : "done"];
      }
      case "ui_request":
        return this.uiRequest(decodeUiRequest(n.request, Date.now()));
      case "ui_request_closed":
        return this.close(n.id, CLOSED_WHY[n.reason]);
      case "supervisor":
        if (n.state === "recovering") return ["worker: restarting"];
        if (n.state === "exited" || n.state === "failed")
          return [sanitizeLine(`worker: exited${n.info?.reason ? ` (${n.info.reason})` : ""}`)];
        return [];
      case "notification":
        return labelled(n.level, n.message);
      case "protocol_error":
        return [sanitizeLine(`protocol error: ${n.message}`)];
      case "late_prompt_failure":
        return [sanitizeLine(`error: ${n.error}`)];
      case "indeterminate":
        return [sanitizeLine(`outcome unknown: ${n.what}${carried(n.text)}`)];
      // plain-main.ts keeps the text for /resend.
      case "queue_lost":
        return [
          `note: the worker died with this ${n.lane === "steering" ? "steering message" : "follow-up"} queued; not sent:`,
          ...takenBackLines([n.text]),
          "/resend sends it",
        ];
      case "unknown_event":
        return n.text ? labelled(n.text.level, n.text.text) : [];
      default:
        return [];
    }
  }

  private event(e: ClientEvent): string[] {
    if (e.type === "queue_update") this.queuedNow = e.steering.length + e.followUp.length;
    if (e.type === "message_start" && e.message.role === "assistant") this.stream.start();
    if (e.type === "message_update") return this.stream.update(e.delta, e.snapshot);
    if (e.type === "message_end" && e.message.role === "assistant")
      return [...this.stream.end(e.message), ...eventLabels(e)];
    return eventLabels(e);
  }

  private uiRequest(r: UiRequest): string[] {
    switch (r.kind) {
      case "dialog": {
        this.asked += 1;
        const q: NumberedDialog = { number: this.asked, dialog: r.dialog };
        this.questions.push(q);
        return this.questions.length === 1
          ? questionLines(q)
          : [sanitizeLine(`question ${q.number} waits: ${r.dialog.title}`)];
      }
      case "notify":
        return labelled(r.level, r.message);
      case "status":
        return r.text === undefined ? [] : [sanitizeLine(`status: ${r.text}`)];
      case "widget":
        return r.lines === undefined ? [] : r.lines.map((l) => sanitizeLine(`widget: ${l}`));
      case "editor_text":
        return [sanitizeLine(`suggested message: ${r.text}`)];
      case "title":
      case "cancel":
      case "unknown":
        return [];
      default: {
        const never: never = r;
        return never;
      }
    }
  }
}
