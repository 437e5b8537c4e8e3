// What a live worker is doing, folded from its own outgoing frames for the registry entry's
// `status` (docs/protocol-notes.md, "Live sessions"): the open dialog, the running tool and a
// summary of its argument, the last line of text, when it last did anything and how its last
// run ended. Everything here is model, tool or extension text: it is cut short and made one
// plain row (visibleLine) before it is stored (the open dialog: live-dialog.ts); the reader still sanitises it.
import { isObject } from "../../protocol/decode/result.js";
import { visibleLine } from "../../protocol/terminal-text.js";
import type { WireEvent } from "../runtime/wire-events.js";
import { decodeLiveDialog, dialogOf, type LiveDialog } from "./live-dialog.js";

export type RunOutcome = "done" | "failed" | "aborted";

export interface LiveStatus {
  dialog?: LiveDialog;
  tool?: { name: string; summary: string };
  lastLine?: string;
  tokens?: { input: number; output: number };
  cost?: number;
  branch?: string;
  activityAt: number;
  outcome?: RunOutcome;
  outcomeAt?: number;
}

const MAX_LINE = 160;
/** Of the streamed text only the tail is kept: the last line is all the entry shows. */
const TEXT_TAIL = 2000;

/** Untrusted text as one plain row of at most `max` characters. */
export function plainRow(text: string, max = MAX_LINE): string {
  const row = visibleLine(text).replace(/\s+/g, " ").trim();
  return row.length > max ? `${row.slice(0, max - 1)}…` : row;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The argument a person recognises a tool call by: the command, the path, the pattern. */
export function toolSummary(args: unknown): string {
  if (!isObject(args)) return "";
  for (const key of ["command", "path", "file_path", "pattern", "query", "url"]) {
    const value = args[key];
    if (typeof value === "string" && value.trim() !== "") return plainRow(value, 120);
  }
  const first = Object.values(args).find((v) => typeof v === "string" && v.trim() !== "");
  return typeof first === "string" ? plainRow(first, 120) : "";
}

/** The last non-empty line of `text`, as one plain row. */
function lastLineOf(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const row = plainRow(lines[i] ?? "");
    if (row !== "") return row;
  }
  return undefined;
}

/** How a run ended, from its last assistant message's stop reason. */
function outcomeOf(stopReason: string): RunOutcome {
  if (stopReason === "aborted") return "aborted";
  return stopReason === "error" ? "failed" : "done";
}

export interface StatusTracker {
  /** Every frame the worker writes. */
  observe(frame: WireEvent): void;
  /** A client answered the dialog `id`. */
  dialogAnswered(id: string): void;
  /** The status as of now, with the totals and branch the worker reads itself. */
  status(extra: Pick<LiveStatus, "tokens" | "cost" | "branch">): LiveStatus;
}

export function createStatusTracker(now: () => number = Date.now): StatusTracker {
  return new StatusFold(now);
}

class StatusFold implements StatusTracker {
  /** Open dialogs in the order they were asked: the entry shows the oldest. */
  private readonly dialogs = new Map<string, LiveDialog>();
  /** Running tools in the order they started: the entry shows the newest. */
  private readonly tools = new Map<string, { name: string; summary: string }>();
  private text = "";
  /** Streamed since lastLine was read from `text`: a delta only appends, status() finds the line. */
  private textUnread = false;
  private lastLine: string | undefined;
  private lastStop = "";
  private activityAt: number;
  private outcome: RunOutcome | undefined;
  private outcomeAt: number | undefined;

  constructor(private readonly now: () => number) {
    this.activityAt = now();
  }

  observe(frame: WireEvent): void {
    this.activityAt = this.now();
    switch (frame.type) {
      case "message_update":
        return this.update(frame["assistantMessageEvent"]);
      case "message_start":
        this.currentLastLine();
        this.text = "";
        return;
      case "message_end":
        return this.messageEnd(frame["message"]);
      case "tool_execution_start":
        this.tools.set(str(frame["toolCallId"]), {
          name: plainRow(str(frame["toolName"]), 60),
          summary: toolSummary(frame["args"]),
        });
        return;
      case "tool_execution_end":
        this.tools.delete(str(frame["toolCallId"]));
        return;
      case "agent_settled":
        this.tools.clear();
        this.outcome = outcomeOf(this.lastStop);
        this.outcomeAt = this.now();
        return;
      case "agent_start":
        this.lastStop = "";
        return;
      case "extension_ui_request":
        return this.uiRequest(frame);
      default:
        return;
    }
  }

  dialogAnswered(id: string): void {
    this.dialogs.delete(id);
  }

  status(extra: Pick<LiveStatus, "tokens" | "cost" | "branch">): LiveStatus {
    const status: LiveStatus = { activityAt: this.activityAt };
    const dialog = this.dialogs.values().next().value;
    if (dialog) status.dialog = dialog;
    const tool = [...this.tools.values()].at(-1);
    if (tool) status.tool = tool;
    const lastLine = this.currentLastLine();
    if (lastLine !== undefined) status.lastLine = lastLine;
    if (extra.tokens) status.tokens = extra.tokens;
    if (extra.cost !== undefined) status.cost = extra.cost;
    if (extra.branch !== undefined) status.branch = extra.branch;
    if (this.outcome) Object.assign(status, { outcome: this.outcome, outcomeAt: this.outcomeAt });
    return status;
  }

  /**
   * A fast model streams hundreds of deltas between two reads of the status: finding the last line
   * on every delta was most of this fold's cost, so a delta only appends and the line is found here.
   */
  private currentLastLine(): string | undefined {
    if (this.textUnread) {
      this.textUnread = false;
      this.lastLine = lastLineOf(this.text.slice(-TEXT_TAIL)) ?? this.lastLine;
    }
    return this.lastLine;
  }

  private update(event: unknown): void {
    if (!isObject(event) || event["type"] !== "text_delta") return;
    const text = this.text + str(event["delta"]);
    // Cut only when well over the tail, so the copy is made once per TEXT_TAIL characters.
    this.text = text.length > 2 * TEXT_TAIL ? text.slice(-TEXT_TAIL) : text;
    this.textUnread = true;
  }

  private messageEnd(message: unknown): void {
    if (!isObject(message) || message["role"] !== "assistant") return;
    this.lastStop = str(message["stopReason"]);
    const content = Array.isArray(message["content"]) ? message["content"] : [];
    const text = content
      .filter((b): b is Record<string, unknown> => isObject(b) && b["type"] === "text")
      .map((b) => str(b["text"]))
      .join("\n");
    const error = str(message["errorMessage"]);
    this.lastLine = lastLineOf(text) ?? (error !== "" ? plainRow(error) : this.currentLastLine());
    this.text = "";
    this.textUnread = false;
  }

  private uiRequest(frame: WireEvent): void {
    const dialog = dialogOf(frame);
    if (dialog) this.dialogs.set(dialog.id, dialog);
    else if (frame["method"] === "cancel") this.dialogs.delete(str(frame["targetId"]));
  }
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** A registry entry's `status` as read back (another worker version wrote it): the fields that fit. */
export function decodeLiveStatus(raw: unknown): LiveStatus | undefined {
  if (!isObject(raw)) return undefined;
  const status: LiveStatus = { activityAt: num(raw["activityAt"]) ?? 0 };
  const dialog = decodeLiveDialog(raw["dialog"]);
  if (dialog) status.dialog = dialog;
  const t = raw["tool"];
  if (isObject(t) && typeof t["name"] === "string") status.tool = { name: t["name"], summary: str(t["summary"]) };
  if (typeof raw["lastLine"] === "string") status.lastLine = raw["lastLine"];
  const k = raw["tokens"];
  const input = isObject(k) ? num(k["input"]) : undefined;
  const output = isObject(k) ? num(k["output"]) : undefined;
  if (input !== undefined && output !== undefined) status.tokens = { input, output };
  const cost = num(raw["cost"]);
  if (cost !== undefined) status.cost = cost;
  if (typeof raw["branch"] === "string") status.branch = raw["branch"];
  const outcome = str(raw["outcome"]);
  if (outcome === "done" || outcome === "failed" || outcome === "aborted") {
    status.outcome = outcome;
    const at = num(raw["outcomeAt"]);
    if (at !== undefined) status.outcomeAt = at;
  }
  return status;
}
