// /compact [instructions]: summarise older context. The outcome is one transcript line: the
// worker's own compaction events report it when it sends them (a failure included), and this
// command speaks only for workers that say nothing, so a failure is never told twice.
import type { SlashCommand } from "./slash-registry.js";
import { formatCount } from "../state/format-count.js";

export const compactCommand: SlashCommand = {
  name: "compact",
  description: "summarise older context: /compact [instructions]",
  async run(args, ctx) {
    // A worker that announces the compaction (compaction_start) reports its outcome too, as
    // one transcript line (its compaction_end may come just after this answer): this command
    // speaks only for workers that say nothing.
    const started = ctx.store.getState().run.compactionsStarted;
    const reported = (): boolean => ctx.store.getState().run.compactionsStarted > started;
    let tokensBefore: number;
    try {
      tokensBefore = (await ctx.connection.rpc.compact(args === "" ? undefined : args)).tokensBefore;
    } catch (error) {
      if (reported()) return;
      throw error;
    }
    if (!reported()) ctx.notice(`Context compacted (manual) from ${formatCount(tokensBefore)} tokens`);
  },
};
