// Top-level frame unions per direction (docs/protocol.md §1.2): what the client writes to the
// worker's stdin and what the worker writes to stdout.

import type { RpcCommand } from "./commands.js";
import type { AgentEvent, ReadyFrame } from "./events.js";
import type { ExtensionUIRequest, ExtensionUIResponse } from "./extension-ui.js";
import type { HostToolCallFrame, HostToolCancelFrame, HostToolResultFrame, HostToolUpdateFrame } from "./host-tools.js";
import type { RpcResponse } from "./responses.js";

/** client → worker (stdin). */
export type ClientFrame = RpcCommand | ExtensionUIResponse | HostToolUpdateFrame | HostToolResultFrame;

/** worker → client (stdout). */
export type WorkerFrame =
  | ReadyFrame
  | RpcResponse
  | AgentEvent
  | ExtensionUIRequest
  | HostToolCallFrame
  | HostToolCancelFrame;
