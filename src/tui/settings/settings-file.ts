// agent-tui's own settings in $AGENT_TUI_HOME/settings.json (default ~/.agent-tui), the file the
// bundled agent reads too: read once at start, and one key saved at a time by reading the file
// again, changing that key and replacing the file atomically, so no other key is lost.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { isRecord } from "../../bridge/index.js";

export function tuiHome(env: NodeJS.ProcessEnv): string {
  const home = env["AGENT_TUI_HOME"];
  return home && home !== "" ? home : join(homedir(), ".agent-tui");
}

/** The settings object, or {} when the file is missing or not a JSON object. */
export function readTuiSettings(home: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(home, "settings.json"), "utf8"));
    return isRecord(parsed) ? parsed : {};
  } catch (error) {
    void error; // no file (or a broken one) means defaults; saving refuses to overwrite a broken one
    return {};
  }
}

/** Save one top-level key; throws (with the reason) rather than replace a file it cannot parse. */
export function saveTuiSetting(home: string, key: string, value: unknown): void {
  const path = join(home, "settings.json");
  mkdirSync(home, { recursive: true, mode: 0o700 });
  let current: Record<string, unknown> = {};
  if (existsSync(path)) {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (!isRecord(parsed)) throw new Error(`${path} does not hold a JSON object`);
    current = parsed;
  }
  current[key] = value;
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(current, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, path);
}
