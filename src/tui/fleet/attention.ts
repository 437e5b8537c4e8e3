// Which fleet sessions just need the person: one that started waiting on a question, finished a
// run or failed, found by comparing two snapshots. Pure: the caller rings the bell. A session
// seen for the first time says nothing when that happened before the person started watching
// (the list shows it; a view opened onto twenty idle sessions must not ring twenty times), and a
// state that stays does not ring again. A worker's death is a failure announced once, when its
// row turns dead (a tombstone found at start is a row seen for the first time: an old death is
// listed, not announced). A session of this machine seen first whose question or outcome came
// after the watching began is announced: the fleet's first snapshot comes a moment after the
// TUI starts, and a new session may ask its first question before any snapshot lists it.
import type { FleetRow } from "../../bridge/index.js";

export type AttentionKind = "waiting" | "done" | "failed";

export type Attention = { kind: AttentionKind; row: FleetRow };

/** What each session was last: its state and, for an outcome, when it happened. */
export type AttentionMemory = ReadonlyMap<
  string,
  { state: FleetRow["state"]; outcomeAt: number | undefined; dead: boolean }
>;

export function rememberRows(rows: readonly FleetRow[]): AttentionMemory {
  return new Map(rows.map((r) => [r.key, { state: r.state, outcomeAt: r.outcomeAt, dead: r.dead !== undefined }]));
}

/**
 * What a session seen for the first time did since `watchingSince` (ms since the epoch), by its
 * own timestamps. Only for this machine's sessions: another host's times are on its own clock.
 */
function sinceWatching(row: FleetRow, watchingSince: number): Attention | undefined {
  // A tombstone's time is when a lister noticed the death, maybe long after it: never news.
  if (row.host !== "" || row.dead !== undefined) return undefined;
  if (row.state === "needs_input") return row.since >= watchingSince ? { kind: "waiting", row } : undefined;
  if (row.state === "done" || row.state === "failed")
    return row.outcomeAt !== undefined && row.outcomeAt >= watchingSince ? { kind: row.state, row } : undefined;
  return undefined;
}

/**
 * The transitions from `before` to `rows`, in the order of `rows`. `watchingSince`: when the
 * person started watching; without it a session seen for the first time never says anything.
 */
export function attentionChanges(
  before: AttentionMemory | undefined,
  rows: readonly FleetRow[],
  watchingSince?: number,
): Attention[] {
  if (before === undefined && watchingSince === undefined) return [];
  const out: Attention[] = [];
  for (const row of rows) {
    const was = before?.get(row.key);
    if (was === undefined) {
      const news = watchingSince === undefined ? undefined : sinceWatching(row, watchingSince);
      if (news !== undefined) out.push(news);
      continue;
    }
    // Dead once: its tombstone's time may be rewritten (a later worker of the same id), not its death.
    if (row.dead !== undefined) {
      if (!was.dead) out.push({ kind: "failed", row });
    } else if (row.state === "needs_input" && was.state !== "needs_input") out.push({ kind: "waiting", row });
    else if (
      (row.state === "done" || row.state === "failed") &&
      (row.outcomeAt !== was.outcomeAt || row.state !== was.state)
    )
      out.push({ kind: row.state, row });
  }
  return out;
}

/** The one-line notice for a transition (foreign text: the caller sanitises it). */
export function attentionText(a: Attention): string {
  const where = a.row.host === "" ? "" : `${a.row.host}: `;
  const name = a.row.title ?? a.row.cwd;
  switch (a.kind) {
    case "waiting":
      return `${where}${name} needs you: ${a.row.dialog?.title ?? "a question waits"}`;
    case "done":
      return `${where}${name} finished`;
    case "failed":
      return `${where}${name} failed${a.row.activity !== undefined ? `: ${a.row.activity}` : ""}`;
    default: {
      const never: never = a.kind;
      return never;
    }
  }
}
