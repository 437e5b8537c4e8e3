// The transcript view's blocks, read from the store: every committed entry (an answer or
// thinking text committed in pieces is one block again), then the live tail (the streaming
// message's uncommitted text and the tools still running) so the view updates while a run streams.
import { liveBlockText } from "../state/transcript.js";
import type { Entry, ToolRun, TranscriptState } from "../state/types.js";

export type ViewBlockKind = "user" | "answer" | "thinking" | "tool" | "notice" | "bash" | "custom" | "streaming";

export type ViewBlock =
  | { kind: "user"; key: string; entry: Extract<Entry, { kind: "user" }> }
  | { kind: "answer" | "thinking"; key: string; pieces: readonly string[]; first: Entry }
  | { kind: "tool"; key: string; run: ToolRun }
  | { kind: "notice"; key: string; entry: Extract<Entry, { kind: "notice" }> }
  | { kind: "bash"; key: string; entry: Extract<Entry, { kind: "bash" }> }
  /** A message an extension added, or a compaction or branch summary: a label and a text. */
  | { kind: "custom"; key: string; entry: Extract<Entry, { kind: "custom" | "summary" }> }
  | { kind: "streaming"; key: string; text: string; thinking: boolean };

/** Blocks of the committed entries; `previous` (the last result) makes appending O(new entries). */
export function committedBlocks(committed: readonly Entry[], previous?: BlockList): BlockList {
  if (previous && previous.source === committed) return previous;
  // Entries append, except a resumed session's earlier entries, inserted before its tail: reuse
  // the blocks of the entries seen before when the last of them has not moved (nothing was
  // inserted before it), except the last block, which a continuation piece may still extend.
  const seen = previous ? previous.entryCount - 1 : -1;
  const reuse =
    previous && previous.entryCount <= committed.length && previous.source[seen] === committed[seen]
      ? previous
      : undefined;
  const blocks: ViewBlock[] = reuse ? reuse.blocks.slice(0, -1) : [];
  let start = reuse ? (reuse.lastStart ?? 0) : 0;
  let lastStart: number | undefined;
  let i = start;
  while (i < committed.length) {
    const e = committed[i];
    if (!e) break;
    start = i;
    i += 1;
    if (e.kind === "markdown" || e.kind === "thinking") {
      const pieces = [e.text];
      for (let next = committed[i]; next && next.kind === e.kind && next.continues; next = committed[i]) {
        pieces.push(next.text);
        i += 1;
      }
      blocks.push({ kind: e.kind === "markdown" ? "answer" : "thinking", key: `e${e.id}`, pieces, first: e });
    } else {
      blocks.push(entryBlock(e));
    }
    lastStart = start;
  }
  return { source: committed, entryCount: committed.length, blocks, lastStart };
}

function entryBlock(e: Exclude<Entry, { kind: "markdown" | "thinking" }>): ViewBlock {
  const key = `e${e.id}`;
  switch (e.kind) {
    case "tool":
      return { kind: "tool", key, run: e.run };
    case "user":
      return { kind: "user", key, entry: e };
    case "notice":
      return { kind: "notice", key, entry: e };
    case "bash":
      return { kind: "bash", key, entry: e };
    case "custom":
    case "summary":
      return { kind: "custom", key, entry: e };
    default: {
      const never: never = e;
      return never;
    }
  }
}

export type BlockList = {
  source: readonly Entry[];
  entryCount: number;
  blocks: ViewBlock[];
  /** Index of the first entry of the last block (where an incremental rebuild restarts). */
  lastStart: number | undefined;
};

/** Blocks for what is still live: the uncommitted streaming text and the running tools. */
export function liveBlocks(t: TranscriptState): ViewBlock[] {
  const out: ViewBlock[] = [];
  const live = t.live;
  if (live) {
    for (let i = live.commitBlock; i < live.blocks.length; i += 1) {
      const b = live.blocks[i];
      if (!b) continue;
      const text = liveBlockText(live, i);
      if (text.trim() !== "") out.push({ kind: "streaming", key: `live${i}`, text, thinking: b.type === "thinking" });
    }
  }
  for (const id of t.toolOrder) {
    const run = t.tools[id];
    if (run) out.push({ kind: "tool", key: `run${id}`, run });
  }
  return out;
}

/** The kind a jump key looks for: user prompts and tool calls. */
export function isPrompt(b: ViewBlock): boolean {
  return b.kind === "user";
}

export function isToolCall(b: ViewBlock): boolean {
  return b.kind === "tool" || b.kind === "bash";
}
