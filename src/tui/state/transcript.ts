// Transcript slice: rebuilds the streaming assistant message from delta OR cumulative form,
// commits finished pieces (safe split points, message_end, tool end) to the append-only list.
import { findLastSafeSplitPoint } from "./split-point.js";
import { boundOutput } from "./bounded-text.js";
import type { ClientEvent, ClientMessage, MessageBlock, MessageDelta } from "../../bridge/index.js";
import type { Entry, LiveMessage, NoticeLevel, ToolRun, TranscriptState } from "./types.js";

export const initialTranscript: TranscriptState = {
  committed: [],
  nextId: 1,
  live: undefined,
  tools: {},
  toolOrder: [],
  bash: undefined,
  failure: undefined,
};

export type EntryInput = Entry extends infer E ? (E extends { id: number } ? Omit<E, "id"> : never) : never;

export function appendEntries(t: TranscriptState, entries: EntryInput[]): TranscriptState {
  if (entries.length === 0) return t;
  let nextId = t.nextId;
  const added = entries.map((e) => ({ ...e, id: nextId++ }) as Entry);
  return { ...t, committed: [...t.committed, ...added], nextId };
}

/**
 * `entries` inserted before the entry with id `before` (a resumed session's earlier messages,
 * built after its printed tail); `at` is where they went, undefined when that entry is gone.
 * They take fresh ids, so ids are unique but no longer in list order.
 */
export function insertEntriesBefore(
  t: TranscriptState,
  entries: EntryInput[],
  before: number,
): { transcript: TranscriptState; at: number | undefined } {
  const at = t.committed.findIndex((e) => e.id === before);
  if (at < 0) return { transcript: t, at: undefined };
  let nextId = t.nextId;
  const added = entries.map((e) => ({ ...e, id: nextId++ }) as Entry);
  const committed = [...t.committed.slice(0, at), ...added, ...t.committed.slice(at)];
  // Another session printed since keeps its own mark.
  const olderBefore = t.olderBefore === before ? undefined : t.olderBefore;
  return { transcript: { ...t, committed, nextId, olderBefore }, at };
}

export function appendNotice(t: TranscriptState, level: NoticeLevel, text: string): TranscriptState {
  return appendEntries(t, [{ kind: "notice", level, text }]);
}

function blockText(b: MessageBlock | undefined): string {
  if (!b) return "";
  if (b.type === "text") return b.text;
  if (b.type === "thinking") return b.thinking;
  return "";
}

/**
 * `text` as a string that owns only its own characters. A committed piece is a slice of the
 * whole block streamed so far, and V8 keeps a slice's parent alive: without the copy every
 * committed piece of a long answer would hold the entire answer up to that point, so memory grew
 * with the square of the answer's length. Concatenating flattens into a new string of this size.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

function pieceEntry(b: MessageBlock, text: string, continues: boolean): EntryInput | undefined {
  if (text.trim() === "") return undefined;
  if (b.type === "text") return { kind: "markdown", text: ownCopy(text), continues };
  if (b.type === "thinking") return { kind: "thinking", text: ownCopy(text), continues };
  return undefined;
}

/** Estimated terminal rows of `text` at `width` (cheap; only used to decide when to commit). */
function estimateRows(text: string, width: number): number {
  let rows = 0;
  for (const line of text.split("\n")) rows += Math.max(1, Math.ceil(line.length / Math.max(1, width)));
  return rows;
}

export type CommitLimits = { width: number; maxLiveRows: number };

/**
 * Commit everything in `live` that no longer needs redrawing: finished blocks before the one
 * streaming now, and (when the streaming text is taller than the budget) its prefix up to
 * the last safe split point. `final` commits everything.
 */
function commitLive(t: TranscriptState, live: LiveMessage, limits: CommitLimits, final: boolean): TranscriptState {
  const entries: EntryInput[] = [];
  let { commitBlock, commitOffset } = live;
  const lastIndex = final ? live.blocks.length : Math.max(commitBlock, live.lastStarted);
  while (commitBlock < lastIndex) {
    const b = live.blocks[commitBlock];
    if (b) {
      // A block whose head was committed earlier continues that piece.
      const e = pieceEntry(b, blockText(b).slice(commitOffset), commitOffset > 0);
      if (e) entries.push(e);
    }
    commitBlock += 1;
    commitOffset = 0;
  }
  let tail: string | undefined;
  if (!final) {
    const b = live.blocks[commitBlock];
    if (b && (b.type === "text" || b.type === "thinking")) {
      let rest = commitBlock === live.commitBlock ? liveBlockText(live, commitBlock) : blockText(b).slice(commitOffset);
      if (estimateRows(rest, limits.width) > limits.maxLiveRows) {
        const split = findLastSafeSplitPoint(rest);
        if (split > 0) {
          const e = pieceEntry(b, rest.slice(0, split).replace(/\n+$/, ""), true);
          if (e) entries.push(e);
          commitOffset += split;
          rest = rest.slice(split);
        }
      }
      tail = rest;
    }
  }
  const next = appendEntries(t, entries);
  return { ...next, live: final ? undefined : { ...live, commitBlock, commitOffset, tail } };
}

/** The text of live block `index` not committed yet ("" for a tool call). */
export function liveBlockText(live: LiveMessage, index: number): string {
  if (index === live.commitBlock && live.tail !== undefined) return live.tail;
  return blockText(live.blocks[index]).slice(index === live.commitBlock ? live.commitOffset : 0);
}

/** The tail after a delta: grown by a text or thinking delta that extends the block being committed. */
function tailAfterDelta(
  live: LiveMessage,
  d: MessageDelta,
  index: number,
  before: MessageBlock | undefined,
): string | undefined {
  if (index !== live.commitBlock) return live.tail;
  const grows =
    (d.kind === "text_delta" && before?.type === "text") ||
    (d.kind === "thinking_delta" && before?.type === "thinking");
  return grows && live.tail !== undefined ? live.tail + d.delta : undefined;
}

function applyDelta(live: LiveMessage, d: MessageDelta, snapshot: ClientMessage | undefined): LiveMessage {
  const blocks = [...live.blocks];
  if (d.kind === "snapshot_only") {
    return snapshot ? { ...live, blocks: snapshot.blocks, tail: undefined } : live;
  }
  const index = d.index ?? live.lastStarted;
  const current = blocks[index];
  let lastStarted = live.lastStarted;
  switch (d.kind) {
    case "block_start":
      blocks[index] = d.block;
      lastStarted = Math.max(lastStarted, index);
      break;
    case "text_delta":
      blocks[index] =
        current?.type === "text" ? { ...current, text: current.text + d.delta } : { type: "text", text: d.delta };
      lastStarted = Math.max(lastStarted, index);
      break;
    case "thinking_delta":
      blocks[index] =
        current?.type === "thinking"
          ? { ...current, thinking: current.thinking + d.delta }
          : { type: "thinking", thinking: d.delta, redacted: false };
      lastStarted = Math.max(lastStarted, index);
      break;
    case "toolcall_delta":
      blocks[index] =
        current?.type === "toolCall"
          ? { ...current, argsText: current.argsText + d.delta }
          : { type: "toolCall", id: "", name: "", args: {}, argsText: d.delta };
      break;
    case "block_end":
      blocks[index] = d.block;
      break;
    default: {
      const never: never = d;
      return never;
    }
  }
  // pi 0.73 omits toolcall ids/names in deltas; its cumulative snapshot has them (live preview only).
  const after = blocks[index];
  const snap = snapshot?.blocks[index];
  if (after?.type === "toolCall" && after.name === "" && snap?.type === "toolCall") {
    blocks[index] = { ...after, id: snap.id, name: snap.name };
  }
  return { ...live, blocks, lastStarted, tail: tailAfterDelta(live, d, index, current) };
}

function plainText(m: ClientMessage): string {
  return m.blocks.map((b) => (b.type === "text" ? b.text : "")).join("");
}

function stopNotice(m: ClientMessage): EntryInput | undefined {
  switch (m.stopReason) {
    case "aborted":
      // pi says "Request was aborted": a reason that only repeats the word is not repeated.
      return {
        kind: "notice",
        level: "warning",
        text:
          m.errorMessage && !/^\W*(request )?(was )?aborted\W*$/i.test(m.errorMessage)
            ? `Aborted: ${m.errorMessage}`
            : "Aborted",
      };
    case "error":
      return { kind: "notice", level: "error", text: `Error: ${m.errorMessage ?? "unknown error"}` };
    case "length":
      return { kind: "notice", level: "warning", text: "Truncated (max tokens)" };
    default:
      return undefined;
  }
}

function finishMessage(
  t: TranscriptState,
  m: ClientMessage,
  limits: CommitLimits,
  holdFailure: boolean,
): TranscriptState {
  switch (m.role) {
    case "assistant": {
      const live = t.live ?? { blocks: [], commitBlock: 0, commitOffset: 0, lastStarted: 0 };
      const done = commitLive(t, { ...live, blocks: m.blocks }, limits, true);
      if (holdFailure && m.stopReason === "error") return { ...done, failure: m.errorMessage ?? "unknown error" };
      const notice = stopNotice(m);
      return notice ? appendEntries(done, [notice]) : done;
    }
    case "user":
      return appendEntries(t, [
        { kind: "user", text: plainText(m), images: m.blocks.filter((b) => b.type === "image").length },
      ]);
    case "custom":
      if (m.display === false) return t;
      return appendEntries(t, [{ kind: "custom", label: m.customType ?? "custom", text: plainText(m) }]);
    case "toolResult":
      return t; // shown by the tool execution entry
    default:
      // Unknown roles are rendered generically, never dropped silently and never fatal.
      return appendEntries(t, [{ kind: "custom", label: m.role, text: plainText(m) }]);
  }
}

function endTool(t: TranscriptState, run: ToolRun): TranscriptState {
  const { [run.id]: _removed, ...tools } = t.tools;
  void _removed;
  const next = appendEntries(t, [{ kind: "tool", run }]);
  return { ...next, tools, toolOrder: t.toolOrder.filter((id) => id !== run.id) };
}

/**
 * Pure transcript reducer over decoded agent events. `now` stamps tool timings. `holdFailure`:
 * keep an answer's error in `failure` instead of printing it (a retry may follow).
 */
export function reduceTranscript(
  t: TranscriptState,
  e: ClientEvent,
  now: number,
  limits: CommitLimits,
  o: { holdFailure?: boolean } = {},
): TranscriptState {
  switch (e.type) {
    case "message_start":
      if (e.message.role !== "assistant") return t;
      return { ...t, live: { blocks: e.message.blocks, commitBlock: 0, commitOffset: 0, lastStarted: 0 } };
    case "message_update": {
      if (!t.live) return t;
      return commitLive(t, applyDelta(t.live, e.delta, e.snapshot), limits, false);
    }
    case "message_end":
      return finishMessage(t, e.message, limits, o.holdFailure === true);
    case "tool_execution_start": {
      const id = e.toolCallId;
      const run: ToolRun = {
        id,
        name: e.toolName,
        args: e.args,
        startedAt: now,
        endedAt: undefined,
        status: "running",
        output: undefined,
      };
      return {
        ...t,
        tools: { ...t.tools, [id]: run },
        toolOrder: [...t.toolOrder.filter((other) => other !== id), id],
      };
    }
    case "tool_execution_update": {
      const run = t.tools[e.toolCallId];
      if (!run) return t;
      return { ...t, tools: { ...t.tools, [e.toolCallId]: { ...run, output: e.partialResult } } };
    }
    case "tool_execution_end": {
      const id = e.toolCallId;
      const run = t.tools[id] ?? {
        id,
        name: e.toolName,
        args: {},
        startedAt: now,
        endedAt: undefined,
        status: "running" as const,
        output: undefined,
      };
      const output = { ...e.result, text: boundOutput(e.result.text) };
      return endTool(t, { ...run, endedAt: now, status: e.isError ? "error" : "done", output });
    }
    case "bash_execution_update":
      return t.bash ? { ...t, bash: { ...t.bash, output: t.bash.output + e.delta } } : t;
    case "agent_end": {
      // A run that ends without message_end (crash, stdin closed) keeps nothing half-drawn.
      if (!t.live) return t;
      return commitLive(t, t.live, limits, true);
    }
    default:
      return t;
  }
}

/** Worker died or run was cut off: commit the partial message and mark running tools. */
export function interruptTranscript(
  t: TranscriptState,
  now: number,
  limits: CommitLimits,
  reason: string,
  unsavedMark?: string,
): TranscriptState {
  const partial = t.live?.blocks.some((b) => blockText(b).trim() !== "") === true;
  let next = t.live ? commitLive(t, t.live, limits, true) : t;
  // Right under the partial answer, in scrollback and in the transcript view alike.
  if (partial && unsavedMark !== undefined) next = appendNotice(next, "warning", unsavedMark);
  for (const id of next.toolOrder) {
    const run = next.tools[id];
    if (run) next = endTool(next, { ...run, endedAt: now, status: "error" });
  }
  return appendNotice(next, "warning", reason);
}
