// What an extension written for pi may import at runtime from "@mariozechner/pi-coding-agent"
// (the loader aliases that name here): the event type guards. Type-only imports need nothing.

interface NamedEvent {
  toolName?: unknown;
}

export function isToolCallEventType(toolName: string, event: NamedEvent): boolean {
  return event.toolName === toolName;
}

const resultGuard =
  (name: string) =>
  (event: NamedEvent): boolean =>
    event.toolName === name;

export const isBashToolResult = resultGuard("bash");
export const isReadToolResult = resultGuard("read");
export const isEditToolResult = resultGuard("edit");
export const isWriteToolResult = resultGuard("write");
export const isGrepToolResult = resultGuard("grep");
export const isFindToolResult = resultGuard("find");
export const isLsToolResult = resultGuard("ls");
