// A host's new rows against its last ones: a row whose fields are all the same is the same object
// as before, and a list where every row is the same is the list before. A remote host's
// heartbeat (every 5 s) and a rewrite of an entry that changed nothing the list shows bring no
// new snapshot, and the view redraws only the rows whose object changed (tui/fleet).
import type { FleetRow } from "./fleet-types.js";

/** Deep equality of decoded row values: strings, numbers, booleans, undefined, arrays, plain objects. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => same(v, b[i]));
  }
  const ka = Object.keys(a);
  const rb = b as Record<string, unknown>;
  if (ka.length !== Object.keys(rb).length) return false;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => same(ra[k], rb[k]));
}

/** `after` with every row equal to the row of the same key in `before` replaced by that row; `before` when all are. */
export function keepSameRows(before: readonly FleetRow[], after: FleetRow[]): readonly FleetRow[] {
  const old = new Map(before.map((r) => [r.key, r]));
  let changed = before.length !== after.length;
  const rows = after.map((row, i) => {
    const was = old.get(row.key);
    const kept = was !== undefined && same(was, row) ? was : row;
    if (kept !== before[i]) changed = true;
    return kept;
  });
  return changed ? rows : before;
}
