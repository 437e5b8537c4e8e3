// The session picker (-r, /resume) with live workers first: a session file a live worker holds
// is marked (working / waiting for a dialog / idle since …) and choosing it reattaches to that
// worker instead of opening the file a second time; live sessions without a file are listed too.
import type { PickerItem } from "../state/picker-state.js";
import { describeLiveState, type LiveSession } from "./live-sessions.js";

/** What the picker needs to offer live sessions. */
export type LiveResume = {
  list(): Promise<LiveSession[]>;
  /** Reattach this TUI to `session` (its worker stays the one that runs it). */
  attach(session: LiveSession): Promise<void>;
};

const LIVE_PREFIX = "live:";

/**
 * Items with live sessions first and marked; `liveOf(item)` says which worker an item is.
 * `threadOf(id)` names the thread an item belongs to (forks nested under their session): a
 * thread with a live session moves first whole, so its nesting stays intact.
 */
export function withLiveSessions(
  items: readonly PickerItem[],
  live: readonly LiveSession[],
  now: number,
  threadOf: (id: string) => string = (id) => id,
): { items: PickerItem[]; liveOf(id: string): LiveSession | undefined } {
  const byFile = new Map(live.filter((s) => s.sessionFile !== undefined).map((s) => [s.sessionFile as string, s]));
  const mark = (s: LiveSession): string => `● ${describeLiveState(s, now)}`;
  const liveThreads = new Set(items.filter((item) => byFile.has(item.id)).map((item) => threadOf(item.id)));
  const held: PickerItem[] = [];
  const rest: PickerItem[] = [];
  for (const item of items) {
    const s = byFile.get(item.id);
    const marked = s ? { ...item, detail: `${mark(s)} · ${item.detail ?? ""}` } : item;
    (liveThreads.has(threadOf(item.id)) ? held : rest).push(marked);
  }
  const listed = new Set(items.map((i) => i.id));
  const fileless = live
    .filter((s) => s.sessionFile === undefined || !listed.has(s.sessionFile))
    .map((s) => ({
      id: `${LIVE_PREFIX}${s.id}`,
      label: s.title ?? "(no messages yet)",
      detail: `${mark(s)} · ${s.cwd}`,
      search: s.id,
    }));
  const byId = new Map(live.map((s) => [s.id, s]));
  return {
    items: [...held, ...fileless, ...rest],
    liveOf: (id) => (id.startsWith(LIVE_PREFIX) ? byId.get(id.slice(LIVE_PREFIX.length)) : byFile.get(id)),
  };
}
