// The /tree navigator's pure part: build the tree from get_entries or get_tree (typed by the
// bridge), flatten it into picker rows (depth, fold marks, one line per entry), fold/unfold,
// search over every node, and where Enter jumps. Every walk uses an explicit stack: sessions get long.
import type { AgentMessage, SessionEntry, SessionTreeNode } from "../../bridge/index.js";
import type { PickerItem, PickerState } from "../state/picker-state.js";
import { reducePicker } from "../state/picker-state.js";
import type { PickerKeyAction } from "./picker-host.js";
import { oneLine } from "../render/preview.js";

export type TreeNode = {
  id: string;
  kind: string;
  role: string | undefined;
  text: string;
  label: string | undefined;
  children: TreeNode[];
};

type Content = Extract<AgentMessage, { content: unknown }>["content"];

function contentText(content: Content): string {
  if (typeof content === "string") return content;
  return content.map((b) => (b.type === "text" ? b.text : b.type === "toolCall" ? `[${b.name}]` : "")).join(" ");
}

/** A message's one line: its text, its tool call names, or what it did. */
function messageText(m: AgentMessage): string {
  if (m.role === "toolResult") return `${m.toolName} result`;
  if (m.role === "bashExecution") return `!${m.command}`;
  return "content" in m ? contentText(m.content) : "";
}

function entryText(e: SessionEntry): string {
  switch (e.type) {
    case "message":
      return messageText(e.message);
    case "model_change":
      return `model → ${e.provider}/${e.modelId}`;
    case "thinking_level_change":
      return `thinking → ${e.thinkingLevel}`;
    case "session_info":
      return `name → ${e.name ?? ""}`;
    case "compaction":
    case "branch_summary":
      return e.summary;
    default:
      return e.type;
  }
}

/** One session entry as a TreeNode without children. */
function entryNode(e: SessionEntry, label: string | undefined): TreeNode {
  const role = e.type === "message" ? e.message.role : undefined;
  return { id: e.id, kind: e.type, role, text: oneLine(entryText(e)), label, children: [] };
}

/**
 * get_tree's nodes as TreeNodes. Walked with an explicit stack: a linear session of thousands of
 * entries nests that deep.
 */
export function treeFromNodes(tree: readonly SessionTreeNode[]): TreeNode[] {
  const roots: TreeNode[] = [];
  const stack: { nodes: readonly SessionTreeNode[]; into: TreeNode[] }[] = [{ nodes: tree, into: roots }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    // Pushed in reverse so siblings come out in order.
    const pending: { nodes: readonly SessionTreeNode[]; into: TreeNode[] }[] = [];
    for (const n of item.nodes) {
      const node = entryNode(n.entry, n.label);
      item.into.push(node);
      pending.push({ nodes: n.children, into: node.children });
    }
    stack.push(...pending.reverse());
  }
  return roots;
}

/**
 * The tree built from get_entries' flat list (append order): no nesting on the wire, so no
 * depth limit anywhere. Labels are resolved as the worker does (the latest label entry wins;
 * an empty one clears it); an entry whose parent is missing becomes a root.
 */
export function treeFromEntries(entries: readonly SessionEntry[]): TreeNode[] {
  const labels = new Map<string, string>();
  for (const e of entries) {
    if (e.type !== "label") continue;
    if (e.label !== undefined && e.label !== "") labels.set(e.targetId, e.label);
    else labels.delete(e.targetId);
  }
  const nodes = new Map<string, TreeNode>();
  const parents = new Map<TreeNode, string | null>();
  for (const e of entries) {
    const node = entryNode(e, labels.get(e.id));
    nodes.set(node.id, node);
    parents.set(node, e.parentId);
  }
  const roots: TreeNode[] = [];
  for (const [node, parentId] of parents) {
    const parent = parentId === null ? undefined : nodes.get(parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Model and thinking-level changes: shown only when asked (Ctrl+O) or searched for. */
function settingChange(n: TreeNode): boolean {
  return n.kind === "model_change" || n.kind === "thinking_level_change";
}

/** Entries that clutter the tree without being places to go. */
function hidden(n: TreeNode, showSettings: boolean): boolean {
  return n.kind === "label" || n.kind === "custom" || (!showSettings && settingChange(n));
}

/**
 * Rows of the tree; children of a folded node are left out unless `all` (search), and so are
 * model/thinking changes unless `showSettings` (search shows them too).
 */
export function treeItems(
  roots: readonly TreeNode[],
  folded: ReadonlySet<string>,
  leafId: string | null,
  all = false,
  showSettings = all,
): PickerItem[] {
  const items: PickerItem[] = [];
  // Depth-first with an explicit stack (no recursion limit on long sessions).
  const stack: { nodes: readonly TreeNode[]; index: number; depth: number }[] = [{ nodes: roots, index: 0, depth: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { nodes: readonly TreeNode[]; index: number; depth: number };
    const n = top.nodes[top.index];
    if (n === undefined) {
      stack.pop();
      continue;
    }
    top.index++;
    const depth = top.depth;
    const branches = n.children.length > 1;
    if (!hidden(n, showSettings) || n.id === leafId) {
      const who =
        n.role === "user"
          ? "you: "
          : n.role === "assistant"
            ? "agent: "
            : n.role === "toolResult" || n.role === "bashExecution" || !n.role
              ? ""
              : `${n.role}: `;
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
    // A chain of single children stays at one depth (it is one conversation), as in pi.
    if (n.children.length > 0) stack.push({ nodes: n.children, index: 0, depth: branches ? depth + 1 : depth });
  }
  return items;
}

export function findNode(roots: readonly TreeNode[], id: string): TreeNode | undefined {
  const stack: TreeNode[] = [...roots];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.id === id) return n;
    stack.push(...n.children);
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

/** Whether any entry is a message: a session of names and settings alone has nowhere to go. */
export function treeHasMessages(roots: readonly TreeNode[]): boolean {
  const stack = [...roots];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.role !== undefined) return true;
    stack.push(...n.children);
  }
  return false;
}

/** The tree picker's key hint. */
export const TREE_HINT = "↑↓ move · ←/→ fold · ctrl+o model/thinking changes · enter jump · esc close";

/**
 * Key handling for the picker host: right/left (un)fold the selected node, Ctrl+O shows or
 * hides model and thinking-level changes.
 */
export function createTreeController(
  roots: TreeNode[],
  leafId: string | null,
): {
  items: () => PickerItem[];
  onKey: (key: PickerKeyAction, s: PickerState) => PickerState | undefined;
  onQuery: (s: PickerState) => PickerState;
} {
  const folded = new Set<string>();
  let showSettings = false;
  const itemsFor = (query: string): PickerItem[] =>
    treeItems(roots, folded, leafId, query !== "", showSettings || query !== "");
  return {
    items: () => itemsFor(""),
    onKey(key, s) {
      if (key === "toggle_settings") {
        showSettings = !showSettings;
        return reducePicker(s, { op: "set_items", items: itemsFor(s.query), keepSelection: true });
      }
      const id = s.visible[s.selected]?.id;
      if (id === undefined || s.query !== "") return undefined;
      if (key === "fold" && !folded.has(id) && (findNode(roots, id)?.children.length ?? 0) > 1) folded.add(id);
      else if (key === "unfold" && folded.has(id)) folded.delete(id);
      else return undefined;
      return reducePicker(s, { op: "set_items", items: itemsFor(""), keepSelection: true });
    },
    onQuery: (s) => reducePicker(s, { op: "set_items", items: itemsFor(s.query), keepSelection: true }),
  };
}
