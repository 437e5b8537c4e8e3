// /tree: navigate the session tree in a picker (fold with ←/→, type to search, Ctrl+O shows
// model and thinking-level changes) and jump: a new session from the chosen point.
import type { SlashCommand } from "./slash-registry.js";
import { createTreeController, jumpTarget, TREE_HINT, treeHasMessages } from "../pickers/tree.js";
import { treeFromEntries, treeFromNodes } from "../pickers/tree.js";
import { afterSessionChange, type SlashDeps, vetoed } from "./slash-deps.js";
import { workerSupports } from "../state/worker-info.js";

export function treeCommand(deps: SlashDeps): SlashCommand {
  return {
    name: "tree",
    description: "navigate the session tree (←/→ fold, type to search, enter jumps)",
    async run(_args, ctx) {
      const rpc = ctx.connection.rpc;
      // Built from the flat entry list where the worker has one: get_tree nests one level per
      // entry, which other workers cannot serialise for long sessions.
      const flat = workerSupports(ctx.store.getState(), "get_entries");
      const got = flat ? await rpc.getEntries() : await rpc.getTree();
      const roots = "entries" in got ? treeFromEntries(got.entries) : treeFromNodes(got.tree);
      // A fresh fork holds only its name (session_info): nothing to navigate yet.
      if (!treeHasMessages(roots)) {
        ctx.notice("The session is empty.");
        return;
      }
      const tree = createTreeController(roots, got.leafId);
      const chosen = await deps.pickers.open("Session tree", tree.items(), {
        hint: TREE_HINT,
        onKey: tree.onKey,
        onQuery: tree.onQuery,
      });
      if (!chosen) return;
      const target = jumpTarget(roots, chosen.id);
      if (!target) {
        ctx.notice("Nothing to jump to: no user message at or below that entry (it is already the end of its branch).");
        return;
      }
      const r = await rpc.fork(target.entryId);
      if (r.cancelled) return vetoed(ctx, "Jump");
      await afterSessionChange(deps, ctx.store, rpc, "Jumped to a branch (new session from that point)", Date.now());
      ctx.setEditorText(r.text);
    },
  };
}
