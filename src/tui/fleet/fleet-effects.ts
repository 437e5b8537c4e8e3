// What the fleet view's keys do outside the view: each action runs through the bridge and
// comes back as the view actions that say how it went (a message line, the peek's text). The
// host of the UI (agent-tui fleet, or /fleet inside the TUI) says what opening a session means.
import {
  answerFleetDialog,
  peekFleetSession,
  startFleetSession,
  stopFleetSession,
  type FleetRow,
  type FleetSource,
  type UiResponse,
} from "../../bridge/index.js";
import type { FleetViewAction, NewSessionForm } from "./fleet-state.js";
import { dismissDeadRow, isDeadRow, peekDeadRow, resumeDeadRow } from "./fleet-dead.js";
import { nameOf } from "./fleet-lines.js";

export type FleetHostUi = {
  /** Switch to (attach) the session of `row`; resolves with a message when it did not leave the view. */
  open(row: FleetRow): Promise<string | undefined>;
  close(): void;
  /** The folder a new session starts in by default. */
  cwd: string;
};

export type FleetEffects = {
  open(row: FleetRow): void;
  close(): void;
  answer(row: FleetRow, dialogId: string, response: UiResponse): void;
  peek(row: FleetRow): void;
  stop(row: FleetRow): void;
  start(form: NewSessionForm): void;
  cwd: string;
};

const failed = (what: string, error: unknown): string =>
  `${what}: ${error instanceof Error ? error.message : String(error)}`;

export function createFleetEffects(
  source: FleetSource,
  host: FleetHostUi,
  dispatch: (a: FleetViewAction) => void,
): FleetEffects {
  const say = (text: string): void => dispatch({ type: "message", text });
  const reachOf = (row: FleetRow): readonly string[] | undefined => {
    const reach = source.reach(row.host);
    if (!reach) say(`No way to reach ${row.host === "" ? "this machine" : row.host}.`);
    return reach;
  };
  return {
    cwd: host.cwd,
    close: host.close,
    open(row) {
      if (isDeadRow(row))
        return void resumeDeadRow(source, (r) => host.open(r), row, say).catch((error: unknown) =>
          say(failed("Could not resume", error)),
        );
      host.open(row).then(
        (message) => message !== undefined && say(message),
        (error: unknown) => say(failed("Could not switch", error)),
      );
    },
    answer(row, dialogId, response) {
      const reach = reachOf(row);
      dispatch({ type: "mode", mode: { kind: "list" } });
      if (!reach) return;
      say(`Answering ${nameOf(row)}…`);
      void answerFleetDialog(reach, row.id, dialogId, response).then((r) =>
        // ok means the answer was handed to the session's relay, not that the session took it:
        // its row says that, when it stops needing input.
        say(r.ok ? `Sent the answer to ${nameOf(row)}.` : `Could not answer ${nameOf(row)}: ${r.error}`),
      );
    },
    peek(row) {
      if (isDeadRow(row)) return peekDeadRow(row, dispatch, say);
      const reach = reachOf(row);
      if (!reach) return;
      dispatch({ type: "mode", mode: { kind: "peek", key: row.key, lines: undefined } });
      void peekFleetSession(reach, row.id, 6).then((r) => {
        if (typeof r === "string") {
          dispatch({ type: "mode", mode: { kind: "list" } });
          say(`Could not peek: ${r}`);
        } else dispatch({ type: "mode", mode: { kind: "peek", key: row.key, lines: r.lines } });
      });
    },
    stop(row) {
      const reach = reachOf(row);
      dispatch({ type: "mode", mode: { kind: "list" } });
      if (!reach) return;
      if (isDeadRow(row)) return void dismissDeadRow(reach, row, say);
      void stopFleetSession(reach, row.id).then((r) =>
        say(
          r.ok
            ? `Stopped ${nameOf(row)}; what it said is in its session file, if it had one.`
            : `Could not stop it: ${r.error}`,
        ),
      );
    },
    start(form) {
      const reach = source.reach("");
      dispatch({ type: "mode", mode: { kind: "list" } });
      if (!reach) return say("New sessions start on this machine, and it has no agent-rpc here.");
      const worktree = form.worktree && form.branch.trim() !== "";
      const branch = form.branch.trim();
      const request = worktree
        ? { cwd: form.folder, worktree: { branch, path: `../${branchFolder(form.folder, branch)}` } }
        : { cwd: form.folder };
      say(worktree ? `Creating worktree on branch ${branch}…` : `Starting a session in ${form.folder}…`);
      startFleetSession(reach, request).then(
        (r) => say(r.ok ? `Started a session in ${r.cwd}.` : `Could not start it: ${r.error}`),
        (error: unknown) => say(failed("Could not start it", error)),
      );
    },
  };
}

/** The worktree's folder beside the repository: `<repo>-<branch>` (slashes of the branch as dashes). */
export function branchFolder(repo: string, branch: string): string {
  const name = repo.replace(/\/+$/, "").split("/").pop() ?? "repo";
  return `${name}-${branch.replace(/[^A-Za-z0-9._-]+/g, "-")}`;
}
