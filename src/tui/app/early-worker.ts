// The worker starts before the UI's modules load (main.ts), so its start-up overlaps theirs. The
// connection's notices are held until the UI has subscribed (release), then delivered in order:
// nothing the worker says while the UI loads (a dialog, a notice) is lost.
import { createWorkerConnection, type BridgeNotice, type WorkerConnection } from "../../bridge/index.js";
import type { TuiCliOptions } from "./cli.js";
import { planWorker } from "../live/live-plan.js";
import { readLiveSettings } from "../live/live-settings.js";
import { sessionArgsForRestart } from "./restart-args.js";
import { createStartFailureFilter } from "./start-failure.js";

type Listener = (batch: readonly BridgeNotice[]) => void;

export type EarlyWorker = {
  /** The connection the UI uses: its subscribe() gets what was held, in order, on release(). */
  connection: WorkerConnection;
  /** Settles when the worker is ready (or failed to start): connection.start()'s outcome. */
  started: Promise<void>;
  /** Live-session support is on (the worker outlives this process). */
  live: boolean;
  /** Deliver the held notices to the listeners subscribed so far, and from now on directly. */
  release(): void;
};

/** Notices held until release(); `subscribe` is what the UI's listeners register with. */
export function holdNotices(source: Pick<WorkerConnection, "subscribe">): {
  subscribe: WorkerConnection["subscribe"];
  release: () => void;
} {
  const listeners = new Set<Listener>();
  let held: (readonly BridgeNotice[])[] | undefined = [];
  const fanOut = (batch: readonly BridgeNotice[]): void => {
    for (const listener of [...listeners]) listener(batch);
  };
  source.subscribe((batch) => (held ? held.push(batch) : fanOut(batch)));
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    release() {
      const batches = held ?? [];
      held = undefined;
      for (const batch of batches) fanOut(batch);
    },
  };
}

/** `connection` with subscribe() replaced; every other member is the connection's own (bound to it). */
function withSubscribe(c: WorkerConnection, subscribe: WorkerConnection["subscribe"]): WorkerConnection {
  return new Proxy(c, {
    get(target, key) {
      if (key === "subscribe") return subscribe;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Spawn the worker now (live sessions as planned by live-plan.ts). The connection is this
 * process's: the UI ends or detaches it on every way out, and a crash closes its pipes.
 */
export function startWorkerEarly(
  options: TuiCliOptions,
  env: NodeJS.ProcessEnv,
  cwd: string,
): EarlyWorker | { error: string } {
  const plan = planWorker(options, readLiveSettings(env));
  if ("error" in plan) return plan;
  const restartArgs = sessionArgsForRestart(options);
  const connection = createWorkerConnection({
    command: plan.command,
    cwd,
    env,
    restart: { maxRestarts: 3, windowMs: 60_000 },
    ...(restartArgs ? { sessionArgsForRestart: restartArgs } : {}),
    // A live worker may be the process we spawn (attach --or-serve): in a process group and
    // session of its own, the terminal's hangup and Ctrl+C never reach it.
    ...(plan.live ? { live: plan.live, ownProcessGroup: true } : {}),
  });
  // A failed start is said once, as agent-tui exits (run.tsx): not also as a crash in the transcript.
  const withoutStartFailure = createStartFailureFilter();
  const gate = holdNotices({
    subscribe: (listener) =>
      connection.subscribe((all) => {
        const batch = withoutStartFailure(all);
        if (batch.length > 0) listener(batch);
      }),
  });
  const started = connection.start();
  // The UI awaits `started` (and reports a failure); until then a rejection is not unhandled.
  started.catch(() => undefined);
  return {
    connection: withSubscribe(connection, gate.subscribe),
    started,
    live: plan.live !== undefined,
    release: gate.release,
  };
}
