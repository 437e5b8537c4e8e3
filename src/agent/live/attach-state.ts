// What a client attaching mid-run needs besides get_state and get_messages, folded from the
// worker's own outgoing frames: the run being busy, the assistant message streamed so far,
// running tools, the queue, open extension dialogs, the extension status/widgets/title and the
// messages no client has seen yet. `frames()` turns it into ordinary protocol frames the client
// processes as if it had been there.
import { isObject } from "../../protocol/decode/result.js";
import type { WireEvent } from "../runtime/wire-events.js";
import { createUnseenMessages, type UnseenMessages } from "./unseen-messages.js";

const DIALOG_METHODS = new Set(["select", "confirm", "input", "editor"]);

type Block = Record<string, unknown> & { type: string };

const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface AttachTracker {
  /** Every event frame the worker writes, with its replay sequence number. */
  observe(frame: WireEvent, seq: number): void;
  /** An open dialog was answered by the client (its extension_ui_response arrived). */
  dialogAnswered(id: string): void;
  /** An attached client was sent every event up to `seq`: those messages are no longer unseen. */
  seenUpTo(seq: number): void;
  readonly busy: boolean;
  /** Dialogs waiting for an answer. */
  readonly openDialogs: number;
  isDialogOpen(id: string): boolean;
  /** Frames that bring a fresh client to the present (after it printed get_messages). */
  frames(): WireEvent[];
  /** Open dialogs announced at or before `seq` (a resuming client closed them when its link dropped). */
  dialogsUpTo(seq: number): WireEvent[];
}

export function createAttachTracker(): AttachTracker {
  return new AttachState();
}

/** The assistant message being streamed, folded from its deltas. */
type Partial = { message: Record<string, unknown>; content: Block[] };

/** One streaming delta applied to the partial message's blocks. */
function foldDelta(partial: Partial, e: Record<string, unknown>): void {
  const i = typeof e["contentIndex"] === "number" ? e["contentIndex"] : partial.content.length - 1;
  const block = (type: string, init: () => Block): Block => {
    const current = partial.content[i];
    if (current && current.type === type) return current;
    const created = init();
    partial.content[i] = created;
    return created;
  };
  switch (e["type"]) {
    case "text_start":
      partial.content[i] = { type: "text", text: "" };
      return;
    case "text_delta": {
      const b = block("text", () => ({ type: "text", text: "" }));
      b["text"] = str(b["text"]) + str(e["delta"]);
      return;
    }
    case "text_end":
      partial.content[i] = { type: "text", text: str(e["content"]) };
      return;
    case "thinking_start":
      partial.content[i] = { type: "thinking", thinking: "" };
      return;
    case "thinking_delta": {
      const b = block("thinking", () => ({ type: "thinking", thinking: "" }));
      b["thinking"] = str(b["thinking"]) + str(e["delta"]);
      return;
    }
    case "thinking_end":
      partial.content[i] = { type: "thinking", thinking: str(e["content"]) };
      return;
    case "toolcall_start":
      partial.content[i] = { type: "toolCall", id: str(e["id"]), name: str(e["toolName"]), arguments: {} };
      return;
    case "toolcall_end":
      if (isObject(e["toolCall"])) partial.content[i] = { ...(e["toolCall"] as Block) };
      return;
    default:
      // toolcall_delta (arguments arrive whole at toolcall_end), start/done/error: nothing to keep.
      return;
  }
}

/** A frame with the event number it had, so the UI part of `frames()` keeps the worker's order. */
type Numbered = { frame: WireEvent; seq: number };

class AttachState implements AttachTracker {
  busy = false;
  /** When the run going now began (agent_start while idle), for the client's elapsed time. */
  private runStartedAt = 0;
  private compaction: WireEvent | undefined;
  private retry: WireEvent | undefined;
  private partial: Partial | undefined;
  private queue: WireEvent | undefined;
  private title: Numbered | undefined;
  private readonly tools = new Map<string, { start: WireEvent; update?: WireEvent }>();
  private readonly dialogs = new Map<string, Numbered>();
  private readonly statuses = new Map<string, Numbered>();
  private readonly widgets = new Map<string, Numbered>();
  private readonly unseen: UnseenMessages = createUnseenMessages();

  get openDialogs(): number {
    return this.dialogs.size;
  }

  observe(frame: WireEvent, seq: number): void {
    if (this.observeMessage(frame) || this.observeTool(frame)) return;
    this.unseen.observe(frame, seq);
    switch (frame.type) {
      case "agent_start":
        // A retried attempt starts again inside the same run: its clock goes on.
        if (!this.busy) this.runStartedAt = Date.now();
        this.busy = true;
        return;
      case "agent_settled":
        this.busy = false;
        this.partial = undefined;
        this.retry = undefined;
        this.tools.clear();
        return;
      case "compaction_start":
      case "compaction_end":
        this.compaction = frame.type === "compaction_start" ? frame : undefined;
        return;
      case "auto_retry_start":
      case "auto_retry_end":
        this.retry = frame.type === "auto_retry_start" ? frame : undefined;
        return;
      case "queue_update":
        this.queue = frame;
        return;
      case "extension_ui_request":
        this.uiRequest(frame, seq);
        return;
      default:
        return;
    }
  }

  dialogAnswered(id: string): void {
    this.dialogs.delete(id);
  }

  isDialogOpen(id: string): boolean {
    return this.dialogs.has(id);
  }

  seenUpTo(seq: number): void {
    this.unseen.seenUpTo(seq);
  }

  frames(): WireEvent[] {
    const out: WireEvent[] = [];
    // `runningMs` (ours): how long the run has gone on, so the client's clock does not restart at 0.
    if (this.busy) out.push({ type: "agent_start", runningMs: Math.max(0, Date.now() - this.runStartedAt) });
    if (this.compaction) out.push(this.compaction);
    if (this.retry) out.push(this.retry);
    const partial = this.partial;
    if (partial)
      out.push({
        type: "message_start",
        message: { ...partial.message, content: partial.content.map((b) => ({ ...b })) },
      });
    for (const run of this.tools.values()) {
      out.push(run.start);
      if (run.update) out.push(run.update);
    }
    if (this.queue) out.push(this.queue);
    // What extensions showed, in the order the worker wrote it: the title, statuses and widgets
    // as they are now, open dialogs, and the messages no client has seen.
    const ui: Numbered[] = [
      ...this.statuses.values(),
      ...this.widgets.values(),
      ...this.dialogs.values(),
      ...this.unseen.list(),
    ];
    if (this.title) ui.push(this.title);
    ui.sort((a, b) => a.seq - b.seq);
    for (const u of ui) out.push(u.frame);
    return out;
  }

  dialogsUpTo(seq: number): WireEvent[] {
    return [...this.dialogs.values()].filter((d) => d.seq <= seq).map((d) => d.frame);
  }

  /** message_start / message_update / message_end: the assistant message streamed so far. */
  private observeMessage(frame: WireEvent): boolean {
    switch (frame.type) {
      case "message_update": {
        const e = frame["assistantMessageEvent"];
        if (this.partial && isObject(e)) foldDelta(this.partial, e);
        if (this.partial && frame["usage"] !== undefined) this.partial.message["usage"] = frame["usage"];
        return true;
      }
      case "message_start": {
        const m = frame["message"];
        if (isObject(m) && m["role"] === "assistant") {
          const content = Array.isArray(m["content"])
            ? (m["content"] as unknown[]).filter(isObject).map((b) => ({ ...b, type: str(b["type"]) }))
            : [];
          this.partial = { message: { ...m }, content };
        }
        return true;
      }
      case "message_end":
        this.partial = undefined;
        return true;
      default:
        return false;
    }
  }

  /** tool_execution_*: the tools running now, with their latest update. */
  private observeTool(frame: WireEvent): boolean {
    switch (frame.type) {
      case "tool_execution_start":
        this.tools.set(str(frame["toolCallId"]), { start: frame });
        return true;
      case "tool_execution_update": {
        const run = this.tools.get(str(frame["toolCallId"]));
        if (run) run.update = frame;
        return true;
      }
      case "tool_execution_end":
        this.tools.delete(str(frame["toolCallId"]));
        return true;
      default:
        return false;
    }
  }

  private uiRequest(frame: WireEvent, seq: number): void {
    const method = str(frame["method"]);
    const id = str(frame["id"]);
    if (DIALOG_METHODS.has(method)) this.dialogs.set(id, { frame, seq });
    else if (method === "cancel") this.dialogs.delete(str(frame["targetId"]));
    else if (method === "setStatus") {
      if (typeof frame["statusText"] === "string") this.statuses.set(str(frame["statusKey"]), { frame, seq });
      else this.statuses.delete(str(frame["statusKey"]));
    } else if (method === "setWidget") {
      if (Array.isArray(frame["widgetLines"])) this.widgets.set(str(frame["widgetKey"]), { frame, seq });
      else this.widgets.delete(str(frame["widgetKey"]));
    } else if (method === "setTitle") this.title = { frame, seq };
  }
}
