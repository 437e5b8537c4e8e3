// agent-tui's live-session settings from $AGENT_TUI_HOME/settings.json (the file the bundled
// agent reads too): `liveSessions.enabled` (false = the worker dies with the TUI, as
// --no-detach; AGENT_TUI_LIVE_SESSIONS=0/1 overrides it) and `liveSessions.reconnectDelaysMs`
// (the backoff after a dropped link).
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export type LiveSettings = { enabled: boolean; reconnectDelaysMs: number[] | undefined };

export function readLiveSettings(env: NodeJS.ProcessEnv): LiveSettings {
  const home =
    env["AGENT_TUI_HOME"] && env["AGENT_TUI_HOME"] !== "" ? env["AGENT_TUI_HOME"] : join(homedir(), ".agent-tui");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(home, "settings.json"), "utf8"));
  } catch (error) {
    // No settings file (or an unreadable one, which the agent reports): the defaults apply.
    void error;
    return { enabled: enabledBy(env, true), reconnectDelaysMs: undefined };
  }
  const live = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>)["liveSessions"] : undefined;
  const r = typeof live === "object" && live !== null ? (live as Record<string, unknown>) : {};
  const delays = r["reconnectDelaysMs"];
  const valid = Array.isArray(delays) && delays.length > 0 && delays.every((d) => typeof d === "number" && d >= 0);
  return {
    enabled: enabledBy(env, r["enabled"] !== false),
    reconnectDelaysMs: valid ? (delays as number[]) : undefined,
  };
}

function enabledBy(env: NodeJS.ProcessEnv, setting: boolean): boolean {
  const v = env["AGENT_TUI_LIVE_SESSIONS"];
  return v === "0" ? false : v === "1" ? true : setting;
}
