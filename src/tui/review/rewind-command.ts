// /rewind (and Esc Esc on an empty editor): go back to before a user turn. Pick the turn (the
// list filters as you type), read the preview of what will change, then choose what to restore:
// the files and the conversation (the default), the files only, or the conversation only. Files
// come back through checkpoint_restore, which refuses the whole restore when a file was changed
// outside the agent since: those files are listed and overwritten only after the user says so.
// The conversation goes back with `fork` at the turn's user message: a new session from that
// point, the prompt back in the editor, nothing removed from any session file. A worker without
// checkpoints (pi, oh-my-pi), or whose store cannot be read, rewinds the conversation only, and the
// TUI says why.
import type { CheckpointDiff, CheckpointRestoreResult, CheckpointSummary } from "../../bridge/index.js";
import type { PickerItem } from "../state/picker-state.js";
import { workerSupports } from "../state/worker-info.js";
import { describeError } from "../intents/intent-context.js";
import { afterSessionChange, type SlashDeps, vetoed } from "../slash/slash-deps.js";
import type { SlashCommand, SlashContext } from "../slash/slash-registry.js";
import { oneLine } from "../render/preview.js";

type Mode = "both" | "files" | "conversation";
const MODE_LABELS: Record<Mode, string> = {
  both: "Restore the files and the conversation",
  files: "Restore the files only",
  conversation: "Restore the conversation only (a new session from that point)",
};

const promptLabel = (text: string): string => oneLine(text) || "(empty)";

function turnItems(checkpoints: readonly CheckpointSummary[]): PickerItem[] {
  return checkpoints
    .map((c) => ({
      id: c.id,
      label: promptLabel(c.prompt),
      detail: `turn ${c.turn} · ${c.files} file${c.files === 1 ? "" : "s"} +${c.added} -${c.removed}`,
    }))
    .reverse();
}

/** The preview: what restoring the files of checkpoint `turn` does to each file. */
export function previewLines(turn: number, diff: CheckpointDiff): string[] {
  if (diff.files.length === 0) return [`The files are as they were before turn ${turn}: nothing to restore.`];
  const verb = { added: "deleted (new since)", modified: "restored", deleted: "brought back" } as const;
  const lines = diff.files.slice(0, 20).map((f) => `  ${f.path}: ${verb[f.status]}`);
  if (diff.files.length > 20) lines.push(`  … and ${diff.files.length - 20} more`);
  const left =
    diff.leftOut.length > 0 ? [`Left out of the checkpoints, not touched: ${diff.leftOut.length} file(s).`] : [];
  return [`Rewinding the files to before turn ${turn} changes ${diff.files.length} file(s):`, ...lines, ...left];
}

function restoredText(r: CheckpointRestoreResult): string {
  return `${r.restored.length} file(s) restored, ${r.deleted.length} deleted (${r.bytesWritten} bytes written)`;
}

/** Restore the files of `id`; asks before overwriting files changed outside the agent. Undefined: nothing written. */
async function restoreFiles(deps: SlashDeps, ctx: SlashContext, id: string): Promise<string | undefined> {
  const rpc = ctx.connection.rpc;
  const first = await rpc.checkpointRestore(id);
  if (first.conflicts.length === 0) return restoredText(first);
  ctx.notice(
    [
      "Changed since the agent left them (nothing was written yet):",
      ...first.conflicts.map((c) => `  ${c.path}: ${c.reason}`),
    ].join("\n"),
    "warning",
  );
  const answer = await deps.pickers.open(`Overwrite ${first.conflicts.length} changed file(s)?`, [
    { id: "no", label: "No: keep my changes and stop the rewind" },
    { id: "yes", label: "Yes: overwrite them with the checkpoint" },
  ]);
  if (answer?.id !== "yes") {
    ctx.notice("Rewind stopped: no file was written.");
    return undefined;
  }
  return restoredText(await rpc.checkpointRestore(id, { force: true }));
}

async function forkAt(deps: SlashDeps, ctx: SlashContext, entryId: string): Promise<boolean> {
  const rpc = ctx.connection.rpc;
  const r = await rpc.fork(entryId);
  if (r.cancelled) {
    vetoed(ctx, "Rewinding the conversation");
    return false;
  }
  await afterSessionChange(deps, ctx.store, rpc, "Rewound the conversation (new session from that point)", Date.now());
  ctx.setEditorText(r.text);
  return true;
}

/** The conversation only, over the worker's fork messages (pi, oh-my-pi). */
async function rewindConversation(deps: SlashDeps, ctx: SlashContext): Promise<void> {
  const { messages } = await ctx.connection.rpc.getForkMessages();
  if (messages.length === 0) return ctx.notice("There is no earlier user message to rewind to.");
  const items = messages
    .map((m, i) => ({ id: m.entryId, label: promptLabel(m.text), detail: `turn ${i + 1}` }))
    .reverse();
  const chosen = await deps.pickers.open("Rewind the conversation to before…", items);
  if (chosen) await forkAt(deps, ctx, chosen.id);
}

async function chooseMode(deps: SlashDeps, c: CheckpointSummary): Promise<Mode | undefined> {
  const modes: Mode[] = c.entryId !== undefined ? ["both", "files", "conversation"] : ["files"];
  const chosen = await deps.pickers.open(
    `Rewind to before turn ${c.turn}`,
    modes.map((m) => ({ id: m, label: MODE_LABELS[m] })),
  );
  return chosen?.id as Mode | undefined;
}

async function runRewind(deps: SlashDeps, ctx: SlashContext): Promise<void> {
  const state = ctx.store.getState();
  if (state.run.busy) return ctx.notice("The agent is working: stop it (Esc) before rewinding.", "warning");
  if (!workerSupports(state, "checkpoint_list") || !workerSupports(state, "checkpoint_restore")) {
    ctx.notice(
      "File rewind needs agent-rpc: this worker keeps no checkpoints. The conversation can still go back.",
      "warning",
    );
    return rewindConversation(deps, ctx);
  }
  const rpc = ctx.connection.rpc;
  let checkpoints: CheckpointSummary[];
  try {
    ({ checkpoints } = await rpc.checkpointList());
  } catch (error) {
    // A damaged or deleted store takes the files' rewind away, not the conversation's.
    ctx.notice(`File rewind is not available: ${describeError(error)}. The conversation can still go back.`, "warning");
    return rewindConversation(deps, ctx);
  }
  if (checkpoints.length === 0)
    return ctx.notice("No checkpoint yet: agent-rpc records one at the start of each turn.");
  const chosen = await deps.pickers.open("Rewind to before which turn?", turnItems(checkpoints));
  const c = checkpoints.find((x) => x.id === chosen?.id);
  if (!c) return;
  const diff = await rpc.checkpointDiff(c.id);
  const conversation =
    c.entryId !== undefined
      ? ["The conversation goes back to before this prompt, as a new session; this one is kept."]
      : [];
  ctx.notice([...previewLines(c.turn, diff), ...conversation].join("\n"));
  const mode = await chooseMode(deps, c);
  if (!mode) return ctx.notice("Rewind cancelled: nothing changed.");
  const done: string[] = [];
  if (mode !== "conversation" && diff.files.length > 0) {
    const files = await restoreFiles(deps, ctx, c.id);
    if (files === undefined) return;
    done.push(files);
  }
  if (mode !== "files" && c.entryId !== undefined && (await forkAt(deps, ctx, c.entryId)))
    done.push("the conversation forked before it");
  if (done.length > 0) ctx.notice(`Rewound to before turn ${c.turn}: ${done.join("; ")}.`);
}

export function rewindCommand(deps: SlashDeps): SlashCommand {
  return {
    name: "rewind",
    description: "go back to before a turn: files, conversation, or both (Esc Esc)",
    run: (_args, ctx) => runRewind(deps, ctx),
  };
}
