// What a client attaching mid-run needs besides get_state and get_messages, folded from the
// worker's own outgoing frames: the run being busy, the assistant message streamed so far,
// running tools, the queue, open extension dialogs and the extension status/widgets/title.
// `frames()` turns it into ordinary protocol frames the client processes as if it had been there.
import type { WireEvent } from "../runtime/wire-events.js";

const DIALOG_METHODS = new Set(["select", "confirm", "input", "editor"]);

type Block = Record<string, unknown> & { type: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface AttachTracker {
  /** Every event frame the worker writes, with its replay sequence number. */
  observe(frame: WireEvent, seq: number): void;
  /** An open dialog was answered by the client (its extension_ui_response arrived). */
  dialogAnswered(id: string): void;
  readonly busy: boolean;
  /** Dialogs waiting for an answer. */
  readonly openDialogs: number;
  /** Frames that bring a fresh client to the present (after it printed get_messages). */
  frames(): WireEvent[];
  /** Open dialogs announced at or before `seq` (a resuming client closed them when its link dropped). */
  dialogsUpTo(seq: number): WireEvent[];
}

export function createAttachTracker(): AttachTracker {
  let busy = false;
  let compaction: WireEvent | undefined;
  let retry: WireEvent | undefined;
  let partial: { message: Record<string, unknown>; content: Block[] } | undefined;
  let queue: WireEvent | undefined;
  let title: WireEvent | undefined;
  const tools = new Map<string, { start: WireEvent; update?: WireEvent }>();
  const dialogs = new Map<string, { frame: WireEvent; seq: number }>();
  const statuses = new Map<string, WireEvent>();
  const widgets = new Map<string, WireEvent>();

  const block = (index: number, type: string, init: () => Block): Block => {
    if (!partial) return init();
    const current = partial.content[index];
    if (current && current.type === type) return current;
    const created = init();
    partial.content[index] = created;
    return created;
  };

  const foldDelta = (e: Record<string, unknown>): void => {
    if (!partial) return;
    const i = typeof e["contentIndex"] === "number" ? e["contentIndex"] : partial.content.length - 1;
    switch (e["type"]) {
      case "text_start":
        partial.content[i] = { type: "text", text: "" };
        return;
      case "text_delta": {
        const b = block(i, "text", () => ({ type: "text", text: "" }));
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
        const b = block(i, "thinking", () => ({ type: "thinking", thinking: "" }));
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
        if (isRecord(e["toolCall"])) partial.content[i] = { ...(e["toolCall"] as Block) };
        return;
      default:
        // toolcall_delta (arguments arrive whole at toolcall_end), start/done/error: nothing to keep.
        return;
    }
  };

  const uiRequest = (frame: WireEvent, seq: number): void => {
    const method = str(frame["method"]);
    const id = str(frame["id"]);
    if (DIALOG_METHODS.has(method)) dialogs.set(id, { frame, seq });
    else if (method === "cancel") dialogs.delete(str(frame["targetId"]));
    else if (method === "setStatus") {
      if (typeof frame["statusText"] === "string") statuses.set(str(frame["statusKey"]), frame);
      else statuses.delete(str(frame["statusKey"]));
    } else if (method === "setWidget") {
      if (Array.isArray(frame["widgetLines"])) widgets.set(str(frame["widgetKey"]), frame);
      else widgets.delete(str(frame["widgetKey"]));
    } else if (method === "setTitle") title = frame;
  };

  return {
    observe(frame, seq) {
      switch (frame.type) {
        case "message_update": {
          const e = frame["assistantMessageEvent"];
          if (isRecord(e)) foldDelta(e);
          if (partial && frame["usage"] !== undefined) partial.message["usage"] = frame["usage"];
          return;
        }
        case "message_start": {
          const m = frame["message"];
          if (isRecord(m) && m["role"] === "assistant") {
            const content = Array.isArray(m["content"]) ? (m["content"] as unknown[]).filter(isRecord).map((b) => ({ ...b, type: str(b["type"]) })) : [];
            partial = { message: { ...m }, content };
          }
          return;
        }
        case "message_end":
          partial = undefined;
          return;
        case "agent_start":
          busy = true;
          return;
        case "agent_settled":
          busy = false;
          partial = undefined;
          retry = undefined;
          tools.clear();
          return;
        case "tool_execution_start":
          tools.set(str(frame["toolCallId"]), { start: frame });
          return;
        case "tool_execution_update": {
          const run = tools.get(str(frame["toolCallId"]));
          if (run) run.update = frame;
          return;
        }
        case "tool_execution_end":
          tools.delete(str(frame["toolCallId"]));
          return;
        case "compaction_start":
          compaction = frame;
          return;
        case "compaction_end":
          compaction = undefined;
          return;
        case "auto_retry_start":
          retry = frame;
          return;
        case "auto_retry_end":
          retry = undefined;
          return;
        case "queue_update":
          queue = frame;
          return;
        case "extension_ui_request":
          uiRequest(frame, seq);
          return;
        default:
          return;
      }
    },
    dialogAnswered(id) {
      dialogs.delete(id);
    },
    get busy() {
      return busy;
    },
    get openDialogs() {
      return dialogs.size;
    },
    frames() {
      const out: WireEvent[] = [];
      if (busy) out.push({ type: "agent_start" });
      if (compaction) out.push(compaction);
      if (retry) out.push(retry);
      if (partial) out.push({ type: "message_start", message: { ...partial.message, content: partial.content.map((b) => ({ ...b })) } });
      for (const run of tools.values()) {
        out.push(run.start);
        if (run.update) out.push(run.update);
      }
      if (queue) out.push(queue);
      if (title) out.push(title);
      out.push(...statuses.values(), ...widgets.values());
      for (const d of dialogs.values()) out.push(d.frame);
      return out;
    },
    dialogsUpTo(seq) {
      return [...dialogs.values()].filter((d) => d.seq <= seq).map((d) => d.frame);
    },
  };
}
