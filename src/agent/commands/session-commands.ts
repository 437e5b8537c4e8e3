// Session commands (docs/protocol.md §3.2.4–3.2.5, §3.6, §3.9): new/switch/fork/clone, entries
// and tree, names, export, compaction, todos and host tools. Session-replacing commands
// are serialised, abort the run and clear the queues first (docs/protocol.md §2.8).
import { resolve } from "node:path";
import { isThinkingLevel } from "../providers/thinking.js";
import type { AgentRuntime } from "../runtime/agent-runtime.js";
import { getSessionFeatures, installSessionFeatures, type SessionFeatures } from "../session/features.js";
import { SessionError } from "../session/index.js";
import type { CommandContext, CommandTable } from "./command-table.js";
import { checkpointHandleOf } from "../checkpoints/turn-hooks.js";

function features(ctx: CommandContext): SessionFeatures {
  return getSessionFeatures(ctx.services) ?? installSessionFeatures(ctx.runtime, ctx.services);
}

// One session replacement at a time per process.
let replacing: Promise<unknown> = Promise.resolve();

function serialised<T>(work: () => Promise<T>): Promise<T> {
  const next = replacing.then(work, work);
  replacing = next.catch((error: unknown) => {
    // The failure is reported to the caller of `work`; the chain itself must continue.
    void error;
  });
  return next;
}

type Replacement = {
  reason: "new" | "resume" | "fork";
  targetSessionFile?: string | undefined;
};

/** Abort the run, clear the queues, close dialogs of the old session (docs/protocol.md §2.8). */
async function leaveSession(ctx: CommandContext, replacement: Replacement): Promise<void> {
  await ctx.runtime.abort();
  ctx.runtime.clearQueue("all");
  const shutdown: { reason: Replacement["reason"]; targetSessionFile?: string } = { reason: replacement.reason };
  if (replacement.targetSessionFile) shutdown.targetSessionFile = replacement.targetSessionFile;
  await ctx.services.extensions?.host.sessionShutdown(shutdown);
}

async function enterSession(
  ctx: CommandContext,
  reason: Replacement["reason"],
  previousSessionFile: string | undefined,
): Promise<void> {
  features(ctx).afterSessionChange();
  const start: { reason: Replacement["reason"]; previousSessionFile?: string } = { reason };
  if (previousSessionFile) start.previousSessionFile = previousSessionFile;
  await ctx.services.extensions?.host.sessionStart(start);
}

/** A fork or clone keeps the checkpoints of the turns it keeps (docs/protocol-notes.md "Checkpoints"). */
function carryCheckpoints(ctx: CommandContext, fromSessionId: string): void {
  const session = ctx.services.session;
  void checkpointHandleOf(ctx.services.slots)?.forked(
    fromSessionId,
    session.getEntries().map((entry) => entry.id),
  );
}

/** Restore the model and thinking level recorded on the loaded branch (switch/fork). */
async function restoreSettings(runtime: AgentRuntime, ctx: CommandContext): Promise<void> {
  const recorded = ctx.services.session.getContextSettings();
  if (recorded.model) {
    const model = await runtime.models.find(recorded.model.provider, recorded.model.modelId);
    if (model) runtime.model = model;
  }
  const level = isThinkingLevel(recorded.thinkingLevel) ? recorded.thinkingLevel : runtime.thinkingLevel;
  runtime.setThinkingLevel(level);
}

async function fork(entryId: string, ctx: CommandContext): Promise<{ text: string; cancelled: boolean }> {
  const session = ctx.services.session;
  const entry = session.getEntry(entryId);
  // Checked before anything is touched: bad input must leave the session as it was.
  if (entry?.type !== "message" || entry.message.role !== "user")
    throw new SessionError("Invalid entry ID for forking");
  return serialised(async () => {
    const cancelled = (await ctx.services.extensions?.host.beforeSessionFork({ entryId, position: "before" })) ?? false;
    const preview = session.getForkMessages().find((item) => item.entryId === entryId)?.text ?? "";
    if (cancelled) return { text: preview, cancelled: true };
    const previous = session.sessionFile;
    const parentId = session.sessionId;
    await leaveSession(ctx, { reason: "fork" });
    const { text } = session.fork(entryId);
    carryCheckpoints(ctx, parentId);
    await restoreSettings(ctx.runtime, ctx);
    await enterSession(ctx, "fork", previous);
    return { text, cancelled: false };
  });
}

function forkMessages(ctx: CommandContext): { messages: { entryId: string; text: string }[] } {
  return { messages: ctx.services.session.getForkMessages() };
}

export const sessionCommands: CommandTable = {
  async new_session(cmd, ctx) {
    return serialised(async () => {
      const session = ctx.services.session;
      const cancelled = (await ctx.services.extensions?.host.beforeSessionSwitch({ reason: "new" })) ?? false;
      if (cancelled) return { cancelled: true };
      const previous = session.sessionFile;
      await leaveSession(ctx, { reason: "new" });
      session.newSession(cmd.parentSession !== undefined ? { parentSession: cmd.parentSession } : {});
      await enterSession(ctx, "new", previous);
      return { cancelled: false };
    });
  },

  async switch_session(cmd, ctx) {
    return serialised(async () => {
      const session = ctx.services.session;
      const cancelled =
        (await ctx.services.extensions?.host.beforeSessionSwitch({
          reason: "resume",
          targetSessionFile: cmd.sessionPath,
        })) ?? false;
      if (cancelled) return { cancelled: true };
      const target = resolve(ctx.services.cwd, cmd.sessionPath);
      // Checked before leaving the current session, so a bad path (missing, not a session,
      // unreadable, held by another worker) changes nothing.
      session.probe(target);
      const previous = session.sessionFile;
      await leaveSession(ctx, { reason: "resume", targetSessionFile: target });
      session.openFile(target, { mustExist: true });
      await restoreSettings(ctx.runtime, ctx);
      await enterSession(ctx, "resume", previous);
      return { cancelled: false };
    });
  },

  async fork(cmd, ctx) {
    return fork(cmd.entryId, ctx);
  },

  async branch(cmd, ctx) {
    return fork(cmd.entryId, ctx);
  },

  async clone(_cmd, ctx) {
    const session = ctx.services.session;
    const leaf = session.getLeafId();
    if (leaf === null) throw new SessionError("Cannot clone session: no current entry selected");
    return serialised(async () => {
      const cancelled =
        (await ctx.services.extensions?.host.beforeSessionFork({ entryId: leaf, position: "at" })) ?? false;
      if (cancelled) return { cancelled: true };
      const previous = session.sessionFile;
      const parentId = session.sessionId;
      await leaveSession(ctx, { reason: "fork" });
      session.clone();
      carryCheckpoints(ctx, parentId);
      await enterSession(ctx, "fork", previous);
      return { cancelled: false };
    });
  },

  async get_fork_messages(_cmd, ctx) {
    return forkMessages(ctx);
  },

  async get_branch_messages(_cmd, ctx) {
    return forkMessages(ctx);
  },

  async get_entries(cmd, ctx) {
    const session = ctx.services.session;
    const entries = cmd.since === undefined ? [...session.getEntries()] : session.getEntriesSince(cmd.since);
    if (!entries) throw new SessionError(`Unknown entry id for since: ${cmd.since ?? ""}`);
    return { entries, leafId: session.getLeafId() };
  },

  async get_tree(_cmd, ctx) {
    const session = ctx.services.session;
    // A linear session of thousands of entries nests that deep: the frame writer serialises
    // any depth (protocol/json-deep.ts), so there is no limit here.
    return { tree: session.getTree(), leafId: session.getLeafId() };
  },

  async set_session_name(cmd, ctx) {
    const entry = ctx.services.session.setName(cmd.name);
    // Written (durably) above before it is announced.
    ctx.emit({ type: "session_info_changed", name: entry.type === "session_info" ? entry.name : cmd.name.trim() });
    return undefined;
  },

  async export_html(cmd, ctx) {
    const model = ctx.runtime.model;
    // Loaded on demand: marked is not needed on the startup path.
    const { exportSessionHtml } = await import("../session/export-html.js");
    const path = exportSessionHtml({
      session: ctx.services.session,
      cwd: ctx.services.cwd,
      outputPath: cmd.outputPath,
      ...(cmd.overwrite === true ? { overwrite: true } : {}),
      ...(model ? { modelLabel: `${model.provider}/${model.id}` } : {}),
    });
    return { path };
  },

  async compact(cmd, ctx) {
    const feature = features(ctx);
    await ctx.runtime.abort();
    return feature.compaction.compact(cmd.customInstructions);
  },

  async set_todos(cmd, ctx) {
    return { todoPhases: features(ctx).todos.setFromHost(cmd.phases) };
  },

  async set_host_tools(cmd, ctx) {
    return { toolNames: features(ctx).hostTools.setTools(cmd.tools) };
  },
};
