// pi.getAllTools / getActiveTools / setActiveTools and pi.setModel through the real runtime
// (faux provider): the next LLM request carries only the active tools, and setModel changes
// the model with the same events as the set_model command.
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage, Type, type Context } from "@mariozechner/pi-ai";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { modelCommands } from "../../../src/agent/commands/model-commands.js";
import type { CommandContext } from "../../../src/agent/commands/command-table.js";
import { setupExtensions } from "../../../src/agent/extensions/index.js";
import type { ExtensionAPI } from "../../../src/agent/extensions/api.js";
import type { AgentRuntime } from "../../../src/agent/runtime/agent-runtime.js";
import { createHarness, type Harness } from "../helpers/runtime-harness.js";

const harnesses: Harness[] = [];
afterEach(() => {
  for (const h of harnesses.splice(0)) h.dispose();
});

function plainTool(name: string): AgentTool {
  return {
    name,
    label: name,
    description: `The ${name} tool`,
    parameters: Type.Object({}),
    execute: async () => ({ content: [{ type: "text", text: name }], details: {} }),
  };
}

/** The runtime port as agent-server binds it (the members these tests use). */
function portFor(runtime: AgentRuntime) {
  return {
    toolNames: () => runtime.toolNames(),
    getThinkingLevel: () => runtime.thinkingLevel,
    activeToolNames: () => runtime.activeToolNames(),
    setActiveTools: (names: readonly string[]) => runtime.setActiveTools(names),
    allTools: () => runtime.allTools(),
    setModel: (provider: string, modelId: string) => runtime.selectModel(provider, modelId),
  };
}

async function withExtension(harness: Harness, factory: (pi: ExtensionAPI) => void) {
  const system = await setupExtensions({
    cwd: process.cwd(),
    home: undefined,
    cliPaths: [],
    settings: {},
    emit: () => undefined,
    warn: () => undefined,
    demo: false,
    startSession: false,
    runtime: portFor(harness.runtime),
  });
  await system.host.register({ path: "/ext/tools.ts", source: "cli", scope: "temporary" }, factory);
  harness.hooks.add(system.hooks);
}

describe("pi tool selection", () => {
  it("lists all tools with provenance and offers only the active ones to the next request", async () => {
    const harness = createHarness({ tools: [plainTool("alpha"), plainTool("beta")] });
    harnesses.push(harness);
    let api: ExtensionAPI | undefined;
    await withExtension(harness, (pi) => {
      api = pi;
      pi.registerTool({
        name: "gamma",
        description: "Extension tool",
        parameters: { type: "object", properties: {} },
        execute: async () => ({ content: [], details: {} }),
      });
    });
    const pi = api!;
    const all = pi.getAllTools();
    expect(all.map((t) => [t.name, t.sourceInfo.source])).toEqual([
      ["alpha", "builtin"],
      ["beta", "builtin"],
      ["gamma", "cli"],
    ]);
    expect(all[2]).toMatchObject({ description: "Extension tool", sourceInfo: { path: "/ext/tools.ts" } });
    expect(pi.getActiveTools()).toEqual(["alpha", "beta", "gamma"]);

    pi.setActiveTools(["gamma", "alpha", "no_such_tool"]);
    expect(pi.getActiveTools()).toEqual(["alpha", "gamma"]);
    expect(pi.getAllTools()).toHaveLength(3);

    const offered: string[][] = [];
    harness.faux.setResponses([
      (context: Context) => (offered.push((context.tools ?? []).map((t) => t.name)), fauxAssistantMessage("ok")),
    ]);
    await harness.runtime.prompt("hi");
    await harness.waitFor((e) => e.type === "agent_settled");
    expect(offered).toEqual([["alpha", "gamma"]]);
  });
});

describe("pi.setModel", () => {
  it("selects a model by provider/id with set_model's events; unknown models give false", async () => {
    const viaCommand = createHarness();
    harnesses.push(viaCommand);
    const ctx = { runtime: viaCommand.runtime, emit: (event) => viaCommand.runtime.emit(event) } as CommandContext;
    await modelCommands.set_model?.({ type: "set_model", provider: "faux", modelId: "faux-plain" } as never, ctx);
    const commandEvents = [...viaCommand.events];

    const harness = createHarness();
    harnesses.push(harness);
    let api: ExtensionAPI | undefined;
    await withExtension(harness, (pi) => void (api = pi));
    const pi = api!;
    expect(await pi.setModel({ provider: "faux", id: "nope" })).toBe(false);
    expect(harness.events).toEqual([]);
    expect(await pi.setModel({ provider: "faux", id: "faux-plain" })).toBe(true);
    // faux-plain cannot reason: the level drops to off, exactly as with set_model.
    expect(harness.events).toEqual(commandEvents);
    expect(harness.events).toEqual([{ type: "thinking_level_changed", level: "off" }]);
    expect(harness.runtime.model?.id).toBe("faux-plain");
    expect(pi.getThinkingLevel()).toBe("off");

    const models: string[] = [];
    harness.faux.setResponses([
      (_context: Context, _options: unknown, _state: unknown, model: { id: string }) => (
        models.push(model.id), fauxAssistantMessage("ok")
      ),
    ]);
    await harness.runtime.prompt("hi");
    await harness.waitFor((e) => e.type === "agent_settled");
    expect(models).toEqual(["faux-plain"]);
  });
});
