// `agent-rpc sessions [--json] [--stop ID]`: the live workers of this user (state, folder,
// age, pid, whether a client is attached) and the dead ones (live-tombstones.ts), stopping one
// (SIGTERM: it finishes like a closed stdin, flushing its session file; SIGKILL only if it does
// not exit within 5 s), and dismissing a dead one.
import { terminalSafeJson, visibleLine, visibleText } from "../../protocol/terminal-text.js";
import { agentHome } from "../config.js";
import { packageVersion } from "../package-version.js";
import { liveDir } from "./live-paths.js";
import { watchSessions } from "./sessions-watch.js";
import { findLiveEntry, isProcessAlive, readRegistry, removeLiveEntry, type LiveEntry } from "./live-registry.js";
import { deadTable, dismissDead } from "./sessions-dead.js";
import { findDeadEntry, removeDeadEntry } from "./live-tombstones.js";

const STOP_WAIT_MS = 5000;

export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}`;
  return `${Math.floor(s / 86_400)}d`;
}

export function describeState(e: LiveEntry, now: number): string {
  if (e.state === "working") return "working";
  if (e.state === "waiting") return "waiting for a dialog";
  return `idle ${formatAge(now - e.since)}`;
}

export function formatTable(entries: readonly LiveEntry[], now: number): string {
  if (entries.length === 0) return "No live sessions.\n";
  // Folders, names and titles are anyone's text (a folder named ESC]52;… writes the clipboard):
  // every cell becomes one visible line before the table measures and pads it.
  const rows = entries.map((e) =>
    [
      e.id.slice(0, 13),
      describeState(e, now),
      e.attached ? "attached" : "detached",
      formatAge(now - e.startedAt),
      String(e.pid),
      e.cwd,
      e.title ?? e.sessionName ?? "(no messages yet)",
    ].map(visibleLine),
  );
  const head = ["ID", "STATE", "CLIENT", "AGE", "PID", "FOLDER", "TITLE"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[line(head), ...rows.map(line)].join("\n")}\n`;
}

async function stop(dir: string, entry: LiveEntry): Promise<boolean> {
  const gone = async (): Promise<boolean> => {
    const deadline = Date.now() + STOP_WAIT_MS;
    while (Date.now() < deadline) {
      if (!isProcessAlive(entry.pid)) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return !isProcessAlive(entry.pid);
  };
  process.kill(entry.pid, "SIGTERM");
  if (await gone()) return true;
  process.kill(entry.pid, "SIGKILL");
  const killed = await gone();
  if (killed) {
    removeLiveEntry(dir, entry);
    // A watcher may have listed it dead meanwhile: it was stopped, not lost.
    removeDeadEntry(dir, entry.id);
  }
  return killed;
}

export const SESSIONS_HELP = `Usage: agent-rpc sessions [--json [--watch]] [--stop ID]
  Lists the live workers of this user (ID, state, client, age, pid, folder, title), then the
  dead ones (their worker died: resume with agent-tui --session FILE);
  --stop ID ends the one whose ID starts with ID (or dismisses a dead one); --json prints the list as JSON;
  --json --watch prints it again as a JSON line on every change and every 5 s, until stdin closes.
`;

/** What `agent-rpc sessions` was asked, or what was wrong with its words (said as agent-rpc's other misuses are). */
export type SessionsArgs = { json: boolean; watch?: true; stop?: string; help?: true } | { error: string };

export function parseSessionsArgs(argv: readonly string[]): SessionsArgs {
  let json = false;
  let stop: string | undefined;
  let watch = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "-h" || a === "--help") return { json, help: true };
    if (a === "--json") json = true;
    else if (a === "--watch") watch = true;
    else if (a === "--stop") {
      stop = argv[++i];
      if (stop === undefined || stop.startsWith("-")) return { error: "Option --stop needs the ID of a live session" };
    } else if (a.startsWith("-")) return { error: `Unknown option: ${a}` };
    else return { error: `Unexpected argument: ${a}` };
  }
  if (watch && (!json || stop !== undefined)) return { error: "Option --watch needs --json (and no --stop)" };
  if (watch) return { json, watch };
  return stop === undefined ? { json } : { json, stop };
}

export async function runSessions(argv: readonly string[]): Promise<number> {
  const args = parseSessionsArgs(argv);
  if ("error" in args) {
    // One line, as `agent-rpc --bogus` and `agent-rpc attach --bogus` say it; the help has the usage.
    process.stderr.write(`agent-rpc sessions: ${visibleLine(args.error)} (see agent-rpc sessions --help)\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(SESSIONS_HELP);
    return 0;
  }
  const { json } = args;
  const dir = liveDir(agentHome());
  if (args.watch) {
    const version = packageVersion();
    return watchSessions({ dir, version, out: process.stdout, input: process.stdin });
  }
  const { live: entries, dead } = readRegistry(dir);
  if (args.stop !== undefined) {
    const query = args.stop;
    const entry = findLiveEntry(entries, query);
    const deadEntry = entry ? undefined : findDeadEntry(dead, query);
    if (deadEntry) return dismissDead(dir, deadEntry);
    if (!entry) {
      process.stderr.write(`agent-rpc sessions: no live session matches ${visibleLine(query)}\n`);
      return 4;
    }
    const ok = await stop(dir, entry);
    const id = visibleLine(entry.id);
    process.stdout.write(ok ? `Stopped ${id} (pid ${entry.pid})\n` : `Could not stop ${id} (pid ${entry.pid})\n`);
    return ok ? 0 : 1;
  }
  // The print boundary: JSON keeps every character (as \u escapes), the table shows them.
  // Dead entries come after the live ones, shaped so that older readers skip them (no pid).
  const now = Date.now();
  const table = formatTable(entries, now) + deadTable(dead, now, formatAge);
  process.stdout.write(json ? `${terminalSafeJson([...entries, ...dead])}\n` : visibleText(table));
  return 0;
}
