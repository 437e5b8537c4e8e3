// Session slash commands: /new, /resume (picker over this directory's sessions), /fork (an
// earlier user message; its text goes back into the editor), /clone and /tree (navigate the
// session tree: fold, search, jump).
import { basename } from "node:path";
import type { SlashCommand, SlashContext } from "./slash-registry.js";
import { withLiveSessions } from "../live/live-resume.js";
import type { LiveSession } from "../live/live-sessions.js";
import { listSessions, sessionDirFor, sessionItems } from "../pickers/session-list.js";
import { threadSessions } from "../pickers/session-threads.js";
import { afterSessionChange, type SlashDeps, vetoed } from "./slash-deps.js";
import { currentSessionLabel, nameCopy } from "./session-names.js";
import { treeCommand } from "./tree-command.js";
import { oneLine } from "../render/preview.js";

/** Open the session picker and switch to the chosen session (also used by --resume). */
export async function resumeSession(deps: SlashDeps, ctx: SlashContext, query = ""): Promise<void> {
  const rpc = ctx.connection.rpc;
  const state = await rpc.getState();
  if (!deps.localSessions) {
    ctx.notice(
      "This worker keeps its sessions on another machine; start it with --session <file> to open one.",
      "warning",
    );
    return;
  }
  const dir = sessionDirFor(state.sessionFile, deps.fallbackSessionDir());
  if (!dir) {
    ctx.notice("This worker does not persist sessions (no session file), so there is nothing to resume.", "warning");
    return;
  }
  const skipped: string[] = [];
  const sessions = listSessions(dir, (path) => skipped.push(basename(path)));
  if (skipped.length > 0) {
    const names = skipped.length > 3 ? `${skipped.slice(0, 3).join(", ")}, …` : skipped.join(", ");
    ctx.notice(
      `Not listed: ${skipped.length} file${skipped.length === 1 ? " is" : "s are"} not a readable session ` +
        `(${names}); left untouched.`,
      "warning",
    );
  }
  const live = await liveSessions(deps, ctx);
  const threads = new Map(threadSessions(sessions).map((t) => [t.session.path, t.root]));
  const offered = withLiveSessions(
    sessionItems(sessions, state.sessionFile),
    live,
    (deps.now ?? Date.now)(),
    (id) => threads.get(id) ?? id,
  );
  if (offered.items.length === 0) {
    ctx.notice(`No sessions yet in ${dir}.`);
    return;
  }
  const p = deps.pickers.open("Resume a session", offered.items);
  if (query !== "") deps.pickers.apply({ op: "type", text: query });
  const chosen = await p;
  if (!chosen) return;
  const running = offered.liveOf(chosen.id);
  if (running && deps.live) {
    // A live worker runs that session: go to it rather than open its file a second time.
    await deps.live.attach(running);
    return;
  }
  if (chosen.id === state.sessionFile) {
    ctx.store.dispatch({ type: "toast", level: "info", text: "That is the current session", now: Date.now() });
    return;
  }
  const r = await rpc.switchSession(chosen.id);
  if (r.cancelled) return vetoed(ctx, "Switching sessions");
  await afterSessionChange(deps, ctx.store, rpc, `Resumed: ${chosen.label}`, Date.now());
}

/** The live workers, other than the one this TUI drives; none when they cannot be listed. */
async function liveSessions(deps: SlashDeps, ctx: SlashContext): Promise<LiveSession[]> {
  if (!deps.live) return [];
  const current = ctx.store.getState().worker.live?.id;
  try {
    return (await deps.live.list()).filter((s) => s.id !== current);
  } catch (error) {
    ctx.notice(`Could not list the live sessions: ${(error as Error).message}`, "warning");
    return [];
  }
}

export function sessionCommands(deps: SlashDeps): SlashCommand[] {
  return [
    {
      name: "new",
      description: "start a new session",
      async run(_args, ctx) {
        const r = await ctx.connection.rpc.newSession();
        if (r.cancelled) return vetoed(ctx, "New session");
        await afterSessionChange(deps, ctx.store, ctx.connection.rpc, "New session", Date.now());
      },
    },
    {
      name: "resume",
      description: "resume a session of this directory",
      run: (args, ctx) => resumeSession(deps, ctx, args),
    },
    {
      name: "fork",
      description: "fork from an earlier message (its text goes back to the editor)",
      async run(_args, ctx) {
        const rpc = ctx.connection.rpc;
        const { messages } = await rpc.getForkMessages();
        if (messages.length === 0) {
          ctx.notice("There is no earlier user message to fork from.");
          return;
        }
        const items = messages
          .map((m, i) => ({
            id: m.entryId,
            label: oneLine(m.text) || "(empty)",
            detail: `#${i + 1}`,
          }))
          .reverse();
        const chosen = await deps.pickers.open("Fork from a message", items);
        if (!chosen) return;
        const base = await currentSessionLabel(ctx);
        const r = await rpc.fork(chosen.id);
        if (r.cancelled) return vetoed(ctx, "Fork");
        await afterSessionChange(deps, ctx.store, rpc, "Forked session", Date.now());
        await nameCopy(ctx, base, "fork");
        ctx.setEditorText(r.text);
      },
    },
    {
      name: "clone",
      description: "duplicate this session and continue in the copy",
      async run(_args, ctx) {
        const base = await currentSessionLabel(ctx);
        const r = await ctx.connection.rpc.clone();
        if (r.cancelled) return vetoed(ctx, "Clone");
        await afterSessionChange(deps, ctx.store, ctx.connection.rpc, "Cloned session", Date.now());
        await nameCopy(ctx, base, "clone");
      },
    },
    treeCommand(deps),
  ];
}
