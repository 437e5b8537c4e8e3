// /diff: review what a turn changed in the files, full screen (review-host.ts). Without an
// argument the last turn; `/diff 3` turn 3; `/diff all` the whole session. The changes of turn N
// run from its checkpoint to the next one, or to the files now for the last turn.
import type { CheckpointSummary } from "../../bridge/index.js";
import type { SlashCommand, SlashContext } from "../slash/slash-registry.js";
import { workerSupports } from "../state/worker-info.js";
import type { ReviewHost } from "./review-host.js";

/** What is said where the worker keeps no checkpoints (pi, oh-my-pi). */
export const NEEDS_AGENT_RPC =
  "Reviewing and rewinding files needs agent-rpc: this worker keeps no checkpoints of them.";

/** The checkpoints a /diff argument names: from, to (undefined: now) and a title. */
export function diffRange(
  checkpoints: readonly CheckpointSummary[],
  args: string,
): { from: string; to: string | undefined; title: string } | string {
  const last = checkpoints.at(-1);
  const first = checkpoints[0];
  if (!last || !first) return "No checkpoint yet: agent-rpc records one at the start of each turn.";
  if (args === "all") return { from: first.id, to: undefined, title: "the whole session" };
  const turn = args === "" ? last.turn : Number(args);
  if (!Number.isInteger(turn)) return `/diff takes a turn number or "all", not ${args}.`;
  const i = checkpoints.findIndex((c) => c.turn === turn);
  const c = checkpoints[i];
  if (!c) return `No turn ${turn}: the turns with checkpoints are ${first.turn} to ${last.turn}.`;
  return { from: c.id, to: checkpoints[i + 1]?.id, title: `turn ${turn} (${c.prompt || "no text"})` };
}

async function runDiff(host: ReviewHost, args: string, ctx: SlashContext): Promise<void> {
  if (!workerSupports(ctx.store.getState(), "checkpoint_diff")) return ctx.notice(NEEDS_AGENT_RPC, "warning");
  const rpc = ctx.connection.rpc;
  const { checkpoints } = await rpc.checkpointList();
  const range = diffRange(checkpoints, args.trim().toLowerCase());
  if (typeof range === "string") return ctx.notice(range);
  const diff = await rpc.checkpointDiff(range.from, range.to);
  if (diff.files.length === 0) {
    const left = diff.leftOut.length > 0 ? ` (${diff.leftOut.length} left out of the checkpoints)` : "";
    return ctx.notice(`No file changed in ${range.title}${left}.`);
  }
  host.open(range.title, range.from, diff);
}

export function diffCommand(host: ReviewHost): SlashCommand {
  return {
    name: "diff",
    description: "review the last turn's changes: keep or revert each (/diff N: turn N, /diff all)",
    run: (args, ctx) => runDiff(host, args, ctx),
  };
}
