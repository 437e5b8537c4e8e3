// The todo tools (todo_write, todo): the plan they set is drawn by the plan pane, so the block
// says only how many phases it has.
import { NO_LINES } from "../../render/tool-lines.js";
import type { ToolBlock } from "./types.js";

export const planTool: ToolBlock = {
  summary: (args) => (Array.isArray(args["phases"]) ? `${args["phases"].length} phase(s)` : ""),
  body: () => ({ window: NO_LINES, fromTail: false }),
};
