// Wire shapes the bridge and the TUI use, re-exported from src/protocol (the only module the
// bridge may import) under the names the bridge API promises; a few aliases keep older names.
export type * from "../protocol/types/index.js";
export type {
  ExtensionUIRequest as ExtensionUiRequest,
  ExtensionUIResponse as ExtensionUiResponse,
  ExtensionUIDialogRequest as ExtensionUiDialogRequest,
  ExtensionUIFireAndForgetRequest as ExtensionUiFireAndForgetRequest,
  RpcHostToolDefinition as HostToolDefinition,
  WireAssistantMessageEvent as AssistantMessageEvent,
} from "../protocol/types/index.js";
