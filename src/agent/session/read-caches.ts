// Memoized reads over a session's entries. Entries are only ever appended to the same array and
// map (a load, a new session or a fork replaces them), so a reading stays good while the
// container is the same and has not grown; SessionManager asks these instead of walking again.
import { branchPath } from "./context.js";
import type { SessionEntry } from "./types.js";

/**
 * The last branch walked, for the entries it was walked over (byId and its size): opening a
 * session asks for the same branch several times (context, model, todos, stats).
 */
export class BranchCache {
  private last:
    | { byId: ReadonlyMap<string, SessionEntry>; size: number; leafId: string | null; path: readonly SessionEntry[] }
    | undefined;

  /** Entries from the root to `leafId`, a fresh array each call (callers may change it). */
  branch(byId: ReadonlyMap<string, SessionEntry>, leafId: string | null): SessionEntry[] {
    const last = this.last;
    if (last && last.byId === byId && last.size === byId.size && last.leafId === leafId) return last.path.slice();
    const path = branchPath(byId, leafId);
    this.last = { byId, size: byId.size, leafId, path };
    return path.slice();
  }
}

/**
 * The session name (the last session_info entry's), read incrementally: every command asks
 * (get_state, the live registry), and a long session has tens of thousands of entries.
 */
export class NameCache {
  private entries: readonly SessionEntry[] = [];
  private read = 0;
  private name: string | undefined;

  nameIn(entries: readonly SessionEntry[]): string | undefined {
    if (entries !== this.entries) {
      this.entries = entries;
      this.read = 0;
      this.name = undefined;
    }
    for (; this.read < entries.length; this.read += 1) {
      const entry = entries[this.read];
      if (entry?.type === "session_info") this.name = entry.name?.trim() || undefined;
    }
    return this.name;
  }
}
