// The dead workers in `agent-rpc sessions` (and so in `agent-tui sessions`): a table after the
// live one saying when each died, its folder, session file and log, and how to resume or
// dismiss it; `--stop ID` on a dead one dismisses its tombstone (live-tombstones.ts).
import { visibleLine } from "../../protocol/terminal-text.js";
import { conversationPhrase, removeDeadEntry, type DeadEntry } from "./live-tombstones.js";

/** The table of dead workers ("" when there are none), ages through `age` (ms → "5m"). */
export function deadTable(dead: readonly DeadEntry[], now: number, age: (ms: number) => string): string {
  if (dead.length === 0) return "";
  const rows = dead.map((d) =>
    [
      d.id.slice(0, 13),
      `DEAD ${age(now - d.dead.at)} ago`,
      String(d.last.pid),
      d.last.cwd,
      d.last.title ?? d.last.sessionName ?? "(no messages yet)",
    ].map(visibleLine),
  );
  const head = ["ID", "STATE", "PID", "FOLDER", "TITLE"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const details = dead.map((d) => {
    const file = conversationPhrase(d, (path) => `session ${path}`);
    return visibleLine(`  ${d.id.slice(0, 13)}: ${d.dead.reason}; ${file}; log ${d.last.log}`);
  });
  return [
    "",
    "Dead sessions (their worker is gone; `agent-tui --session FILE` resumes one, `agent-tui sessions stop ID`",
    "dismisses it):",
    line(head),
    ...rows.map(line),
    ...details,
    "",
  ].join("\n");
}

/** `sessions --stop ID` on a dead worker: its tombstone goes; exit 0. */
export function dismissDead(dir: string, d: DeadEntry): number {
  removeDeadEntry(dir, d.id);
  const file = conversationPhrase(d, (path) => `its session file ${path} is kept`);
  process.stdout.write(visibleLine(`Dismissed dead session ${d.id} (${d.dead.reason}, pid ${d.last.pid}); ${file}`));
  process.stdout.write("\n");
  return 0;
}
