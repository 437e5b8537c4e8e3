// Built-in permission gate (off by default): asks the user before a destructive bash command or a
// write/edit outside the working directory, and in mode "edits" before every write/edit. For an
// edit or write the question carries the change as a diff and offers "Edit, then allow": an
// editor dialog prefilled with the new text, whose answer replaces what the call writes
// (docs/protocol-notes.md "The permission gate"). No answer within the timeout, a cancelled
// dialog or "Block" blocks the call; the model receives the reason as an error tool result.
import type { ExtensionAPI, ExtensionContext, ExtensionFactory, ToolCallEvent, ToolResultEvent } from "../api.js";
import { findDestructiveRule, isOutsideCwd } from "./destructive.js";
import type { ProposedChange } from "./proposed-change.js";

export const PERMISSION_GATE_PATH = "builtin:permission-gate";
export const ALLOW_ONCE = "Allow once";
export const ALLOW_SESSION = "Allow for this session";
export const EDIT_THEN_ALLOW = "Edit, then allow";
export const BLOCK = "Block";

/** "risky": destructive bash and writes outside the working directory; "edits": also every write/edit. */
export type GateMode = "off" | "risky" | "edits";

export interface PermissionGateOptions {
  /** Milliseconds before an unanswered question blocks (default 60 s). */
  timeoutMs?: number;
  /** Read at every tool call (the setting can change while the worker runs); default "risky". */
  mode?: () => GateMode;
}

interface Risk {
  /** What "Allow for this session" remembers. */
  key: string;
  title: string;
}

function assess(event: ToolCallEvent, cwd: string, mode: GateMode): Risk | undefined {
  if (event.toolName === "bash") {
    const command = event.input.command;
    if (typeof command !== "string") return undefined;
    const rule = findDestructiveRule(command);
    return rule
      ? { key: `bash:${rule.name}`, title: `Allow a destructive command (${rule.name})?\n${command}` }
      : undefined;
  }
  if (event.toolName === "write" || event.toolName === "edit") {
    const path = event.input.path ?? event.input.file_path;
    if (typeof path !== "string") return undefined;
    if (isOutsideCwd(path, cwd))
      return {
        key: `${event.toolName}:outside-cwd`,
        title: `Allow ${event.toolName} outside the working directory?\n${path}`,
      };
    if (mode === "edits") return { key: `${event.toolName}:in-tree`, title: `Allow ${event.toolName} of ${path}?` };
  }
  return undefined;
}

function blockedBy(why: string): { block: true; reason: string } {
  return { block: true, reason: `Blocked by the permission gate: ${why}.` };
}

function timeoutText(timeoutMs: number): string {
  return `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`;
}

/**
 * "Edit, then allow": the new text in an editor dialog. It has no timeout (editing takes as long
 * as it takes); the run's abort still closes it. Cancelled: the call is blocked, nothing written.
 */
async function editThenAllow(
  event: ToolCallEvent,
  change: ProposedChange,
  ctx: ExtensionContext,
  edited: Map<string, string>,
): Promise<{ block: true; reason: string } | undefined> {
  const what = change.created ? "the new file" : "the new text of";
  const text = await ctx.ui.editor(`Edit ${what} ${change.path}, then allow the ${change.toolName}`, change.after, {
    signal: ctx.signal,
  });
  if (text === undefined) return blockedBy("the user cancelled the edit");
  const { replaceProposedText } = await import("./proposed-change.js");
  replaceProposedText(event.input, change, text);
  if (text !== change.after) edited.set(event.toolCallId, change.path);
  return undefined;
}

/**
 * The model (and the transcript, which shows the call as the model sent it) learn that the file
 * holds the user's version, not the text the call carried.
 */
function editedNote(path: string): string {
  return (
    `The user edited the new text of ${path} before allowing this call: the file holds the user's version, ` +
    "not the text you sent. Read it before changing it again."
  );
}

export function createPermissionGate(options: PermissionGateOptions = {}): ExtensionFactory {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return (pi: ExtensionAPI) => {
    const allowed = new Set<string>();
    /** Calls whose text the user changed in "Edit, then allow": tool call id → path. */
    const edited = new Map<string, string>();
    pi.on("session_start", () => {
      // A new, resumed or forked session starts with no standing permissions.
      allowed.clear();
      edited.clear();
    });
    pi.on("tool_result", (event: ToolResultEvent) => {
      const path = edited.get(event.toolCallId);
      if (path === undefined) return undefined;
      edited.delete(event.toolCallId);
      if (event.isError) return undefined;
      return { content: [...event.content, { type: "text" as const, text: editedNote(path) }] };
    });
    pi.on("tool_call", async (event: ToolCallEvent, ctx: ExtensionContext) => {
      const mode = options.mode?.() ?? "risky";
      if (mode === "off") return undefined;
      const risk = assess(event, ctx.cwd, mode);
      if (!risk || allowed.has(risk.key)) return undefined;
      // Loaded on the first gated call: the diff code is not on the worker's start-up path.
      const { proposedChange } = await import("./proposed-change.js");
      const change = await proposedChange(event.toolName, event.input, ctx.cwd);
      const choices = change ? [ALLOW_ONCE, ALLOW_SESSION, EDIT_THEN_ALLOW, BLOCK] : [ALLOW_ONCE, ALLOW_SESSION, BLOCK];
      const choice = await ctx.ui.select(risk.title, choices, {
        timeout: timeoutMs,
        signal: ctx.signal,
        ...(change ? { diff: change.diff } : {}),
      });
      if (choice === ALLOW_ONCE) return undefined;
      if (choice === ALLOW_SESSION) {
        allowed.add(risk.key);
        return undefined;
      }
      if (choice === EDIT_THEN_ALLOW && change) return editThenAllow(event, change, ctx, edited);
      return blockedBy(choice === BLOCK ? "the user chose Block" : timeoutText(timeoutMs));
    });
  };
}
