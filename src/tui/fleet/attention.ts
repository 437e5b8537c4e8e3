// Which fleet sessions just need the person: one that started waiting on a question, finished a
// run or failed, found by comparing two snapshots. Pure: the caller rings the bell. A session
// seen for the first time says nothing (the list shows it; a view opened onto twenty idle
// sessions must not ring twenty times), and a state that stays does not ring again. A worker's
// death is a failure announced once, when its row turns dead (a tombstone found at start is a
// row seen for the first time: an old death is listed, not announced).
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

/** The transitions from `before` to `rows`, in the order of `rows`. */
export function attentionChanges(before: AttentionMemory | undefined, rows: readonly FleetRow[]): Attention[] {
  if (before === undefined) return [];
  const out: Attention[] = [];
  for (const row of rows) {
    const was = before.get(row.key);
    if (was === undefined) continue;
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
