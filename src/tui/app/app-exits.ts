// The ways out of agent-tui and between live sessions: exit (restore the terminal, then end the
// worker or leave a live one running), detach, quit (Ctrl+D, /quit: asks while a live run
// works), reattaching to another live session, and the process signals that mean "detach".
import type { Instance } from "ink";
import { toSessionSnapshot, visibleText, type WorkerConnection } from "../../bridge/index.js";
import { askQuitWhileWorking, detachedHint } from "../live/live-commands.js";
import { liveWorkerCommand } from "../live/live-command.js";
import type { LiveSession } from "../live/live-sessions.js";
import type { PickerHost } from "../pickers/picker-host.js";
import type { Store } from "../state/store.js";
import type { ExitFrame } from "../state/types.js";
import { liveSessionId } from "../state/worker-info.js";
import type { TerminalSession } from "../terminal/terminal-session.js";

export type AppExits = {
  /** `end`: the worker ends too (as before live sessions); `detach`: a live worker keeps running. */
  exit(code?: number, how?: "end" | "detach", farewell?: string): void;
  /** The worker did not start: no frame is left on screen, `line` says why, and agent-tui exits 1. */
  failStart(line: string): void;
  /** The live worker followed, while it has not let us go. */
  liveId(): string | undefined;
  detach(): void;
  /** /detach and its key: detach, or say why this worker cannot be left running. */
  detachOrSay(): void;
  /** Ctrl+D, /quit: end the worker as before, unless a live run is working: then ask. */
  quit(): Promise<void>;
  /**
   * Reattach to another live session: this worker ends (or, while working, stays live; with
   * `leave: "detach"` it stays live in any case). `reach`: the command up to agent-rpc that
   * reaches the session's host (a fleet host's transport), else this TUI's own worker command.
   */
  attachTo(session: LiveSession, how?: AttachHow): Promise<void>;
};

/** `host`: the fleet host the session runs on (its files are not this machine's). */
export type AttachHow = { reach?: readonly string[]; leave?: "detach"; host?: string };

export type ExitDeps = {
  store: Store;
  connection: WorkerConnection;
  term: TerminalSession;
  ink: () => Instance | undefined;
  workerCommand: string[];
  pickers: () => PickerHost;
  /** Settles once the leaving frame is committed (exit-frame.ts). */
  exitFrameDrawn: (limitMs: number) => Promise<void>;
};

/** The longest wait for React to commit the leaving frame; it takes milliseconds unless the machine is starved. */
const EXIT_FRAME_LIMIT_MS = 2000;

/** A worker that ignores SIGTERM must not keep the UI hanging. */
const EXIT_DEADLINE_MS = 9000;

export function createAppExits(d: ExitDeps): AppExits {
  const { store, connection } = d;
  /** This machine's name in file links, when they were on at start (a local worker, not `links: false`). */
  const linksHost = store.getState().ui.links?.host;
  let exiting = false;
  const leave = (code: number, how: "end" | "detach", farewell: string | undefined, frame: ExitFrame): void => {
    if (exiting) return;
    exiting = true;
    store.dispatch({ type: "exit_requested", frame });
    store.flush();
    // Unmounting before React commits the leaving frame would leave the previous frame on
    // screen, passing rows and all (exit-frame.ts).
    const drawn = d.ink() === undefined ? Promise.resolve() : d.exitFrameDrawn(EXIT_FRAME_LIMIT_MS);
    void drawn.then(() => {
      d.ink()?.unmount();
      d.term.restore();
      // The hint names the live id the worker gave: its text, so it crosses the sanitiser.
      if (farewell) process.stderr.write(visibleText(farewell));
      const done = (): never => process.exit(code);
      (how === "end" ? connection.shutdownWorker() : connection.stop()).then(done, (error: unknown) => {
        process.stderr.write(`agent-tui: stopping the worker failed: ${visibleText(String(error))}\n`);
        done();
      });
      setTimeout(done, EXIT_DEADLINE_MS).unref();
    });
  };
  const exits: AppExits = {
    exit(code = 0, how = "end", farewell) {
      leave(code, how, farewell, "last_frame");
    },
    failStart(line) {
      leave(1, "end", `agent-tui: ${line}\n`, "no_frame");
    },
    liveId() {
      return liveSessionId(store.getState());
    },
    detach() {
      const id = exits.liveId();
      exits.exit(0, "detach", id ? detachedHint(id) : undefined);
    },
    detachOrSay() {
      if (exits.liveId() !== undefined) exits.detach();
      else
        store.dispatch({
          type: "toast",
          level: "warning",
          text: "This worker is not a live session (--no-detach, or not agent-rpc): /quit ends it",
          now: Date.now(),
        });
    },
    async quit() {
      const id = exits.liveId();
      if (id === undefined) return exits.exit(0);
      // Unreachable worker: leaving cannot stop it, and it keeps running.
      if (store.getState().worker.supervisor === "reconnecting") return exits.exit(0, "detach", detachedHint(id));
      if (!store.getState().run.busy) return exits.exit(0);
      const choice = await askQuitWhileWorking(d.pickers(), id);
      if (choice === "detach") exits.detach();
      else if (choice === "stop") exits.exit(0);
    },
    async attachTo(session, how = {}) {
      const command = liveWorkerCommand(how.reach ?? d.workerCommand, session.id);
      if (!command) return;
      const leave = how.leave === "detach" || store.getState().run.busy ? "detach" : "end";
      // File links (OSC 8) name this machine's files: a session on another host has none here; one
      // here has them again (if they were on at start), in its own folder.
      const here = how.host === undefined || how.host === "";
      const links = here && linksHost !== undefined ? { cwd: session.cwd, host: linksHost } : undefined;
      store.dispatch({ type: "links", target: links });
      // The attach answer says where this terminal now is, once (live-notices.ts: its title and state).
      const now = Date.now();
      store.dispatch({ type: "agent_event", event: { type: "queue_update", steering: [], followUp: [] }, now });
      store.dispatch({ type: "todos", phases: [] });
      await connection.switchWorker(command, leave);
      store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await connection.rpc.getState()) });
    },
  };
  return exits;
}

/**
 * The terminal went away or someone killed us: a live worker keeps running (detach). A crash
 * restores the terminal first.
 */
export function onProcessEvents(exits: AppExits, d: Pick<ExitDeps, "term" | "ink">): void {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    process.on(signal, () => exits.exit(code, "detach"));
  }
  process.on("uncaughtException", (error) => {
    d.ink()?.unmount();
    d.term.restore();
    process.stderr.write(`agent-tui: crashed: ${visibleText(error.stack ?? error.message)}\n`);
    process.exit(1);
  });
  process.on("exit", () => d.term.restore());
}
