// Names for copies of a session: /fork and /clone give the new session "<name> (fork)" or
// "<name> (clone)", so /resume tells it from the session it came from (without one both show
// the same name or first message).
import type { SlashContext } from "./slash-registry.js";
import { slashSupported } from "./slash-deps.js";
import { oneLine } from "../render/preview.js";

const NAME_BASE_MAX = 40;

/** What the session is called now: its name, else its first prompt (shortened). */
export async function currentSessionLabel(ctx: SlashContext): Promise<string | undefined> {
  const named = ctx.store.getState().footer.sessionName;
  if (named) return named;
  // Without get_fork_messages the copy keeps the worker's default name.
  if (!slashSupported("fork", ctx.store.getState())) return undefined;
  const text = (await ctx.connection.rpc.getForkMessages()).messages[0]?.text;
  const first = text === undefined ? undefined : oneLine(text);
  if (!first) return undefined;
  return first.length > NAME_BASE_MAX ? `${first.slice(0, NAME_BASE_MAX - 1)}…` : first;
}

/**
 * Give a fork or clone a name of its own ("<name> (clone)"), so /resume tells it from the
 * session it came from: without one both show the same name or first message.
 */
export async function nameCopy(ctx: SlashContext, base: string | undefined, kind: "clone" | "fork"): Promise<void> {
  if (base === undefined || !slashSupported("name", ctx.store.getState())) return;
  const name = `${base.replace(/ \((clone|fork)\)$/, "")} (${kind})`;
  await ctx.connection.rpc.setSessionName(name);
  ctx.store.dispatch({ type: "agent_event", event: { type: "session_info_changed", name }, now: Date.now() });
}
