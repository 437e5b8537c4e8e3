// The edit tool: the path; the change as a diff (from the result's details.diff, else from the
// edit's own old and new texts), its head on the live screen and all of it in the view.
import type { Palette } from "../../render/palette.js";
import type { LineWindow } from "../../render/preview.js";
import { NO_LINES, outputWindow } from "../../render/tool-lines.js";
import { styleDiffLines } from "../../render/word-diff.js";
import type { ToolRun } from "../../state/types.js";
import { keyValue, linesPart, outputPart, plainLines, str } from "../parts.js";
import { argText, pathArg } from "./args.js";
import type { ToolBlock } from "./types.js";

/** The arguments that hold the texts of an edit (shown as the diff, not as arguments). */
const EDIT_TEXTS = new Set(["edits", "oldText", "newText", "old_string", "new_string"]);

/** The diff the worker reported, if any. */
function reportedDiff(run: ToolRun): string | undefined {
  const diff = run.output?.details?.["diff"];
  return typeof diff === "string" && diff.trim() !== "" ? diff : undefined;
}

/** Each edit's old and new text as given (the model may send any type); edits with neither are left out. */
function editTexts(run: ToolRun): { oldText: unknown; newText: unknown }[] {
  const edits = Array.isArray(run.args["edits"]) ? run.args["edits"] : [run.args];
  const out: { oldText: unknown; newText: unknown }[] = [];
  for (const e of edits) {
    if (typeof e !== "object" || e === null) continue;
    const rec = e as Record<string, unknown>;
    const oldText = rec["oldText"] ?? rec["old_string"];
    const newText = rec["newText"] ?? rec["new_string"];
    if (argText(oldText) !== "" || argText(newText) !== "") out.push({ oldText, newText });
  }
  return out;
}

/** Live screen: the first `count` diff lines and how many there are in all. */
function diffWindow(run: ToolRun, count: number, palette: Palette): LineWindow {
  const diff = reportedDiff(run);
  if (diff !== undefined) {
    const w = outputWindow(diff, count);
    return { lines: styleDiffLines(w.lines, palette), total: w.total };
  }
  const out: LineWindow = { lines: [], total: 0 };
  for (const { oldText, newText } of editTexts(run)) {
    const removed = outputWindow(argText(oldText), count);
    const added = outputWindow(argText(newText), count);
    const lines = [...removed.lines.map((l) => `- ${l}`), ...added.lines.map((l) => `+ ${l}`)];
    out.lines.push(...styleDiffLines(lines, palette).slice(0, Math.max(0, count - out.lines.length)));
    out.total += removed.total + added.total;
  }
  return out;
}

/** View: the whole diff. */
function fullDiff(run: ToolRun, palette: Palette): string[] {
  const diff = reportedDiff(run);
  if (diff !== undefined) return styleDiffLines(plainLines(diff), palette);
  const edits = editTexts(run).flatMap(({ oldText, newText }) => [
    ...plainLines(str(oldText)).map((l) => `- ${l}`),
    ...plainLines(str(newText)).map((l) => `+ ${l}`),
  ]);
  return styleDiffLines(edits, palette);
}

export const editTool: ToolBlock = {
  summary: (args) => pathArg(args) || ".",
  body: (run, maxRows, _expanded, palette) => ({
    window: run.status === "running" ? NO_LINES : diffWindow(run, maxRows, palette),
    fromTail: false,
  }),
  args: (run, palette) =>
    Object.entries(run.args).flatMap(([k, v]) => (EDIT_TEXTS.has(k) ? [] : keyValue(k, v, palette))),
  result(run, palette) {
    if (run.status === "done") return linesPart(fullDiff(run, palette));
    const text = run.output?.text ?? "";
    return text !== "" ? outputPart(text) : [];
  },
  copyResult: (run) => {
    const diff = run.output?.details?.["diff"];
    return typeof diff === "string" && diff !== "" ? diff : (run.output?.text ?? "");
  },
};
