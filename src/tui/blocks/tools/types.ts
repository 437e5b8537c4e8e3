// What one tool (or family of tools) decides about its block; blocks/tools/index.ts frames it
// (header, status, images, truncation note) the same way for every tool.
import type { Palette } from "../../render/palette.js";
import type { LineWindow } from "../../render/preview.js";
import type { ToolRun } from "../../state/types.js";
import type { Part } from "../parts.js";

/** Live screen: the output lines a run shows (a window of them) and whether they are its tail. */
export type ToolBody = { window: LineWindow; fromTail: boolean };

export type ToolBlock = {
  /** The arguments as one short line (the live header, plain mode's "tool started: …"). */
  summary(args: Record<string, unknown>): string;
  /** Live screen: the body of a run that did not fail; `expanded`: ctrl+o is on. */
  body(run: ToolRun, maxRows: number, expanded: boolean, palette: Palette): ToolBody;
  /** Live screen: header rows of the tool's own (bash shows its command exactly). */
  header?(run: ToolRun, now: number, width: number, maxCommandRows: number, palette: Palette): string[];
  /** View: the arguments in full (default: each as `key: value`). */
  args?(run: ToolRun, palette: Palette): Part[];
  /** View: the result of a run that did not fail (default: its output text). */
  result?(run: ToolRun, palette: Palette): Part[];
  /** Copy: the arguments (default: as JSON) and the result (default: the output text). */
  copyArgs?(run: ToolRun): string;
  copyResult?(run: ToolRun): string;
};
