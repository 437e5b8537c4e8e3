// Host tools sub-protocol (docs/protocol.md §8): tools the client exposes to the model, called
// back over the same pipes. Frames in both directions and the registration shape.

import type { AgentToolResult } from "./messages.js";

/** docs/protocol.md §8.1 One entry of `set_host_tools.tools`. */
export interface RpcHostToolDefinition {
  /** Non-empty after trim; the tool name the model sees. */
  name: string;
  /** Defaults to `name`. */
  label?: string;
  /** Non-empty after trim; shown to the model. */
  description: string;
  /** JSON Schema object (not an array). */
  parameters: Record<string, unknown>;
  hidden?: boolean;
}

/** docs/protocol.md §8.2 worker → client: run a host tool. */
export interface HostToolCallFrame {
  type: "host_tool_call";
  /** Host request id, unique per worker process. */
  id: string;
  toolCallId: string;
  toolName: string;
  arguments: Record<string, unknown>;
}

/** docs/protocol.md §8.2 worker → client: abort call `targetId` (already completed as failed on the worker). */
export interface HostToolCancelFrame {
  type: "host_tool_cancel";
  /** A fresh frame id. */
  id: string;
  targetId: string;
}

/** docs/protocol.md §8.2 client → worker, optional and repeatable: accumulated partial result. */
export interface HostToolUpdateFrame {
  type: "host_tool_update";
  id: string;
  partialResult: AgentToolResult;
}

/** docs/protocol.md §8.2 client → worker, exactly once per call. */
export interface HostToolResultFrame {
  type: "host_tool_result";
  id: string;
  result: AgentToolResult;
  isError?: boolean;
}
