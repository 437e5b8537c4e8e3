// The worker supervisor alone, over in-memory processes: start, exits, restarts under the
// budget with back-off, failed start-up, degradation, stop, and stale generations.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRestartBudget } from "../../src/bridge/restart-policy.js";
import type { RestartPolicy, SupervisorState, WorkerExitInfo } from "../../src/bridge/types.js";
import { WorkerSupervisor } from "../../src/bridge/worker-supervisor.js";
import type { ExitHandler, ExitKind, GenerationSource } from "../../src/bridge/worker-supervisor.js";
import type { NoticeSink } from "../../src/bridge/notice-batcher.js";
import { fakeProcess, type FakeProcess } from "./helpers/fake-process.js";
import { waitFor } from "./helpers.js";

interface Rig {
  supervisor: WorkerSupervisor;
  processes: FakeProcess[];
  spawns: { generation: number; isRestart: boolean }[];
  states: SupervisorState[];
  ended: WorkerExitInfo[];
  failures: string[];
  /** What the next bring-up does: resolve (default) or reject with this message. */
  bringUpFails: string[];
  /** Resolve the pending bring-up by hand (when `manualBringUp`). */
  releaseBringUp(): void;
}

function rig(
  policy: RestartPolicy | false = { maxRestarts: 2, windowMs: 60_000, backoffMs: [0] },
  manualBringUp = false,
  exitKinds: ExitKind[] = [],
  releaseOnEnd = false,
): Rig {
  const processes: FakeProcess[] = [];
  const spawns: Rig["spawns"] = [];
  const states: SupervisorState[] = [];
  const ended: WorkerExitInfo[] = [];
  const failures: string[] = [];
  const bringUpFails: string[] = [];
  let release: () => void = () => undefined;
  const generations: GenerationSource = {
    spawn(generation, isRestart, exited) {
      spawns.push({ generation, isRestart });
      const p = fakeProcess(exited, { stderrTail: `stderr of ${generation}` });
      processes.push(p);
      return p;
    },
    async bringUp() {
      const failure = bringUpFails.shift();
      if (failure) throw new Error(failure);
      if (manualBringUp) await new Promise<void>((resolve) => (release = resolve));
    },
    lastFrame: () => ({ type: "message_update", at: 1 }),
  };
  const exits: ExitHandler = { classify: () => exitKinds.shift() ?? "crash", settle: (info) => ended.push(info) };
  const notices: NoticeSink = {
    emit(n) {
      if (n.kind === "supervisor") states.push(n.state);
      else if (n.kind === "notification") failures.push(n.message);
    },
  };
  const supervisor = new WorkerSupervisor(generations, exits, notices, {
    budget: createRestartBudget(policy),
    shutdownTimeoutsMs: { closeWaitMs: 50, termWaitMs: 50 },
    ...(releaseOnEnd ? { releaseOnEnd: true } : {}),
  });
  return { supervisor, processes, spawns, states, ended, failures, bringUpFails, releaseBringUp: () => release() };
}

/** Let queued promise callbacks run (for checks that something did not happen). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

afterEach(() => {
  vi.useRealTimers();
});

describe("worker supervisor", () => {
  it("starts generation 1 and is running once it is brought up", async () => {
    const r = rig();
    await r.supervisor.start();
    expect(r.spawns).toEqual([{ generation: 1, isRestart: false }]);
    expect(r.states).toEqual(["starting", "running"]);
    expect(r.supervisor.view()).toMatchObject({ state: "running", generation: 1, worker: r.processes[0] });
  });

  it("an exit while running is reported, settled by the owner, and restarted as a new generation", async () => {
    const r = rig();
    await r.supervisor.start();
    r.processes[0]!.die(3);
    await waitFor(() => r.supervisor.view().state === "running" && r.spawns.length === 2, 2000, "the restart");
    expect(r.ended).toEqual([
      // The pid says which process ended: a live worker run in place is its own exit (connection-live.ts).
      {
        generation: 1,
        code: 3,
        signal: null,
        intentional: false,
        pid: 4242,
        stderrTail: "stderr of 1",
        lastFrame: { type: "message_update", at: 1 },
      },
    ]);
    expect(r.states).toEqual(["starting", "running", "exited", "recovering", "running"]);
    expect(r.spawns).toEqual([
      { generation: 1, isRestart: false },
      { generation: 2, isRestart: true },
    ]);
    expect(r.supervisor.view()).toMatchObject({ state: "running", generation: 2, restartsInWindow: 1 });
  });

  it("waits for the back-off step before relaunching", async () => {
    vi.useFakeTimers();
    const r = rig({ maxRestarts: 3, windowMs: 60_000, backoffMs: [1000] });
    await r.supervisor.start();
    r.processes[0]!.die(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(r.spawns).toHaveLength(1);
    expect(r.supervisor.view().state).toBe("recovering");
    await vi.advanceTimersByTimeAsync(1);
    expect(r.spawns).toHaveLength(2);
    expect(r.supervisor.view().state).toBe("running");
  });

  it("gives up once the budget is used and reports failed with the last exit", async () => {
    const r = rig({ maxRestarts: 1, windowMs: 60_000, backoffMs: [0] });
    await r.supervisor.start();
    r.processes[0]!.die(1);
    await waitFor(() => r.supervisor.view().state === "running" && r.spawns.length === 2, 2000, "the restart");
    r.processes[1]!.die(2);
    await waitFor(() => r.supervisor.view().state === "failed", 2000, "failed");
    expect(r.spawns).toHaveLength(2);
    expect(r.states.slice(-2)).toEqual(["exited", "failed"]);
    expect(r.supervisor.view()).toMatchObject({ state: "failed", lastExit: { generation: 2, code: 2 } });
  });

  it("a generation that cannot be brought up at start is killed and start() fails without a restart", async () => {
    const r = rig();
    r.bringUpFails.push("Worker not ready within 10 ms");
    await expect(r.supervisor.start()).rejects.toThrow("Worker not ready within 10 ms");
    expect(r.processes[0]!.signals).toEqual(["SIGKILL"]);
    expect(r.states).toEqual(["starting", "exited", "failed"]);
    expect(r.ended[0]).toMatchObject({ reason: "Worker not ready within 10 ms", signal: "SIGKILL" });
    expect(r.spawns).toHaveLength(1);
  });

  it("a failed restart is reported and its exit drives the next attempt", async () => {
    const r = rig({ maxRestarts: 2, windowMs: 60_000, backoffMs: [0] });
    await r.supervisor.start();
    r.bringUpFails.push("rehydration failed");
    r.processes[0]!.die(1);
    await waitFor(() => r.supervisor.view().state === "running" && r.spawns.length === 3, 2000, "the second restart");
    expect(r.failures).toEqual(["Restart failed: rehydration failed"]);
    expect(r.spawns.map((s) => s.generation)).toEqual([1, 2, 3]);
    expect(r.supervisor.view()).toMatchObject({ state: "running", generation: 3 });
  });

  it("a lost link to a live worker is left to its owner: no settling, no restart, until reconnect()", async () => {
    const r = rig(undefined, false, ["link_lost"]);
    await r.supervisor.start();
    r.processes[0]!.die(255);
    await settle();
    expect(r.ended).toEqual([]);
    expect(r.spawns).toHaveLength(1);
    r.supervisor.markLink("reconnecting", r.supervisor.view().lastExit);
    expect(r.supervisor.view().state).toBe("reconnecting");
    await r.supervisor.reconnect();
    expect(r.spawns).toEqual([
      { generation: 1, isRestart: false },
      { generation: 2, isRestart: true },
    ]);
    expect(r.states.slice(-2)).toEqual(["reconnecting", "running"]);
  });

  it("a live worker that let this client go is not restarted: the exit counts as intentional", async () => {
    const r = rig(undefined, false, ["released"]);
    await r.supervisor.start();
    r.processes[0]!.die(0);
    await waitFor(() => r.supervisor.view().state === "stopped", 2000, "stopped");
    expect(r.ended[0]).toMatchObject({ generation: 1, intentional: true });
    expect(r.spawns).toHaveLength(1);
  });

  it("degrade() ends the running generation and the exit restarts it", async () => {
    const r = rig();
    await r.supervisor.start();
    r.supervisor.degrade(1, "Degraded: 3 protocol errors");
    await waitFor(() => r.supervisor.view().state === "running" && r.spawns.length === 2, 2000, "the restart");
    expect(r.processes[0]!.stdinClosed).toBe(true);
    expect(r.states).toEqual(["starting", "running", "degraded", "exited", "recovering", "running"]);
    expect(r.ended[0]).toMatchObject({ reason: "Degraded: 3 protocol errors", intentional: false });
  });

  it("degrade() of an old generation does nothing", async () => {
    const r = rig();
    await r.supervisor.start();
    r.processes[0]!.die(1);
    await waitFor(() => r.supervisor.view().state === "running" && r.spawns.length === 2, 2000, "the restart");
    r.supervisor.degrade(1, "late");
    expect(r.supervisor.view()).toMatchObject({ state: "running", generation: 2 });
    expect(r.processes[1]!.isAlive()).toBe(true);
  });

  it("stop() closes stdin, the exit is intentional, nothing restarts; a second stop() is harmless", async () => {
    const r = rig();
    await r.supervisor.start();
    let beforeTerminate = 0;
    await r.supervisor.stop(() => (beforeTerminate += 1));
    expect(beforeTerminate).toBe(1);
    expect(r.processes[0]!.stdinClosed).toBe(true);
    expect(r.ended[0]).toMatchObject({ intentional: true, code: 0 });
    expect(r.states).toEqual(["starting", "running", "stopped"]);
    await r.supervisor.stop();
    expect(r.states).toEqual(["starting", "running", "stopped"]);
    expect(r.spawns).toHaveLength(1);
  });

  it("a live worker is released, never signalled: stop(), degrade() and a take-over only let it go", async () => {
    const r = rig({ maxRestarts: 2, windowMs: 60_000, backoffMs: [0] }, false, ["released"], true);
    await r.supervisor.start();
    await r.supervisor.stop();
    expect(r.processes[0]).toMatchObject({ released: true, signals: [] });
    expect(r.ended[0]).toMatchObject({ intentional: true, code: null, signal: null });
    expect(r.states).toEqual(["starting", "running", "stopped"]);

    const d = rig({ maxRestarts: 2, windowMs: 60_000, backoffMs: [0] }, false, [], true);
    await d.supervisor.start();
    d.supervisor.degrade(1, "garbage on stdout");
    await waitFor(() => d.spawns.length === 2);
    expect(d.processes[0]).toMatchObject({ released: true, signals: [] });

    const t = rig({ maxRestarts: 2, windowMs: 60_000, backoffMs: [0] }, false, ["released"], true);
    await t.supervisor.start();
    t.supervisor.releaseCurrent();
    expect(t.processes[0]).toMatchObject({ released: true, signals: [] });
    expect(t.states.at(-1)).toBe("stopped");
    expect(t.spawns).toHaveLength(1);
  });

  it("restart() after failed starts afresh with a new budget; start() refuses while running", async () => {
    const r = rig(false);
    await r.supervisor.start();
    await expect(r.supervisor.start()).rejects.toThrow("start(): worker is running");
    r.processes[0]!.die(1);
    expect(r.supervisor.view().state).toBe("failed");
    await r.supervisor.restart();
    expect(r.spawns.at(-1)).toEqual({ generation: 2, isRestart: true });
    expect(r.supervisor.view().state).toBe("running");
  });

  it("whenStarted() holds callers until the bring-up in progress is over", async () => {
    const r = rig(false, true);
    const started = r.supervisor.start();
    let released = false;
    const waiting = r.supervisor.whenStarted().then(() => {
      released = true;
    });
    await settle();
    expect(released).toBe(false);
    r.releaseBringUp();
    await started;
    await waiting;
    expect(released).toBe(true);
  });
});
