// Switching from /fleet: allowed from a live session (it keeps running detached); from a worker
// that is not live the TUI stays, and says how to open the other session elsewhere.
import { describe, expect, it } from "vitest";
import type { FleetSource } from "../../../src/bridge/index.js";
import { switchTarget } from "../../../src/tui/fleet/fleet-switch.js";
import { row } from "./fleet-row.js";

const source = (reachable: boolean): FleetSource => ({
  snapshot: () => ({ rows: [], hosts: [], at: 0 }),
  subscribe: () => () => undefined,
  reach: (host) => (reachable ? (host === "" ? ["agent-rpc"] : ["ssh", host, "agent-rpc"]) : undefined),
  stop: () => undefined,
});

describe("switching to a fleet row's session", () => {
  it("goes ahead from a live session", () => {
    expect(switchTarget("w-shown", row("w-other", "idle"), source(true))).toEqual({ reach: ["agent-rpc"] });
  });

  it("stays on a worker that is not live, and names the command for another terminal", () => {
    expect(switchTarget(undefined, row("w-other", "idle"), source(true))).toEqual({
      refusal:
        "Not switched: this session's worker is not a live one, and leaving it would end it. " +
        "In another terminal: agent-tui attach w-other",
    });
    const remote = { ...row("w-far", "idle"), host: "devbox" };
    const far = switchTarget(undefined, remote, source(true));
    expect("refusal" in far ? far.refusal : "").toContain("agent-tui attach w-far --agent ssh devbox agent-rpc");
  });

  it("says when the row's host cannot be reached", () => {
    expect(switchTarget("w-shown", { ...row("w-far", "idle"), host: "devbox" }, source(false))).toEqual({
      refusal: "No way to reach devbox.",
    });
  });
});
