// Path resolution for the tools: `~` expansion, a leading `@` (models copy it from
// @-mentions), odd Unicode spaces, and resolution against the session's working directory.

import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/** Expands `~` / `~/…` to the home directory and drops an `@` mention prefix. */
export function expandPath(input: string): string {
  const withoutAt = input.startsWith("@") ? input.slice(1) : input;
  // Models sometimes emit non-breaking spaces in paths they copied from rendered text.
  const normalized = withoutAt.replace(UNICODE_SPACES, " ");
  if (normalized === "~") return homedir();
  if (normalized.startsWith("~/")) return homedir() + normalized.slice(1);
  return normalized;
}

/** Absolute path for a tool argument: absolute paths stay, relative ones resolve against cwd. */
export function resolveToCwd(input: string, cwd: string): string {
  const expanded = expandPath(input);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(cwd, expanded);
}

/** Node's error code (ENOENT, EACCES, …) when the value is a system error. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code: unknown = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/** A message for an unknown thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
