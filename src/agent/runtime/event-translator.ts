// pi-agent-core events → wire events. message_update becomes the canonical delta form
// (docs/protocol.md §4.2): no cumulative `message`, no `partial`; `usage` so far; toolcall_start
// carries the tool call's id and name. Everything else passes through unchanged.

import type { AgentEvent } from "@mariozechner/pi-agent-core";
import type { AssistantMessageEvent } from "@mariozechner/pi-ai";
import type { WireEvent } from "./wire-events.js";

export function toWireAssistantEvent(event: AssistantMessageEvent): Record<string, unknown> {
  switch (event.type) {
    case "text_start":
    case "thinking_start":
      return { type: event.type, contentIndex: event.contentIndex };
    case "toolcall_start": {
      const block = event.partial.content[event.contentIndex];
      const call = block?.type === "toolCall" ? block : undefined;
      return { type: event.type, contentIndex: event.contentIndex, id: call?.id ?? "", toolName: call?.name ?? "" };
    }
    case "text_delta":
    case "thinking_delta":
    case "toolcall_delta":
      return { type: event.type, contentIndex: event.contentIndex, delta: event.delta };
    case "text_end":
    case "thinking_end":
      return { type: event.type, contentIndex: event.contentIndex, content: event.content };
    case "toolcall_end":
      return { type: event.type, contentIndex: event.contentIndex, toolCall: event.toolCall };
    case "start":
      return { type: "start" };
    case "done":
      return { type: "done", reason: event.reason };
    case "error":
      return { type: "error", reason: event.reason };
    default: {
      const never: never = event;
      return { type: String((never as { type: unknown }).type) };
    }
  }
}

/** Translate one loop event; agent_end is handled by the runtime (it adds willRetry). */
export function toWireEvent(event: AgentEvent): WireEvent {
  if (event.type === "message_update") {
    const partial = "partial" in event.assistantMessageEvent ? event.assistantMessageEvent.partial : undefined;
    const wire: WireEvent = {
      type: "message_update",
      assistantMessageEvent: toWireAssistantEvent(event.assistantMessageEvent),
    };
    if (partial) wire["usage"] = partial.usage;
    return wire;
  }
  return { ...event };
}
