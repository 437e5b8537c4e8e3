// Which agent-loop events extensions observe, in the shape pi gives them: turn_start/turn_end
// carry a turnIndex counted from each agent_start; the rest pass through as they are.
import type { ExtensionEvent } from "./api.js";

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
      case "agent_end":
      case "message_start":
      case "message_update":
      case "message_end":
      case "tool_execution_start":
      case "tool_execution_update":
      case "tool_execution_end":
        return event as unknown as ExtensionEvent;
      default:
        return undefined;
    }
  };
}
