// Any tool without a block of its own (extension and host tools included): its arguments as
// JSON in the header, the head of its output on the live screen, everything in the view.
import { outputWindow } from "../../render/tool-lines.js";
import { argsJson } from "./args.js";
import type { ToolBlock } from "./types.js";

export const genericTool: ToolBlock = {
  summary: argsJson,
  body: (run, maxRows) => ({ window: outputWindow(run.output?.text ?? "", maxRows), fromTail: false }),
};
