// The worker's model alone (worker-tracker.ts), without a process: what the worker reports
// becomes capabilities, client events and the run state, whose settledness is synthesised
// through the tracker's own get_state probe.
import { describe, expect, it } from "vitest";
import type { BridgeNotice } from "../../src/bridge/types.js";
import type { AgentEvent } from "../../src/bridge/wire-types.js";
import { WorkerTracker } from "../../src/bridge/worker-tracker.js";
import { waitFor } from "./helpers.js";

function rig(probe: () => Promise<unknown>) {
  const notices: BridgeNotice[] = [];
  const requests: string[] = [];
  const request = (type: string): Promise<unknown> => {
    requests.push(type);
    return probe();
  };
  const tracker = new WorkerTracker({ emit: (n) => notices.push(n) }, request, {
    settleQuietMs: 1,
    continuationQuietMs: 1,
  });
  const runStates = (): string[] => notices.flatMap((n) => (n.kind === "run_state" ? [n.state] : []));
  return { tracker, notices, requests, runStates };
}

const agentStart = { type: "agent_start" } as AgentEvent;
const agentEnd = { type: "agent_end", messages: [] } as unknown as AgentEvent;

describe("worker tracker", () => {
  it("synthesises settledness: after agent_end and the quiet period, the worker's get_state says it is idle", async () => {
    const r = rig(async () => ({ isStreaming: false, isCompacting: false }));
    r.tracker.event(agentStart, false);
    expect(r.tracker.runGoing()).toBe(true);
    r.tracker.event(agentEnd, false);
    await waitFor(() => r.tracker.runState === "settled", 2000, "settled");
    expect(r.requests).toEqual(["get_state"]);
    expect(r.runStates()).toEqual(["streaming", "settling", "settled"]);
    expect(r.tracker.runGoing()).toBe(false);
    // The events themselves reach the UI as client events.
    expect(r.notices.filter((n) => n.kind === "event").length).toBeGreaterThanOrEqual(2);
  });

  it("a probe without an answer does not leave the run spinning", async () => {
    const r = rig(() => Promise.reject(new Error("no worker")));
    r.tracker.event(agentStart, false);
    r.tracker.event(agentEnd, false);
    await waitFor(() => r.tracker.runState === "settled", 2000, "settled");
  });

  it("an `Unknown command:` report marks the command unsupported and announces the capabilities", () => {
    const r = rig(async () => ({}));
    expect(r.tracker.supports("get_tree")).toBe(true);
    r.tracker.unsupported("get_tree");
    expect(r.tracker.supports("get_tree")).toBe(false);
    const announced = r.notices.filter((n) => n.kind === "capabilities");
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ capabilities: { commands: { get_tree: false } } });
  });

  it("a worker that sends agent_settled is not probed: settledness is its own", () => {
    const r = rig(async () => ({ isStreaming: false, isCompacting: false }));
    r.tracker.setCapabilities({ ...r.tracker.capabilities, synthesisedSettled: false });
    r.tracker.event(agentStart, false);
    r.tracker.event(agentEnd, false);
    r.tracker.event({ type: "agent_settled" } as AgentEvent, false);
    expect(r.tracker.runState).toBe("settled");
    expect(r.requests).toEqual([]);
  });
});
