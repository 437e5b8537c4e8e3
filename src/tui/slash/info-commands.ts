// /name, /compact [instructions], /export [--force] [path], /stats, /copy and /restart (after the
// worker's restart budget is spent).
import type { SessionStats } from "../../bridge/index.js";
import { describeCopy } from "../terminal/clipboard.js";
import type { SlashCommand } from "./slash-registry.js";
import { formatTokens } from "../render/footer-lines.js";
import type { SlashDeps } from "./slash-deps.js";
import { compactCommand } from "./compact-command.js";

export function formatStats(s: SessionStats): string {
  const t = s.tokens;
  const ctx = s.contextUsage;
  return [
    "Session stats",
    `  messages   ${s.userMessages} user · ${s.assistantMessages} assistant · ` +
      `${s.toolCalls} tool calls (${s.totalMessages} total)`,
    `  tokens     ${formatTokens(t.input)} in · ${formatTokens(t.output)} out · ` +
      `${formatTokens(t.cacheRead)} cache read · ${formatTokens(t.cacheWrite)} cache write`,
    `  cost       $${s.cost.toFixed(4)}`,
    ...(ctx
      ? [
          `  context    ${ctx.tokens === null ? "?" : formatTokens(ctx.tokens)} / ${formatTokens(ctx.contextWindow)}` +
            (ctx.percent === null ? "" : ` (${Math.round(ctx.percent)}%)`),
        ]
      : []),
    ...(s.sessionFile ? [`  file       ${s.sessionFile}`] : []),
    `  id         ${s.sessionId}`,
  ].join("\n");
}

export function infoCommands(deps: SlashDeps): SlashCommand[] {
  return [
    {
      name: "name",
      description: "name this session: /name <name>",
      async run(args, ctx) {
        if (args === "") {
          const current = ctx.store.getState().footer.sessionName;
          ctx.notice(
            current ? `This session is named "${current}". Rename it with /name <name>.` : "Usage: /name <name>",
          );
          return;
        }
        await ctx.connection.rpc.setSessionName(args);
        ctx.store.dispatch({
          type: "agent_event",
          event: { type: "session_info_changed", name: args },
          now: Date.now(),
        });
        ctx.store.dispatch({ type: "toast", level: "info", text: `Session named "${args}"`, now: Date.now() });
      },
    },
    compactCommand,
    {
      name: "export",
      description: "export the session to HTML: /export [--force] [path] (--force replaces an existing file)",
      async run(args, ctx) {
        const force = /^--force(\s|$)/.test(args);
        const path = (force ? args.slice("--force".length) : args).trim();
        let r: { path: string };
        try {
          r = await ctx.connection.rpc.exportHtml(
            path === "" ? undefined : path,
            force ? { overwrite: true } : undefined,
          );
        } catch (error) {
          if (force || !/already exists/.test(String(error))) throw error;
          ctx.notice(`${path} already exists: /export --force ${path} replaces it.`, "warning");
          return;
        }
        ctx.notice(`Exported to ${r.path}`);
      },
    },
    {
      name: "stats",
      description: "show token, cost and message counts",
      async run(_args, ctx) {
        ctx.notice(formatStats(await ctx.connection.rpc.getSessionStats()));
      },
    },
    {
      name: "copy",
      description: "copy the last answer (OSC 52, a local clipboard program, a file)",
      async run(_args, ctx) {
        const { text } = await ctx.connection.rpc.getLastAssistantText();
        if (text === null || text === "") {
          ctx.notice("There is no answer to copy yet.");
          return;
        }
        ctx.notice(describeCopy("The last answer", await deps.copy(text)));
      },
    },
    {
      name: "restart",
      description: "restart the worker after it kept crashing",
      async run(_args, ctx) {
        if (!deps.restart) {
          ctx.notice("Restarting is not available here.", "warning");
          return;
        }
        const supervisor = ctx.store.getState().worker.supervisor ?? "stopped";
        if (supervisor !== "failed" && supervisor !== "stopped") {
          ctx.notice(`The worker is ${supervisor}; /restart is for after it has stopped.`);
          return;
        }
        await deps.restart();
      },
    },
  ];
}
