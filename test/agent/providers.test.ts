// Model resolution and configuration: models.json in pi's schema, API keys from named
// environment variables, headers never on the wire, CLI patterns, the demo fallback, and
// settings.json decoding with defaults.

import "./helpers/isolated-tmp.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, decodeSettings, loadConfig } from "../../src/agent/config.js";
import { ModelRegistry, publicModel, resolveConfigValue } from "../../src/agent/providers/model-registry.js";
import { DEMO_END, planDemoAnswer } from "../../src/agent/providers/demo-script.js";
import { clampThinkingLevel, supportedThinkingLevels } from "../../src/agent/providers/thinking.js";

const MODELS = {
  providers: {
    local: {
      baseUrl: "http://127.0.0.1:11434/v1",
      api: "openai-completions",
      apiKey: "LOCAL_KEY_VAR",
      headers: { "x-secret": "s3cret" },
      models: [{ id: "qwen3:8b", reasoning: true, contextWindow: 32000 }, { id: "tiny" }],
    },
    broken: { models: [] },
  },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function load(models: unknown, settings?: unknown) {
  dir = mkdtempSync(join(tmpdir(), "agent-rpc-config-"));
  writeFileSync(join(dir, "models.json"), typeof models === "string" ? models : JSON.stringify(models));
  if (settings !== undefined) writeFileSync(join(dir, "settings.json"), JSON.stringify(settings));
  const warnings: string[] = [];
  return { config: loadConfig(dir, (m) => warnings.push(m)), warnings };
}

describe("models.json and the registry", () => {
  it("builds custom models, resolves keys from env names and hides headers", async () => {
    const { config, warnings } = load(MODELS);
    expect(warnings.join("\n")).toContain('provider "broken"');
    const registry = new ModelRegistry(config.models, { LOCAL_KEY_VAR: "from-env" });
    const model = registry.findLocal("local", "qwen3:8b");
    expect(model).toMatchObject({
      provider: "local",
      api: "openai-completions",
      reasoning: true,
      contextWindow: 32000,
      headers: { "x-secret": "s3cret" },
    });
    expect(publicModel(model!)).not.toHaveProperty("headers");
    expect(await registry.apiKeyFor("local")).toBe("from-env");
    expect(resolveConfigValue("literal-key", {})).toBe("literal-key");
  });

  it("resolves provider/id patterns with a :thinking suffix, and ids containing a colon", async () => {
    const { config } = load(MODELS);
    const registry = new ModelRegistry(config.models, {});
    expect(await registry.resolvePattern(undefined, "local/qwen3:8b:high")).toMatchObject({
      model: { id: "qwen3:8b" },
      thinkingLevel: "high",
    });
    expect(await registry.resolvePattern(undefined, "local/qwen3:8b")).toMatchObject({ model: { id: "qwen3:8b" } });
    expect(await registry.resolvePattern("local", "tiny")).toMatchObject({ model: { id: "tiny" } });
    expect((await registry.resolvePattern("local", "nope")).error).toBe("Model not found: local/nope");
  });

  it("starts with the first custom model, or the settings default", async () => {
    const { config } = load(MODELS, { defaultProvider: "local", defaultModel: "tiny" });
    const registry = new ModelRegistry(config.models, {});
    expect((await registry.resolveInitial({}, config.settings)).model?.id).toBe("tiny");
    expect((await registry.resolveInitial({}, DEFAULT_SETTINGS)).model?.id).toBe("qwen3:8b");
    expect((await registry.resolveInitial({ provider: "demo" }, DEFAULT_SETTINGS)).model?.provider).toBe("demo");
  });

  it("falls back to the demo model only when nothing is configured and no key is set", async () => {
    const registry = new ModelRegistry({ providers: {} }, {});
    const saved = { ...process.env };
    for (const key of Object.keys(process.env)) if (/_API_KEY$|_TOKEN$/.test(key)) delete process.env[key];
    try {
      const choice = await registry.resolveInitial({}, DEFAULT_SETTINGS);
      expect(choice.model?.provider).toBe("demo");
      expect(choice.notice).toContain("demo");
      process.env["ANTHROPIC_API_KEY"] = "sk-ant-test";
      const real = await registry.resolveInitial({}, DEFAULT_SETTINGS);
      expect(real.model?.provider).toBe("anthropic");
      expect(real.notice).toBeUndefined();
    } finally {
      process.env = saved;
    }
  });

  it("ignores a broken models.json with a warning", () => {
    const { config, warnings } = load("{ not json");
    expect(config.models.providers).toEqual({});
    expect(warnings[0]).toContain("models.json");
  });
});

describe("settings and thinking levels", () => {
  it("decodes settings over defaults and ignores bad values", () => {
    const settings = decodeSettings({
      steeringMode: "all",
      interruptMode: "sideways",
      retry: { maxRetries: 5 },
      defaultThinkingLevel: "high",
    });
    expect(settings).toMatchObject({
      steeringMode: "all",
      followUpMode: "one-at-a-time",
      interruptMode: "wait",
      defaultThinkingLevel: "high",
    });
    expect(settings.retry).toEqual({ enabled: true, maxRetries: 5, baseDelayMs: 2000 });
  });

  it("reads toolNice from 0 to 19 and keeps the default for anything else", () => {
    expect(decodeSettings({}).toolNice).toBe(5);
    expect(decodeSettings({ toolNice: 0 }).toolNice).toBe(0);
    expect(decodeSettings({ toolNice: 19 }).toolNice).toBe(19);
    for (const bad of [-1, 20, 2.5, "10", null]) expect(decodeSettings({ toolNice: bad }).toolNice).toBe(5);
  });

  it("clamps like pi-ai: xhigh only when mapped, non-reasoning models are off", () => {
    expect(supportedThinkingLevels({ reasoning: true })).toEqual(["off", "minimal", "low", "medium", "high"]);
    expect(supportedThinkingLevels({ reasoning: true, thinkingLevelMap: { xhigh: "max", minimal: null } })).toEqual([
      "off",
      "low",
      "medium",
      "high",
      "xhigh",
    ]);
    expect(clampThinkingLevel({ reasoning: true }, "xhigh")).toBe("high");
    expect(clampThinkingLevel({ reasoning: true, thinkingLevelMap: { minimal: null } }, "minimal")).toBe("low");
    expect(clampThinkingLevel({ reasoning: false }, "high")).toBe("off");
  });
});

describe("demo script", () => {
  const tools = (...names: string[]) => names.map((name) => ({ name, description: name, parameters: {} as never }));

  it("streams an intro with a code block and calls ls when available", () => {
    const blocks = planDemoAnswer({
      messages: [{ role: "user", content: "hi", timestamp: 0 }],
      tools: tools("ls", "todo_write"),
    });
    expect(blocks.map((b) => b.kind)).toEqual(["thinking", "text", "tool"]);
    expect(JSON.stringify(blocks[1])).toContain("```ts");
    expect(blocks[2]).toMatchObject({ kind: "tool", name: "ls", args: { path: "." } });
  });

  it("writes a todo plan after the listing, then summarises", () => {
    const listing = {
      role: "toolResult" as const,
      toolCallId: "1",
      toolName: "ls",
      content: [{ type: "text" as const, text: "a\nb\nc\n" }],
      isError: false,
      timestamp: 0,
    };
    const withTodo = planDemoAnswer({ messages: [listing], tools: tools("ls", "todo_write") });
    expect(withTodo.at(-1)).toMatchObject({ kind: "tool", name: "todo_write" });
    const without = planDemoAnswer({ messages: [listing], tools: tools("ls") });
    expect(without).toHaveLength(1);
    expect(JSON.stringify(without[0])).toContain("3 entries");
  });

  it("answers a todo reminder once by finishing the plan instead of restarting the tour", () => {
    const reminder = {
      role: "user" as const,
      content: [
        {
          type: "text" as const,
          text: "<system_reminder>You stopped with 2 incomplete todo item(s):\n- x</system_reminder>",
        },
      ],
      timestamp: 0,
    };
    const answer = planDemoAnswer({ messages: [reminder], tools: tools("ls", "todo_write") });
    expect(answer.at(-1)).toMatchObject({ kind: "tool", name: "todo_write" });
    expect(JSON.stringify(answer.at(-1))).not.toMatch(/pending|in_progress/);
    const written = {
      role: "toolResult" as const,
      toolCallId: "2",
      toolName: "todo_write",
      content: [{ type: "text" as const, text: "ok" }],
      isError: false,
      timestamp: 0,
    };
    const end = planDemoAnswer({ messages: [reminder, written], tools: tools("ls", "todo_write") });
    expect(end).toHaveLength(1);
    expect(end[0]).toMatchObject({
      kind: "text",
      text: expect.stringMatching(new RegExp(`^${DEMO_END.replace(/\./g, "\\.")}`)),
    });
  });
});
