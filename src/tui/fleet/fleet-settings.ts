// The fleet's settings in $AGENT_TUI_HOME/settings.json: `fleet.hosts` ([{name, command}]; the
// command that reaches the host, `ssh <name>` when left out) and `notifications` (how a session
// that needs the person says so: "osc9" desktop notification (default), "osc777" for terminals
// that want that form, "bell" only, or "off"). A bad entry is skipped with a reason, never fatal.
import type { FleetHostSpec } from "../../bridge/index.js";
import { readTuiSettings, tuiHome } from "../settings/settings-file.js";

export type NotificationStyle = "osc9" | "osc777" | "bell" | "off";

export type FleetSettings = { hosts: FleetHostSpec[]; notifications: NotificationStyle; problems: string[] };

const STYLES: readonly string[] = ["osc9", "osc777", "bell", "off"];

export function decodeFleetSettings(raw: Record<string, unknown>): FleetSettings {
  const problems: string[] = [];
  const fleet = raw["fleet"];
  const list = typeof fleet === "object" && fleet !== null ? (fleet as Record<string, unknown>)["hosts"] : undefined;
  const hosts: FleetHostSpec[] = [];
  for (const h of Array.isArray(list) ? list : []) {
    const r = typeof h === "object" && h !== null ? (h as Record<string, unknown>) : {};
    const name = r["name"];
    if (typeof name !== "string" || name.trim() === "") {
      problems.push("fleet.hosts: an entry without a name was skipped");
      continue;
    }
    const command = r["command"];
    const words =
      Array.isArray(command) && command.every((w) => typeof w === "string") ? (command as string[]) : undefined;
    if (command !== undefined && (!words || words.length === 0))
      problems.push(`fleet.hosts ${name}: command must be a list of words; using ssh ${name}`);
    hosts.push({ name, command: words && words.length > 0 ? words : ["ssh", name] });
  }
  const n = raw["notifications"];
  if (n !== undefined && (typeof n !== "string" || !STYLES.includes(n)))
    problems.push(`notifications: ${JSON.stringify(n)} is not one of ${STYLES.join(", ")}; using osc9`);
  const notifications = typeof n === "string" && STYLES.includes(n) ? (n as NotificationStyle) : "osc9";
  return { hosts, notifications, problems };
}

export function readFleetSettings(env: NodeJS.ProcessEnv): FleetSettings {
  return decodeFleetSettings(readTuiSettings(tuiHome(env)));
}
