// Which agent-loop events extensions observe, in the shape pi gives them: turn_start/turn_end
// carry a turnIndex counted from each agent_start; the rest pass through as they are.
import type { AgentLoopEvent, ExtensionEvent } from "./api.js";

/** The loop events extensions get as the runtime emits them (already in pi's shapes). */
type PassedEvent = Exclude<AgentLoopEvent, { type: "agent_start" | "turn_start" | "turn_end" }>;
const PASSED_TYPES = new Set<string>([
  "agent_end",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
] satisfies PassedEvent["type"][]);

/** Whether `event` is one of those: the runtime's loop events carry pi's fields, so the type decides. */
function isPassedThrough(event: { type: string }): event is PassedEvent {
  return PASSED_TYPES.has(event.type);
}

export type LoopEventMapper = (event: { type: string } & Record<string, unknown>) => ExtensionEvent | undefined;

export function createLoopEventMapper(): LoopEventMapper {
  let turnIndex = 0;
  return (event) => {
    switch (event.type) {
      case "agent_start":
        turnIndex = 0;
        return { type: "agent_start" };
      case "turn_start":
        return { type: "turn_start", turnIndex, timestamp: Date.now() };
      case "turn_end":
        return { ...(event as object), type: "turn_end", turnIndex: turnIndex++ } as ExtensionEvent;
      default:
        return isPassedThrough(event) ? event : undefined;
    }
  };
}
