// Leaving and listing live sessions: /detach (leave on purpose; the worker keeps going), the
// question a quit asks while a live run is working (detach, or stop it), and /sessions (the
// live workers with state, folder, age and pid; choosing one offers to stop it).
import type { SlashCommand } from "../slash/slash-registry.js";
import type { PickerHost } from "../pickers/picker-host.js";
import { comeBackCommand, currentInvocation, type Invocation } from "./come-back.js";
import { describeLiveSession, listLiveSessions, stopLiveSession, type LiveSession } from "./live-sessions.js";

export type LiveCommandDeps = {
  pickers: PickerHost;
  /** The worker command line (sessions are listed through it). */
  workerCommand: readonly string[];
  /** Leave: the worker keeps running. */
  detach(): void;
  /** The live worker this TUI is attached to, if any. */
  liveId(): string | undefined;
  /** Reattach this TUI to another live session. */
  attach(session: LiveSession): Promise<void>;
  now?: () => number;
};

/** How to return to live session `id`, as this agent-tui was started: the quit question and the detach line say it. */
function comeBack(id: string, invocation: Invocation): string {
  return `Come back with: ${comeBackCommand(invocation, id)}`;
}

/** What a quit does while live session `id` is working: the user chooses. */
export async function askQuitWhileWorking(
  pickers: PickerHost,
  id: string,
  invocation: Invocation = currentInvocation(),
): Promise<"detach" | "stop" | undefined> {
  const chosen = await pickers.open(
    "The agent is working. Leave it running?",
    [
      { id: "detach", label: "Detach: the run keeps going", detail: comeBack(id, invocation) },
      { id: "stop", label: "Stop the run and quit" },
    ],
    { hint: "enter choose · esc stay" },
  );
  return chosen?.id === "detach" || chosen?.id === "stop" ? chosen.id : undefined;
}

/** The line printed after leaving on purpose, with the command to come back as this agent-tui was started. */
export function detachedHint(id: string, invocation: Invocation = currentInvocation()): string {
  return `Detached: the session keeps running. ${comeBack(id, invocation)}\n`;
}

export function liveCommands(deps: LiveCommandDeps): SlashCommand[] {
  const now = deps.now ?? Date.now;
  return [
    {
      name: "detach",
      description: "leave; the session keeps running (agent-tui attach returns)",
      run(_args, ctx) {
        if (deps.liveId() === undefined) {
          ctx.notice("This worker is not a live session (--no-detach, or not agent-rpc): /quit ends it.", "warning");
          return;
        }
        deps.detach();
      },
    },
    {
      name: "sessions",
      description: "list the live sessions (state, folder, age, pid); attach to one or stop it",
      async run(_args, ctx) {
        const sessions = await listLiveSessions(deps.workerCommand);
        if (sessions.length === 0) {
          ctx.notice("No live sessions.");
          return;
        }
        const t = now();
        const items = sessions.map((s) => ({
          id: s.id,
          ...describeLiveSession(s, t),
          search: `${s.id} ${s.cwd}`,
          current: s.id === deps.liveId(),
        }));
        const hint = "enter: attach or stop… · esc close";
        const chosen = await deps.pickers.open("Live sessions", items, { hint });
        const session = sessions.find((s) => s.id === chosen?.id);
        if (!chosen || !session) return;
        if (session.id === deps.liveId()) {
          ctx.notice("That is this session: /quit ends it, /detach leaves it running.");
          return;
        }
        const action = await deps.pickers.open(chosen.label, [
          { id: "attach", label: "Attach to it here" },
          { id: "stop", label: "Stop it (its run is aborted, the session file is kept)" },
        ]);
        if (action?.id === "attach") await deps.attach(session);
        else if (action?.id === "stop") ctx.notice(await stopLiveSession(deps.workerCommand, session.id));
      },
    },
  ];
}
