// The environment tool processes (bash tool, user `!cmd`, extension exec) get: the worker's
// environment without credentials, as Codex CLI's shell environment policy does by default.
// settings.json `shellEnvironment: {passthrough, exclude}` adjusts it (docs/protocol-notes.md).
import { isCredentialEnvName } from "./credential-names.js";

export interface ShellEnvironmentPolicy {
  /** Names (or `*` globs) of credentials that tools may see anyway. */
  passthrough: string[];
  /** Further names (or `*` globs) removed from tool environments. */
  exclude: string[];
}

export const DEFAULT_SHELL_ENVIRONMENT_POLICY: ShellEnvironmentPolicy = { passthrough: [], exclude: [] };

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string" && item !== "") : [];
}

/** Decode settings.json's `shellEnvironment` (anything malformed means the default). */
export function decodeShellEnvironmentPolicy(raw: unknown): ShellEnvironmentPolicy {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { passthrough: [], exclude: [] };
  const record = raw as Record<string, unknown>;
  return { passthrough: stringList(record["passthrough"]), exclude: stringList(record["exclude"]) };
}

function globMatcher(patterns: readonly string[]): (name: string) => boolean {
  if (patterns.length === 0) return () => false;
  const source = patterns
    .map((p) =>
      p
        .split("*")
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*"),
    )
    .join("|");
  const re = new RegExp(`^(?:${source})$`);
  return (name) => re.test(name);
}

export interface ToolEnvironmentInput {
  env: NodeJS.ProcessEnv;
  policy: ShellEnvironmentPolicy;
  /** Variables models.json reads credentials from. */
  configuredNames?: ReadonlySet<string>;
  /** Credential values: a variable holding one under another name is removed too. */
  secretValues?: readonly string[];
}

/** A copy of `env` without credentials (names, configured names, known values), per the policy. */
export function buildToolEnvironment(input: ToolEnvironmentInput): NodeJS.ProcessEnv {
  const keep = globMatcher(input.policy.passthrough);
  const drop = globMatcher(input.policy.exclude);
  const values = new Set(input.secretValues ?? []);
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(input.env)) {
    if (value === undefined || drop(name)) continue;
    const credential = isCredentialEnvName(name) || input.configuredNames?.has(name) === true || values.has(value);
    if (credential && !keep(name)) continue;
    out[name] = value;
  }
  return out;
}
