// One line of `agent-rpc sessions --json --watch` ({"type":"fleet","version","at","sessions":[…]},
// docs/protocol-notes.md "Fleet") decoded into typed rows. Tolerant as the live-session list is:
// an entry without an id and a pid is skipped, the optional `status` of newer workers fills what
// it can, and an older worker's entry (no status) is still a row. A dead worker's tombstone
// (`state: "dead"`, its last entry in `last`) is a failed row saying so.
import { isRecord, optStr } from "../client-values.js";
import type { FleetDialog, FleetRow, FleetState } from "./fleet-types.js";

export type FleetLine = { version: string | undefined; at: number; rows: FleetRow[] };

type R = Record<string, unknown>;

const finite = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const DIALOG_METHODS: readonly string[] = ["select", "confirm", "input", "editor"];

function decodeDialog(v: unknown): FleetDialog | undefined {
  if (!isRecord(v) || typeof v["id"] !== "string" || !DIALOG_METHODS.includes(String(v["method"]))) return undefined;
  const options = Array.isArray(v["options"]) ? v["options"].filter((o) => typeof o === "string") : undefined;
  const method = v["method"] as FleetDialog["method"];
  const prefill = optStr(v["prefill"]);
  return {
    id: v["id"],
    method,
    title: optStr(v["title"]) ?? "",
    message: optStr(v["message"]),
    options,
    diff: method === "select" ? optStr(v["diff"]) : undefined,
    prefill: method === "editor" ? prefill : undefined,
    // An editor without its text (an older worker, or one too long to publish) would open empty,
    // and its answer would replace the text the session asked about.
    cut: v["cut"] === true || (method === "editor" && prefill === undefined),
  };
}

function decodeTokens(v: unknown): FleetRow["tokens"] {
  if (!isRecord(v)) return undefined;
  const input = finite(v["input"]);
  const output = finite(v["output"]);
  return input === undefined && output === undefined ? undefined : { input: input ?? 0, output: output ?? 0 };
}

/** The row's state: a dialog first, then a run, then how the last run ended. */
function stateOf(entryState: unknown, status: R): FleetState {
  if (entryState === "waiting") return "needs_input";
  if (entryState === "working") return "working";
  if (status["outcome"] === "done") return "done";
  if (status["outcome"] === "failed") return "failed";
  return "idle";
}

function activityOf(status: R): string | undefined {
  const tool = status["tool"];
  if (isRecord(tool) && typeof tool["name"] === "string") {
    const summary = optStr(tool["summary"]);
    return summary !== undefined && summary !== "" ? `${tool["name"]} ${summary}` : tool["name"];
  }
  return optStr(status["lastLine"]);
}

/** One registry entry (LiveEntry, status optional) of host `host`; undefined when it names no worker. */
export function decodeFleetEntry(host: string, e: unknown): FleetRow | undefined {
  if (isRecord(e) && e["state"] === "dead") return decodeDeadEntry(host, e);
  if (!isRecord(e) || typeof e["id"] !== "string" || finite(e["pid"]) === undefined) return undefined;
  const status: R = isRecord(e["status"]) ? e["status"] : {};
  const state = stateOf(e["state"], status);
  const title = optStr(e["title"]);
  const clients = finite(e["clients"]) ?? (e["attached"] === true ? 1 : 0);
  const outcomeAt = finite(status["outcomeAt"]);
  const since = finite(e["since"]) ?? 0;
  return {
    key: `${host}\u0000${e["id"]}`,
    host,
    id: e["id"],
    pid: finite(e["pid"]) ?? 0,
    cwd: optStr(e["cwd"]) ?? "",
    branch: optStr(status["branch"]),
    title: title !== undefined && title.trim() !== "" ? title : optStr(e["sessionName"]),
    state,
    since: (state === "done" || state === "failed") && outcomeAt !== undefined ? outcomeAt : since,
    startedAt: finite(e["startedAt"]) ?? 0,
    activity: activityOf(status),
    dialog: state === "needs_input" ? decodeDialog(status["dialog"]) : undefined,
    tokens: decodeTokens(status["tokens"]),
    cost: finite(status["cost"]),
    attached: e["attached"] === true || clients > 0,
    clients,
    outcomeAt,
    problem: undefined,
    dead: undefined,
  };
}

/** A tombstone `{id, state: "dead", dead: {at, reason}, last: <entry>}`: a failed row, its activity the death. */
function decodeDeadEntry(host: string, e: R): FleetRow | undefined {
  const dead = e["dead"];
  // One level: a tombstone inside a tombstone is not a worker.
  const last = isRecord(e["last"]) && e["last"]["state"] !== "dead" ? decodeFleetEntry(host, e["last"]) : undefined;
  const at = isRecord(dead) ? finite(dead["at"]) : undefined;
  if (!isRecord(dead) || !last || at === undefined || typeof e["id"] !== "string") return undefined;
  const raw = e["last"] as R;
  const reason = optStr(dead["reason"]) ?? "worker died";
  const log = optStr(raw["log"]) ?? "";
  return {
    ...last,
    key: `${host}\u0000${e["id"]}`,
    id: e["id"],
    state: "failed",
    since: at,
    outcomeAt: at,
    activity: `${reason} (pid ${last.pid})${log !== "" ? ` · log ${log}` : ""}`,
    dialog: undefined,
    attached: false,
    clients: 0,
    dead: { at, reason, log, sessionFile: optStr(raw["sessionFile"]) },
  };
}

/** A parsed line; undefined when it is not a fleet line (a host's other output is not ours to read). */
export function decodeFleetLine(host: string, raw: unknown): FleetLine | undefined {
  if (!isRecord(raw) || raw["type"] !== "fleet") return undefined;
  const sessions = Array.isArray(raw["sessions"]) ? raw["sessions"] : [];
  const rows: FleetRow[] = [];
  for (const e of sessions) {
    const row = decodeFleetEntry(host, e);
    if (row) rows.push(row);
  }
  return { version: optStr(raw["version"]), at: finite(raw["at"]) ?? Date.now(), rows };
}

/** The row standing for a host whose sessions cannot be listed. */
export function hostProblemRow(host: string, problem: string, since: number): FleetRow {
  return {
    key: `${host}\u0000`,
    host,
    id: "",
    pid: 0,
    cwd: "",
    branch: undefined,
    title: undefined,
    state: "unreachable",
    since,
    startedAt: 0,
    activity: undefined,
    dialog: undefined,
    tokens: undefined,
    cost: undefined,
    attached: false,
    clients: 0,
    outcomeAt: undefined,
    problem,
    dead: undefined,
  };
}
