// A live worker's registry entry (docs/protocol-notes.md, "Live sessions"): its type and its
// decoder, tolerant of older and newer workers (unknown fields are dropped, unknown states skipped).
import { isObject } from "../../protocol/decode/result.js";
import { decodeLiveStatus, type LiveStatus } from "./live-status.js";

export type LiveState = "working" | "waiting" | "idle";

/** One live worker as the registry describes it (docs/protocol-notes.md, "Live sessions"). */
export interface LiveEntry {
  id: string;
  pid: number;
  cwd: string;
  socket: string;
  log: string;
  version: string;
  startedAt: number;
  sessionId: string;
  sessionFile?: string;
  sessionName?: string;
  /** The session's name, else its first prompt (live-title.ts): what the session list shows for it. */
  title?: string;
  /** working: a run is going; waiting: an extension dialog waits for an answer; idle. */
  state: LiveState;
  /** When the state began (ms since epoch). */
  since: number;
  attached: boolean;
  /** When a client last attached or detached. */
  attachedChanged: number;
  /** What it is doing (live-status.ts); absent in entries of older workers. */
  status?: LiveStatus;
  /** Clients connected: the controlling one and the watchers. */
  clients?: number;
}

const STATES: readonly string[] = ["working", "waiting", "idle"];

export function decodeLiveEntry(raw: unknown): LiveEntry | undefined {
  if (!isObject(raw)) return undefined;
  const s = (k: string): string | undefined => (typeof raw[k] === "string" ? (raw[k] as string) : undefined);
  const n = (k: string): number | undefined =>
    typeof raw[k] === "number" && Number.isFinite(raw[k]) ? (raw[k] as number) : undefined;
  const id = s("id");
  const pid = n("pid");
  const cwd = s("cwd");
  const socket = s("socket");
  const state = s("state");
  if (
    id === undefined ||
    pid === undefined ||
    cwd === undefined ||
    socket === undefined ||
    state === undefined ||
    !STATES.includes(state)
  )
    return undefined;
  const entry: LiveEntry = {
    id,
    pid,
    cwd,
    socket,
    log: s("log") ?? "",
    version: s("version") ?? "",
    startedAt: n("startedAt") ?? 0,
    sessionId: s("sessionId") ?? id,
    state: state as LiveState,
    since: n("since") ?? 0,
    attached: raw["attached"] === true,
    attachedChanged: n("attachedChanged") ?? 0,
  };
  const file = s("sessionFile");
  if (file !== undefined) entry.sessionFile = file;
  const name = s("sessionName");
  if (name !== undefined) entry.sessionName = name;
  const title = s("title");
  if (title !== undefined) entry.title = title;
  const status = decodeLiveStatus(raw["status"]);
  if (status !== undefined) entry.status = status;
  const clients = n("clients");
  if (clients !== undefined) entry.clients = clients;
  return entry;
}
