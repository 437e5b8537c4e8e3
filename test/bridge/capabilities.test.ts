// Flavour classification and the capability matrix (docs/protocol.md §3.12).
import { describe, expect, it } from "vitest";
import { applyProbe, CAPABILITY_PROBES, capabilitiesFor, classifyFlavour } from "../../src/bridge/capabilities.js";

describe("capabilities", () => {
  it("classifies flavours from get_state keys (docs/protocol.md §3.12)", () => {
    expect(classifyFlavour({ pendingMessageCount: 0, queuedMessageCount: 0, todoPhases: [] })).toBe("ours");
    expect(classifyFlavour({ todoPhases: [], interruptMode: "wait" })).toBe("xcsh");
    expect(classifyFlavour({ interruptMode: "wait", queuedMessageCount: 0 })).toBe("omp");
    expect(classifyFlavour({ pendingMessageCount: 0 })).toBe("pi");
  });
  it("downgrades pi to pi-0.73 when get_available_thinking_levels is unknown", () => {
    const caps = applyProbe(capabilitiesFor("pi"), "get_available_thinking_levels", false);
    expect(caps.flavour).toBe("pi-0.73");
    for (const c of ["get_entries", "get_tree", "set_todos", "set_host_tools", "clear_queue", "abort_and_prompt"])
      expect(caps.commands[c]).toBe(false);
    expect(caps.synthesisedSettled).toBe(true);
  });
  it("takes get_tree from the get_entries probe (never asks for a whole session tree at start)", () => {
    expect(CAPABILITY_PROBES).not.toContain("get_tree");
    expect(applyProbe(capabilitiesFor("unknown"), "get_entries", true).commands["get_tree"]).toBe(true);
    expect(applyProbe(capabilitiesFor("pi"), "get_entries", false).commands["get_tree"]).toBe(false);
  });
  it("uses branch aliases for oh-my-pi flavours", () => {
    expect(capabilitiesFor("omp").useBranchAliases).toBe(true);
    expect(capabilitiesFor("ours").synthesisedSettled).toBe(false);
  });
});

describe("continue", () => {
  it("is offered by agent-rpc only", () => {
    expect(capabilitiesFor("ours").commands["continue"]).toBe(true);
    for (const flavour of ["pi", "pi-0.73", "omp", "xcsh"] as const)
      expect(capabilitiesFor(flavour).commands["continue"], flavour).toBe(false);
    // pi found to be 0.73 by its probe keeps lacking it.
    expect(applyProbe(capabilitiesFor("pi"), "get_available_thinking_levels", false).commands["continue"]).toBe(false);
  });
});

describe("checkpoint commands", () => {
  it("are offered by agent-rpc only", () => {
    const commands = ["checkpoint_list", "checkpoint_diff", "checkpoint_restore", "checkpoint_write"];
    for (const c of commands) {
      expect(capabilitiesFor("ours").commands[c]).toBe(true);
      for (const flavour of ["pi", "pi-0.73", "omp", "xcsh"] as const)
        expect(capabilitiesFor(flavour).commands[c], `${flavour} ${c}`).toBe(false);
    }
  });
});
