// What an `edit` or `write` call would do to its file, worked out before it runs so the permission
// gate can show it (docs/protocol-notes.md "The permission gate"): the file's text now, the text
// after the call, and the change as the line-numbered diff the edit tool reports in
// `details.diff`, so a client draws it with the renderer it already has for tool diffs. Also the
// one way to put text the user edited back into the call's input (pi's `tool_call` contract: the
// input is mutated in place before the tool runs).
import { readFile } from "node:fs/promises";
import { applyEdits, renderLineDiff, type TextEdit } from "../../tools/edit-diff.js";
import { errorCode, resolveToCwd } from "../../tools/path-utils.js";

/** Texts above this many characters are not diffed or offered for editing (the dialog would not help). */
export const MAX_DIFF_CHARS = 1_000_000;

export interface ProposedChange {
  toolName: "edit" | "write";
  path: string;
  /** The file's text now ("" for a file that does not exist yet); an edit's without BOM, LF line ends. */
  before: string;
  /** The text the call leaves in the file (an edit's as LF text: the tool restores CRLF and BOM). */
  after: string;
  /** pi's edit-diff format ("-12 old", "+12 new", " 12 same", "   ..."). */
  diff: string;
  created: boolean;
}

function fileLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return text === "" ? [] : lines;
}

/** The whole text replaced: unchanged lines at both ends are trimmed by the renderer. */
function wholeFileDiff(before: string, after: string): string {
  const a = fileLines(before);
  const b = fileLines(after);
  return renderLineDiff(a, b, [{ oldStart: 0, oldCount: a.length, newStart: 0, newCount: b.length }]).diff;
}

/** The file's text as the edit tool matches against it: no BOM, LF line ends. */
function editableText(raw: string): string {
  const body = raw.startsWith("\uFEFF") ? raw.slice(1) : raw;
  return body.replace(/\r\n/g, "\n");
}

async function readCurrent(path: string, cwd: string): Promise<string | undefined> {
  try {
    return await readFile(resolveToCwd(path, cwd), "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

function isEditList(value: unknown): value is TextEdit[] {
  return (
    Array.isArray(value) &&
    value.every(
      (e: unknown) =>
        typeof e === "object" &&
        e !== null &&
        typeof (e as Record<string, unknown>).oldText === "string" &&
        typeof (e as Record<string, unknown>).newText === "string",
    )
  );
}

/**
 * The change the call would make, or undefined when there is nothing sensible to show: an edit
 * that would fail (the tool reports why), an unreadable or binary file, a text too large.
 */
export async function proposedChange(
  toolName: string,
  input: Record<string, unknown>,
  cwd: string,
): Promise<ProposedChange | undefined> {
  const path = input.path ?? input.file_path;
  if (typeof path !== "string" || (toolName !== "edit" && toolName !== "write")) return undefined;
  let raw: string | undefined;
  try {
    raw = await readCurrent(path, cwd);
  } catch {
    return undefined; // unreadable: the tool itself reports the error when it runs
  }
  if (raw !== undefined && (raw.includes("\0") || raw.length > MAX_DIFF_CHARS)) return undefined;
  if (toolName === "write") {
    const content = input.content;
    if (typeof content !== "string" || content.length > MAX_DIFF_CHARS) return undefined;
    const before = raw ?? "";
    const diff = wholeFileDiff(before.replace(/\r\n/g, "\n"), content.replace(/\r\n/g, "\n"));
    return { toolName, path, before, after: content, diff, created: raw === undefined };
  }
  if (raw === undefined || !isEditList(input.edits)) return undefined;
  const before = editableText(raw);
  try {
    const applied = applyEdits(before, input.edits, path);
    return { toolName, path, before, after: applied.newContent, diff: applied.diff, created: false };
  } catch {
    return undefined; // the edit would fail: no diff to show, the tool's own error says why
  }
}

/**
 * Puts the user's text in place of what the call would write. An edit becomes one replacement of
 * the whole text the gate read, so it still fails (and writes nothing) if the file changed since.
 */
export function replaceProposedText(input: Record<string, unknown>, change: ProposedChange, text: string): void {
  if (change.toolName === "write") {
    input.content = text;
    return;
  }
  input.edits = [{ oldText: change.before, newText: text }];
}
