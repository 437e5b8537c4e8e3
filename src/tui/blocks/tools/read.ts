// The read tool: the path and the range read; the lines it returned, counted or listed.
import { argText, pathArg } from "./args.js";
import { countedBody } from "./counted.js";
import type { ToolBlock } from "./types.js";

export const readTool: ToolBlock = {
  summary(args) {
    const ranged = args["offset"] !== undefined || args["limit"] !== undefined;
    return pathArg(args) + (ranged ? ` [${argText(args["offset"] ?? 1)}:${argText(args["limit"] ?? "")}]` : "");
  },
  body: countedBody("line", "lines"),
};
