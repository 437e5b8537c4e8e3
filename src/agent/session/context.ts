// Pure functions over a session's entries: the active branch (root → leaf), the model
// context built from it (docs/protocol.md §10.3), labels and the tree view (§3.9.7, §10.4).
import type {
  BranchSummaryMessage,
  CompactionSummaryMessage,
  CustomMessage,
  SessionContext,
  SessionEntry,
  SessionMessage,
  SessionTreeNode,
} from "./types.js";

/** Path from the root to `leafId` (inclusive); empty for a null/unknown leaf. */
export function branchPath(byId: ReadonlyMap<string, SessionEntry>, leafId: string | null): SessionEntry[] {
  // No id repeats on a path that is not a cycle, so it is at most byId.size long: walk without
  // a set of seen ids (one allocation per entry) and fall back to one only past that length.
  const path: SessionEntry[] = [];
  let current = leafId === null ? undefined : byId.get(leafId);
  while (current) {
    if (path.length === byId.size) return cyclicBranchPath(byId, leafId);
    path.push(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path.reverse();
}

/** branchPath over a parent chain that loops: it stops before the first entry seen twice. */
function cyclicBranchPath(byId: ReadonlyMap<string, SessionEntry>, leafId: string | null): SessionEntry[] {
  const path: SessionEntry[] = [];
  const seen = new Set<string>();
  let current = leafId === null ? undefined : byId.get(leafId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.push(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path.reverse();
}

function epoch(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/** The message an entry contributes to the model context, if any. */
export function entryToMessage(entry: SessionEntry): SessionMessage | undefined {
  switch (entry.type) {
    case "message":
      return entry.message;
    case "custom_message": {
      const message: CustomMessage = {
        role: "custom",
        customType: entry.customType,
        content: entry.content,
        display: entry.display,
        details: entry.details,
        timestamp: epoch(entry.timestamp),
      };
      return message;
    }
    case "branch_summary": {
      if (!entry.summary) return undefined;
      const message: BranchSummaryMessage = {
        role: "branchSummary",
        summary: entry.summary,
        fromId: entry.fromId,
        timestamp: epoch(entry.timestamp),
      };
      return message;
    }
    case "compaction":
    case "thinking_level_change":
    case "model_change":
    case "custom":
    case "label":
    case "session_info":
      return undefined;
    default: {
      const exhaustive: never = entry;
      return exhaustive;
    }
  }
}

/** The model and thinking level a path leaves in effect, and where its latest compaction is. */
export function contextSettings(
  path: readonly SessionEntry[],
): Pick<SessionContext, "model" | "thinkingLevel"> & { compactionIndex: number } {
  let model: SessionContext["model"];
  let thinkingLevel: string | undefined;
  let compactionIndex = -1;
  path.forEach((entry, index) => {
    if (entry.type === "thinking_level_change") thinkingLevel = entry.thinkingLevel;
    else if (entry.type === "model_change") model = { provider: entry.provider, modelId: entry.modelId };
    else if (entry.type === "message" && entry.message.role === "assistant") {
      model = { provider: entry.message.provider, modelId: entry.message.model };
    } else if (entry.type === "compaction") compactionIndex = index;
  });
  return { model, thinkingLevel, compactionIndex };
}

export function buildContextFromPath(path: readonly SessionEntry[]): SessionContext {
  const { model, thinkingLevel, compactionIndex } = contextSettings(path);
  const messages: SessionMessage[] = [];
  const push = (entry: SessionEntry): void => {
    const message = entryToMessage(entry);
    if (message) messages.push(message);
  };
  const compaction = compactionIndex >= 0 ? path[compactionIndex] : undefined;
  if (compaction && compaction.type === "compaction") {
    const summary: CompactionSummaryMessage = {
      role: "compactionSummary",
      summary: compaction.summary,
      tokensBefore: compaction.tokensBefore,
      timestamp: epoch(compaction.timestamp),
    };
    messages.push(summary);
    let kept = false;
    for (let i = 0; i < compactionIndex; i++) {
      const entry = path[i];
      if (!entry) continue;
      if (entry.id === compaction.firstKeptEntryId) kept = true;
      if (kept) push(entry);
    }
    for (let i = compactionIndex + 1; i < path.length; i++) {
      const entry = path[i];
      if (entry) push(entry);
    }
  } else {
    for (const entry of path) push(entry);
  }
  return { messages, model, thinkingLevel };
}

export type ResolvedLabel = { label: string; timestamp: string };

/** Effective labels: the latest label entry per target wins; an empty label clears it. */
export function resolveLabels(entries: readonly SessionEntry[]): Map<string, ResolvedLabel> {
  const labels = new Map<string, ResolvedLabel>();
  for (const entry of entries) {
    if (entry.type !== "label") continue;
    if (entry.label) labels.set(entry.targetId, { label: entry.label, timestamp: entry.timestamp });
    else labels.delete(entry.targetId);
  }
  return labels;
}

export function buildTree(entries: readonly SessionEntry[]): SessionTreeNode[] {
  const labels = resolveLabels(entries);
  const nodes = new Map<string, SessionTreeNode>();
  for (const entry of entries) {
    const node: SessionTreeNode = { entry, children: [] };
    const label = labels.get(entry.id);
    if (label) {
      node.label = label.label;
      node.labelTimestamp = label.timestamp;
    }
    nodes.set(entry.id, node);
  }
  const roots: SessionTreeNode[] = [];
  for (const entry of entries) {
    const node = nodes.get(entry.id);
    if (!node) continue;
    const parent = entry.parentId === null ? undefined : nodes.get(entry.parentId);
    // Entries whose parent is missing (broken chain) are shown as extra roots.
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Concatenated text blocks of a user message's content. */
export function userMessageText(message: SessionMessage): string {
  if (message.role !== "user") return "";
  const content = message.content;
  if (typeof content === "string") return content;
  return content
    .filter((block): block is { type: "text"; text: string } => block.type === "text")
    .map((block) => block.text)
    .join("");
}
