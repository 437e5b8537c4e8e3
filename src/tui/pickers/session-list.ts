// The sessions of this directory for /resume and --resume: reads the worker's session files
// (pi's v3 JSONL: header line, then entries) and summarises each one: name, first message,
// date, message count. Works for agent-rpc and pi alike; the directory comes from the worker.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { isRecord } from "../../bridge/index.js";
import { decodeSessionEntryLine, decodeSessionHeader } from "./session-file-line.js";
import type { PickerItem } from "../state/picker-state.js";
import type { SessionSummary } from "./session-summary.js";
import { threadSessions } from "./session-threads.js";
import { oneLine } from "../render/preview.js";

export type { SessionSummary };

/** Files bigger than this are summarised from their first part only (keeps /resume fast). */
const MAX_READ_BYTES = 4 * 1024 * 1024;

/** Summarise one session file's text; undefined when it is not a session file. */
export function summariseSession(path: string, text: string, modified: number): SessionSummary | undefined {
  const lines = text.split("\n");
  const header = decodeSessionHeader(lines[0] ?? "");
  if (!header) return undefined;
  let name: string | undefined;
  let firstMessage = "";
  let messageCount = 0;
  const parentSession = header.parentSession ? resolve(dirname(path), header.parentSession) : undefined;
  // A fork copies its parent's branch with the entries' own times: those before its header's are copied.
  const forkedAt = parentSession !== undefined ? Date.parse(header.timestamp) : Number.NaN;
  let copied = 0;
  let firstNewPrompt: string | undefined;
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const entry = decodeSessionEntryLine(line);
    if (entry?.kind === "name") name = entry.name || undefined;
    if (entry?.kind !== "message") continue;
    const counted = entry.role === "user" || entry.role === "assistant";
    if (counted) messageCount += 1;
    const prompt = oneLine(entry.text);
    if (entry.role === "user" && firstMessage === "") firstMessage = prompt;
    if (Date.parse(entry.timestamp) <= forkedAt) {
      if (counted) copied += 1;
    } else if (firstNewPrompt === undefined && prompt !== "") firstNewPrompt = prompt;
  }
  const fork = Number.isNaN(forkedAt) ? undefined : { at: forkedAt, copied, firstNewPrompt };
  return { path, id: header.id, name, firstMessage, modified, messageCount, cwd: header.cwd, parentSession, fork };
}

/**
 * Sessions in `dir`, most recently modified first. A missing directory has none. `.jsonl`
 * entries that are not readable session files are passed to `onSkip`, so the picker can say so.
 */
export function listSessions(dir: string, onSkip?: (path: string) => void): SessionSummary[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
  } catch (error) {
    if (isRecord(error) && error["code"] === "ENOENT") return [];
    throw error;
  }
  const out: SessionSummary[] = [];
  for (const n of names) {
    const path = join(dir, n);
    try {
      const st = statSync(path);
      const text = readFileSync(path, "utf8");
      const s = summariseSession(path, st.size > MAX_READ_BYTES ? text.slice(0, MAX_READ_BYTES) : text, st.mtimeMs);
      if (s) out.push(s);
      else onSkip?.(path);
    } catch (error) {
      // A directory, an unreadable file or a symlink loop is not offered, but it is reported.
      if (!(isRecord(error) && error["code"] === "ENOENT")) onSkip?.(path);
    }
  }
  return out.sort((a, b) => b.modified - a.modified);
}

/** The bundled agent's default directory: `$AGENT_TUI_HOME/sessions/--<cwd slug>--` (pi's slug). */
export function defaultSessionDir(env: NodeJS.ProcessEnv, cwd: string): string {
  const home =
    env["AGENT_TUI_HOME"] && env["AGENT_TUI_HOME"] !== "" ? env["AGENT_TUI_HOME"] : join(homedir(), ".agent-tui");
  const slug = `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
  return join(home, "sessions", slug);
}

/** Where this worker keeps sessions: next to its current session file when it has one. */
export function sessionDirFor(sessionFile: string | undefined, fallback: string | undefined): string | undefined {
  return sessionFile ? dirname(sessionFile) : fallback;
}

/** `2026-12-07 06:12`, with `:31` seconds when asked (forks made a minute apart differ there). */
export function formatDate(ms: number, seconds = false): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, "0");
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ""}`;
}

/** A derived copy name ("<name> (fork)", session-names.ts) says nothing once nested under its parent. */
const COPY_NAME = / \((fork|clone)\)$/;

/**
 * The picker's rows: forks and clones nested under the session they came from (as pi does), each
 * labelled by what it has of its own (its name, else its first prompt after the branch point) and
 * detailed by where it branched and when, so copies of one conversation do not read the same.
 */
export function sessionItems(sessions: readonly SessionSummary[], currentFile: string | undefined): PickerItem[] {
  return threadSessions(sessions).map(({ session: s, depth, connector, nested }) => {
    const own = s.name && !COPY_NAME.test(s.name) ? s.name : undefined;
    const forkLabel = own ?? s.fork?.firstNewPrompt ?? s.name ?? "(nothing new yet)";
    const plain = s.name ? `${s.name} — ${s.firstMessage || "(no messages)"}` : s.firstMessage || "(no messages)";
    const branch = s.fork ? `⑂ after msg ${s.fork.copied} · ` : "";
    return {
      id: s.path,
      label: `${connector}${nested ? forkLabel : plain}`,
      depth,
      detail: `${branch}${formatDate(s.modified, nested)} · ${s.messageCount} msg`,
      search: `${s.name ?? ""} ${s.firstMessage} ${s.id}`,
      current: s.path === currentFile,
    };
  });
}
