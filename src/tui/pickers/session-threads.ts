// The session list as threads: each fork or clone under the session it was made from (its
// header's parentSession), one level deeper with a connector (├─ └─); a thread used more
// recently (any session in it) comes first, at every level. A fork whose parent is not listed
// (deleted, another folder) stands as a root.
import type { SessionSummary } from "./session-summary.js";

export type ThreadedSession = {
  session: SessionSummary;
  /** 0 for a root, 1 for a fork of it… (the picker indents by it). */
  depth: number;
  /** `├─ ` or `└─ ` (the last child); empty for a root. */
  connector: string;
  /** Shown under its parent (its parent is listed). */
  nested: boolean;
  /** The path of its thread's root (live-resume.ts moves whole threads). */
  root: string;
};

type Node = { session: SessionSummary; children: Node[] };

export function threadSessions(sessions: readonly SessionSummary[]): ThreadedSession[] {
  const byPath = new Map<string, Node>(sessions.map((s) => [s.path, { session: s, children: [] }]));
  const roots: Node[] = [];
  for (const node of byPath.values()) {
    const parent = node.session.parentSession !== undefined ? byPath.get(node.session.parentSession) : undefined;
    // A header naming itself (or a cycle through forks) must not hide a session: the walk below
    // only reaches nodes from a root, so a node on a cycle is made a root.
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const latest = new Map<Node, number>();
  const latestOf = (node: Node, depth = 0): number => {
    const known = latest.get(node);
    if (known !== undefined) return known;
    latest.set(node, node.session.modified); // a cycle ends here
    const value = Math.max(
      node.session.modified,
      ...(depth > 64 ? [] : node.children.map((c) => latestOf(c, depth + 1))),
    );
    latest.set(node, value);
    return value;
  };
  const newestFirst = (a: Node, b: Node): number => latestOf(b) - latestOf(a);
  const out: ThreadedSession[] = [];
  const seen = new Set<Node>();
  const walk = (node: Node, depth: number, connector: string, root: string): void => {
    if (seen.has(node)) return;
    seen.add(node);
    out.push({ session: node.session, depth, connector, nested: depth > 0, root });
    const children = [...node.children].sort(newestFirst);
    for (const [i, child] of children.entries())
      walk(child, depth + 1, i === children.length - 1 ? "└─ " : "├─ ", root);
  };
  for (const root of roots.sort(newestFirst)) walk(root, 0, "", root.session.path);
  // Sessions only on a cycle of parents were not reached: list them as roots.
  for (const node of byPath.values()) if (!seen.has(node)) walk(node, 0, "", node.session.path);
  return out;
}
