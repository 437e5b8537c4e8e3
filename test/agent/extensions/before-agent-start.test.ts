// pi's before_agent_start through the real runtime (faux provider): a handler's message goes
// with the prompt, system prompt replacements chain across extensions and last for the run;
// a throwing handler is an extension_error and the prompt still runs.
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage, type Context } from "@mariozechner/pi-ai";
import { setupExtensions } from "../../../src/agent/extensions/index.js";
import type { ExtensionAPI } from "../../../src/agent/extensions/api.js";
import { createHarness, type Harness } from "../helpers/runtime-harness.js";

let h: Harness | undefined;
afterEach(() => {
  h?.dispose();
  h = undefined;
});

type StartEvent = { prompt: string; systemPrompt: string };

async function harnessWith(...factories: ((pi: ExtensionAPI) => void)[]) {
  const harness = (h = createHarness());
  const frames: Record<string, unknown>[] = [];
  const system = await setupExtensions({
    cwd: process.cwd(),
    home: undefined,
    cliPaths: [],
    settings: {},
    emit: (f) => frames.push(f),
    warn: () => undefined,
    demo: false,
    startSession: false,
  });
  let n = 0;
  for (const factory of factories)
    await system.host.register({ path: `/ext/${++n}.ts`, source: "cli", scope: "temporary" }, factory);
  harness.hooks.add(system.hooks);
  return { harness, frames };
}

describe("before_agent_start", () => {
  it("adds the handler's message to the prompt and replaces the system prompt for the whole run", async () => {
    const seen: StartEvent[] = [];
    const { harness } = await harnessWith(
      (pi) =>
        pi.on("before_agent_start", (event: StartEvent) => {
          seen.push({ ...event });
          return {
            message: { customType: "rules", content: "Always answer in French.", display: false },
            systemPrompt: `${event.systemPrompt}\nEXTRA-ONE`,
          };
        }),
      (pi) =>
        pi.on("before_agent_start", (event: StartEvent) => ({ systemPrompt: `${event.systemPrompt}\nEXTRA-TWO` })),
    );
    const contexts: Context[] = [];
    const capture = (text: string) => (context: Context) => {
      contexts.push(structuredClone(context));
      return fauxAssistantMessage(text);
    };
    harness.faux.setResponses([capture("Bonjour.")]);
    harness.runtime.systemPrompt = "BASE PROMPT";
    await harness.runtime.prompt("hello");
    await harness.waitFor((e) => e.type === "agent_settled");
    expect(seen).toEqual([expect.objectContaining({ prompt: "hello", systemPrompt: "BASE PROMPT" })]);
    expect(contexts[0]?.systemPrompt).toBe("BASE PROMPT\nEXTRA-ONE\nEXTRA-TWO");
    const sent = JSON.stringify(contexts[0]?.messages);
    expect(sent).toContain("hello");
    expect(sent).toContain("Always answer in French.");
    const custom = harness.runtime.messages.find((m) => m.role === "custom");
    expect(custom).toMatchObject({ customType: "rules", display: false });
    expect(
      harness.events.some((e) => e.type === "message_end" && (e["message"] as { role: string }).role === "custom"),
    ).toBe(true);
  });

  it("reports a throwing handler and runs the prompt with the unchanged system prompt", async () => {
    const { harness, frames } = await harnessWith((pi) =>
      pi.on("before_agent_start", () => {
        throw new Error("broken rules");
      }),
    );
    const contexts: Context[] = [];
    harness.faux.setResponses([
      (context: Context) => (contexts.push(structuredClone(context)), fauxAssistantMessage("ok")),
    ]);
    harness.runtime.systemPrompt = "BASE PROMPT";
    await harness.runtime.prompt("hi");
    await harness.waitFor((e) => e.type === "agent_settled");
    expect(frames).toContainEqual({
      type: "extension_error",
      extensionPath: "/ext/1.ts",
      event: "before_agent_start",
      error: "broken rules",
    });
    expect(contexts[0]?.systemPrompt).toBe("BASE PROMPT");
  });
});
