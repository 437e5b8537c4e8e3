// A tool call's entry: drawn by the tool's own block (tools/), picked by the tool's name.
import { toolCopy, toolLines, toolParts, toolPlainRows } from "./tools/index.js";
import type { BlockRenderer } from "./types.js";

/** Output rows of a committed tool on the live screen: collapsed, and expanded (ctrl+o). */
const COLLAPSED_TOOL_ROWS = 5;
const EXPANDED_TOOL_ROWS = 40;

export const toolEntryBlock: BlockRenderer<"tool"> = {
  rows(e, o) {
    if (o.style === "plain") return toolPlainRows(e.run);
    const full = o.fold === "full";
    const bodyRows = o.maxBodyRows ?? (full ? EXPANDED_TOOL_ROWS : COLLAPSED_TOOL_ROWS);
    // A block printed once is timed to its end (or its start, if it never ended), not to the clock.
    const now = o.now ?? e.run.endedAt ?? e.run.startedAt;
    return ["", ...toolLines(e.run, now, o.width, bodyRows, full, o.palette, o.maxCommandRows, o.links)];
  },
  parts: (e, now, palette) => toolParts(e.run, now, palette),
  copy: (e) => toolCopy(e.run),
};
