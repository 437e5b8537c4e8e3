// A dead worker as `agent-rpc sessions --json [--watch]` lists it ({id, state: "dead", dead,
// last}): the fleet decodes it as a failed row saying the worker died (pid, log), with what
// resuming needs; the readers that list workers to attach to (the session pickers, the relay)
// skip it, as readers older than tombstones do; the attention signals announce it once.
import { describe, expect, it } from "vitest";
import { decodeLiveEntry } from "../../../src/agent/live/live-registry.js";
import { decodeFleetLine, decodeLiveSessions } from "../../../src/bridge/index.js";
import { attentionChanges, attentionText, rememberRows } from "../../../src/tui/fleet/attention.js";

const last = {
  id: "w1",
  pid: 4242,
  cwd: "/src/app",
  socket: "/live/w1.sock",
  log: "/live/w1.log",
  version: "1",
  startedAt: 10,
  sessionId: "w1",
  sessionFile: "/sessions/w1.jsonl",
  title: "fix the tests",
  state: "working",
  since: 20,
  attached: true,
  attachedChanged: 20,
  clients: 1,
  status: { activityAt: 20, tokens: { input: 100, output: 5 } },
};
const tomb = { id: "w1", state: "dead", dead: { at: 5000, reason: "worker died" }, last };
const live = { ...last, id: "w2", sessionId: "w2", state: "idle" };
const line = (sessions: unknown[]) => ({ type: "fleet", version: "1", at: 1, sessions });

describe("a dead worker in the fleet", () => {
  it("is a failed row saying the worker died, with its pid, log and session file", () => {
    const rows = decodeFleetLine("", line([live, tomb]))?.rows ?? [];
    expect(rows.map((r) => [r.id, r.state])).toEqual([
      ["w2", "idle"],
      ["w1", "failed"],
    ]);
    const dead = rows[1];
    expect(dead?.activity).toBe("worker died (pid 4242) · log /live/w1.log");
    expect(dead?.dead).toEqual({
      at: 5000,
      reason: "worker died",
      log: "/live/w1.log",
      sessionFile: "/sessions/w1.jsonl",
    });
    expect(dead).toMatchObject({ title: "fix the tests", cwd: "/src/app", since: 5000, attached: false });
    expect(rows[0]?.dead).toBeUndefined();
  });

  it("is skipped when malformed or nested, and by the readers that attach", () => {
    const bad = [
      { ...tomb, dead: {} },
      { ...tomb, last: tomb },
      { ...tomb, last: undefined },
    ];
    expect(decodeFleetLine("", line(bad))?.rows).toEqual([]);
    expect(decodeLiveSessions([live, tomb]).map((s) => s.id)).toEqual(["w2"]);
    expect(decodeLiveEntry(tomb)).toBeUndefined();
  });

  it("is announced once when a listed session dies, never again, and not when first seen dead", () => {
    const [alive] = decodeFleetLine("", line([{ ...last, state: "idle" }]))?.rows ?? [];
    const [dead] = decodeFleetLine("", line([tomb]))?.rows ?? [];
    const [later] = decodeFleetLine("", line([{ ...tomb, dead: { at: 9000, reason: "worker died" } }]))?.rows ?? [];
    if (!alive || !dead || !later) throw new Error("rows not decoded");
    const died = attentionChanges(rememberRows([alive]), [dead]);
    expect(died.map((a) => a.kind)).toEqual(["failed"]);
    expect(attentionText(died[0] as (typeof died)[0])).toBe(
      "fix the tests failed: worker died (pid 4242) · log /live/w1.log",
    );
    expect(attentionChanges(rememberRows([dead]), [later])).toEqual([]);
    expect(attentionChanges(rememberRows([]), [dead])).toEqual([]);
  });
});
