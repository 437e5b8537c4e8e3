// The `edit` tool (pi 0.73.1 shape): `{ path, edits: [{ oldText, newText }] }`, each oldText
// unique in the original file; also accepts the older `{ path, oldText, newText }` and
// `edits` sent as a JSON string. Keeps the file's BOM and CRLF line endings.

import { isObject } from "../../protocol/decode/result.js";
import { readFile, writeFile } from "node:fs/promises";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { Type, type Static } from "typebox";
import { applyEdits, type TextEdit } from "./edit-diff.js";
import { withFileLock } from "./file-mutation-queue.js";
import { errorCode, resolveToCwd } from "./path-utils.js";

const replaceEditSchema = Type.Object({
  oldText: Type.String({
    description:
      "Exact text for one targeted replacement. It must be unique in the original file " +
      "and must not overlap with any other edits[].oldText in the same call.",
  }),
  newText: Type.String({ description: "Replacement text for this targeted edit." }),
});

const editSchema = Type.Object(
  {
    path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
    edits: Type.Array(replaceEditSchema, {
      description:
        "One or more targeted replacements. Each edit is matched against the original file, not incrementally. " +
        "Do not include overlapping or nested edits. " +
        "If two changes touch the same block or nearby lines, merge them into one edit instead.",
    }),
  },
  { additionalProperties: false },
);

export interface EditToolDetails {
  /** Line-numbered diff in pi's format ("+N text", "-N text", " N text", "...") for the UI. */
  diff: string;
  /** First changed line in the new file (1-based), for jumping to the change. */
  firstChangedLine: number | undefined;
}

function parseJsonArray(text: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined; // not JSON: validation reports the wrong type with the field name
  }
}

/** Folds the legacy single-edit form and stringified `edits` into the current schema. */
export function prepareEditArguments(input: unknown): Static<typeof editSchema> {
  if (!isObject(input)) return input as Static<typeof editSchema>;
  const args: Record<string, unknown> = { ...input };
  if (typeof args.edits === "string") {
    // Some models send the array as a JSON string; anything else is left for validation to reject.
    const parsed = parseJsonArray(args.edits);
    if (parsed !== undefined) args.edits = parsed;
  }
  if (typeof args.oldText === "string" && typeof args.newText === "string") {
    const edits = Array.isArray(args.edits) ? [...(args.edits as unknown[])] : [];
    edits.push({ oldText: args.oldText, newText: args.newText });
    delete args.oldText;
    delete args.newText;
    args.edits = edits;
  }
  return args as Static<typeof editSchema>;
}

export function createEditTool(cwd: string): AgentTool<typeof editSchema, EditToolDetails> {
  return {
    name: "edit",
    label: "edit",
    description:
      "Edit a single file using exact text replacement. " +
      "Every edits[].oldText must match a unique, non-overlapping region of the original file. " +
      "If two changes affect the same block or nearby lines, merge them into one edit instead of emitting " +
      "overlapping edits. Do not include large unchanged regions just to connect distant changes.",
    parameters: editSchema,
    prepareArguments: prepareEditArguments,
    async execute(_toolCallId, { path, edits }, signal) {
      if (signal?.aborted) throw new Error("Operation aborted");
      const absolutePath = resolveToCwd(path, cwd);
      return withFileLock(absolutePath, async () => {
        let raw: string;
        try {
          raw = await readFile(absolutePath, "utf8");
        } catch (error) {
          const code = errorCode(error);
          if (code === "ENOENT") throw new Error(`Could not edit file: ${path}. File not found.`);
          throw new Error(
            `Could not edit file: ${path}. ${code !== undefined ? `Error code: ${code}` : String(error)}.`,
          );
        }
        const bom = raw.startsWith("\uFEFF") ? "\uFEFF" : "";
        const body = bom === "" ? raw : raw.slice(1);
        // The file's convention is its first line break; edits are matched on LF text.
        const firstLf = body.indexOf("\n");
        const crlf = firstLf > 0 && body[firstLf - 1] === "\r";
        const content = crlf ? body.replace(/\r\n/g, "\n") : body;
        const applied = applyEdits(content, edits as TextEdit[], path);
        if (signal?.aborted) throw new Error("Operation aborted");
        const output = bom + (crlf ? applied.newContent.replace(/\r?\n/g, "\r\n") : applied.newContent);
        await writeFile(absolutePath, output, "utf8");
        return {
          content: [{ type: "text", text: `Successfully replaced ${edits.length} block(s) in ${path}.` }],
          details: { diff: applied.diff, firstChangedLine: applied.firstChangedLine },
        };
      });
    },
  };
}
