// Built-in permission gate (off by default): asks the user before a destructive bash command or a
// write/edit outside the working directory. No answer within the timeout, a cancelled dialog or
// "Block" blocks the call; the model receives the reason as an error tool result.
import type { ExtensionAPI, ExtensionContext, ExtensionFactory, ToolCallEvent } from "../api.js";
import { findDestructiveRule, isOutsideCwd } from "./destructive.js";

export const PERMISSION_GATE_PATH = "builtin:permission-gate";
export const ALLOW_ONCE = "Allow once";
export const ALLOW_SESSION = "Allow for this session";
export const BLOCK = "Block";

export interface PermissionGateOptions {
  /** Milliseconds before an unanswered question blocks (default 60 s). */
  timeoutMs?: number;
  /** Read at every tool call (the setting can change while the worker runs); default always on. */
  enabled?: () => boolean;
}

interface Risk {
  /** What "Allow for this session" remembers. */
  key: string;
  title: string;
}

function assess(event: ToolCallEvent, cwd: string): Risk | undefined {
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
    if (typeof path !== "string" || !isOutsideCwd(path, cwd)) return undefined;
    return {
      key: `${event.toolName}:outside-cwd`,
      title: `Allow ${event.toolName} outside the working directory?\n${path}`,
    };
  }
  return undefined;
}

export function createPermissionGate(options: PermissionGateOptions = {}): ExtensionFactory {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return (pi: ExtensionAPI) => {
    const allowed = new Set<string>();
    pi.on("session_start", () => {
      // A new, resumed or forked session starts with no standing permissions.
      allowed.clear();
    });
    pi.on("tool_call", async (event: ToolCallEvent, ctx: ExtensionContext) => {
      if (options.enabled && !options.enabled()) return undefined;
      const risk = assess(event, ctx.cwd);
      if (!risk || allowed.has(risk.key)) return undefined;
      const choice = await ctx.ui.select(risk.title, [ALLOW_ONCE, ALLOW_SESSION, BLOCK], {
        timeout: timeoutMs,
        signal: ctx.signal,
      });
      if (choice === ALLOW_ONCE) return undefined;
      if (choice === ALLOW_SESSION) {
        allowed.add(risk.key);
        return undefined;
      }
      const why =
        choice === BLOCK
          ? "the user chose Block"
          : `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`;
      return { block: true, reason: `Blocked by the permission gate: ${why}.` };
    });
  };
}
