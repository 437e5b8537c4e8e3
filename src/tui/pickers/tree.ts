// The /tree navigator's pure part: flatten get_tree's nodes into picker rows (depth, fold
// marks, one line per entry), fold/unfold, search over every node, and where Enter jumps.
import { isRecord, str } from "../state/wire.js";
import type { PickerItem, PickerState } from "./picker-state.js";
import { reducePicker } from "./picker-state.js";

export type TreeNode = { id: string; kind: string; role: string | undefined; text: string; label: string | undefined; children: TreeNode[] };

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((b) => (isRecord(b) ? (b["type"] === "text" ? str(b["text"]) : b["type"] === "toolCall" ? `[${str(b["name"])}]` : "") : ""))
    .join(" ");
}

/** Decode get_tree nodes (unknown) into TreeNodes; malformed nodes are skipped. */
export function decodeTree(raw: unknown): TreeNode[] {
  if (!Array.isArray(raw)) return [];
  const out: TreeNode[] = [];
  for (const n of raw) {
    if (!isRecord(n) || !isRecord(n["entry"])) continue;
    const e = n["entry"];
    const kind = str(e["type"]);
    const m = isRecord(e["message"]) ? e["message"] : undefined;
    const role = m ? str(m["role"]) : undefined;
    let text: string;
    if (m && role === "toolResult") text = `${str(m["toolName"], "tool")} result`;
    else if (m && role === "bashExecution") text = `!${str(m["command"])}`;
    else if (m) text = contentText(m["content"]);
    else if (kind === "model_change") text = `model → ${str(e["provider"])}/${str(e["modelId"])}`;
    else if (kind === "thinking_level_change") text = `thinking → ${str(e["thinkingLevel"])}`;
    else if (kind === "session_info") text = `name → ${str(e["name"])}`;
    else if (kind === "compaction" || kind === "branch_summary") text = str(e["summary"]);
    else text = kind;
    out.push({ id: str(e["id"]), kind, role, text: text.replace(/\s+/g, " ").trim(), label: typeof n["label"] === "string" ? n["label"] : undefined, children: decodeTree(n["children"]) });
  }
  return out;
}

/** Entries that clutter the tree without being places to go. */
function hidden(n: TreeNode): boolean {
  return n.kind === "label" || n.kind === "custom";
}

/** Rows of the tree; children of a folded node are left out unless `all` (search). */
export function treeItems(roots: readonly TreeNode[], folded: ReadonlySet<string>, leafId: string | null, all = false): PickerItem[] {
  const items: PickerItem[] = [];
  const walk = (nodes: readonly TreeNode[], depth: number): void => {
    // A chain of single children stays at one depth (it is one conversation), as in pi.
    for (const n of nodes) {
      const visibleKids = n.children;
      const branches = visibleKids.length > 1;
      if (!hidden(n)) {
        const who = n.role === "user" ? "you: " : n.role === "assistant" ? "agent: " : n.role === "toolResult" || n.role === "bashExecution" || !n.role ? "" : `${n.role}: `;
        items.push({
          id: n.id,
          label: `${who}${n.text || "(empty)"}`,
          ...(n.label ? { detail: `[${n.label}]` } : {}),
          depth,
          current: n.id === leafId,
          foldable: branches,
          folded: branches && folded.has(n.id),
        });
      }
      if (branches && folded.has(n.id) && !all) continue;
      walk(visibleKids, branches ? depth + 1 : depth);
    }
  };
  walk(roots, 0);
  return items;
}

export function findNode(roots: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const n of roots) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Where Enter on `id` goes: the protocol can only fork at a user message (the new session
 * ends just before it, its text goes back to the editor). For another entry, the first user
 * message below it continues from there; none means the entry is already a leaf.
 */
export function jumpTarget(roots: readonly TreeNode[], id: string): { entryId: string } | undefined {
  const start = findNode(roots, id);
  if (!start) return undefined;
  const queue: TreeNode[] = [start];
  while (queue.length > 0) {
    const n = queue.shift();
    if (!n) break;
    if (n.role === "user") return { entryId: n.id };
    queue.push(...n.children);
  }
  return undefined;
}

/** Fold state handling for the picker host: right/left (un)fold the selected node. */
export function createTreeController(roots: TreeNode[], leafId: string | null): {
  items: () => PickerItem[];
  onKey: (key: string, s: PickerState) => PickerState | undefined;
  onQuery: (s: PickerState) => PickerState;
} {
  const folded = new Set<string>();
  const itemsFor = (query: string): PickerItem[] => treeItems(roots, folded, leafId, query !== "");
  return {
    items: () => itemsFor(""),
    onKey(key, s) {
      const id = s.visible[s.selected]?.id;
      if (id === undefined || s.query !== "") return undefined;
      if (key === "left" && !folded.has(id) && (findNode(roots, id)?.children.length ?? 0) > 1) folded.add(id);
      else if (key === "right" && folded.has(id)) folded.delete(id);
      else return undefined;
      return reducePicker(s, { op: "set_items", items: itemsFor(""), keepSelection: true });
    },
    onQuery: (s) => reducePicker(s, { op: "set_items", items: itemsFor(s.query), keepSelection: true }),
  };
}
