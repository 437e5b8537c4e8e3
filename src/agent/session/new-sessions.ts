// How a new session is made, empty or from an old one: its header, the entries a fork or clone
// copies (the branch, with its labels re-created after it, as pi does), and the fork points.
import { resolveLabels, userMessageText } from "./context.js";
import { createEntryId, createSessionId } from "./ids.js";
import { CURRENT_SESSION_VERSION, type LabelEntry, type SessionEntry, type SessionHeader } from "./types.js";

/** Entries that do not by themselves justify creating a file (pi creates files lazily). */
export function materializes(entry: SessionEntry): boolean {
  return entry.type !== "model_change" && entry.type !== "thinking_level_change";
}

export function newSessionHeader(cwd: string, parentSession: string | undefined): SessionHeader {
  const header: SessionHeader = {
    type: "session",
    version: CURRENT_SESSION_VERSION,
    id: createSessionId(),
    timestamp: new Date().toISOString(),
    cwd,
  };
  if (parentSession !== undefined) header.parentSession = parentSession;
  return header;
}

/**
 * The entries of a session copied from `path` (a branch of `all`, labels left out): the path,
 * then a label entry for each copied entry that had one.
 */
export function copiedBranch(
  all: readonly SessionEntry[],
  path: readonly SessionEntry[],
): { entries: SessionEntry[]; byId: Map<string, SessionEntry>; leafId: string | null } {
  const labels = resolveLabels(all);
  const entries = [...path];
  const byId = new Map(entries.map((entry) => [entry.id, entry] as const));
  let leafId = entries.at(-1)?.id ?? null;
  const pathIds = new Set(path.map((entry) => entry.id));
  for (const [targetId, resolved] of labels) {
    if (!pathIds.has(targetId)) continue;
    const label: LabelEntry = {
      type: "label",
      id: createEntryId(byId),
      parentId: leafId,
      timestamp: resolved.timestamp,
      targetId,
      label: resolved.label,
    };
    entries.push(label);
    byId.set(label.id, label);
    leafId = label.id;
  }
  return { entries, byId, leafId };
}

/** User messages with text, every branch, append order (pi 0.73.1 behaviour). */
export function forkPoints(entries: readonly SessionEntry[]): { entryId: string; text: string }[] {
  const result: { entryId: string; text: string }[] = [];
  for (const entry of entries) {
    if (entry.type !== "message" || entry.message.role !== "user") continue;
    const text = userMessageText(entry.message);
    if (text) result.push({ entryId: entry.id, text });
  }
  return result;
}
