// Reading tool arguments, which come from the model: any value may be missing or of any type.
import { clipText, ROW_PREVIEW_CHARS } from "../../render/preview.js";

/** A value as one string: strings as they are, anything else as JSON. */
export function argText(v: unknown): string {
  return typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v);
}

/** The path argument, under any of the names tools use for it. */
export function pathArg(args: Record<string, unknown>): string {
  return argText(args["path"] ?? args["file_path"] ?? args["filePath"]);
}

/** Line breaks shown as ⏎ so a summary stays one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ⏎ ").trim();
}

function clipStrings(_key: string, value: unknown): unknown {
  return typeof value === "string" ? clipText(value, ROW_PREVIEW_CHARS) : value;
}

/** All arguments as compact JSON; long strings are clipped first (a summary is one row's worth). */
export function argsJson(args: Record<string, unknown>): string {
  const json = JSON.stringify(args, clipStrings);
  return json === "{}" ? "" : oneLine(json ?? "");
}
