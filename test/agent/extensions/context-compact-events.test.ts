// pi's `context` event (a handler's message list replaces the next LLM request's, the conversation
// is unchanged) and session_before_compact (cancel) / session_compact (observe), through the
// real runtime and session on the faux provider.
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage, type Context } from "@mariozechner/pi-ai";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { setupExtensions } from "../../../src/agent/extensions/index.js";
import type { ExtensionAPI } from "../../../src/agent/extensions/api.js";
import { createAgentHarness, type AgentHarness } from "../session/agent-harness.js";

let h: AgentHarness | undefined;
afterEach(() => {
  h?.dispose();
  h = undefined;
});

async function harnessWith(factory: (pi: ExtensionAPI) => void, rawSettings?: Record<string, unknown>) {
  const harness = (h = createAgentHarness(rawSettings ? { rawSettings } : {}));
  const frames: Record<string, unknown>[] = [];
  const system = await setupExtensions({
    cwd: harness.dir,
    home: undefined,
    cliPaths: [],
    settings: {},
    emit: (f) => frames.push(f),
    warn: () => undefined,
    demo: false,
    startSession: false,
  });
  await system.host.register({ path: "/ext/events.ts", source: "cli", scope: "temporary" }, factory);
  harness.runtime.hooks.add(system.hooks);
  return { harness, frames };
}

function texts(messages: readonly AgentMessage[]): string {
  return JSON.stringify(messages);
}

describe("context event", () => {
  it("replaces the messages of each LLM request without changing the conversation", async () => {
    const seen: number[] = [];
    const { harness, frames } = await harnessWith((pi) =>
      pi.on("context", (event: { messages: AgentMessage[] }) => {
        seen.push(event.messages.length);
        const kept = event.messages.filter((m) => !texts([m]).includes("secret"));
        // A deep copy: changing a dropped message in place must not reach the conversation.
        for (const m of event.messages) if (!kept.includes(m) && m.role === "user") m.content = "MUTATED";
        return { messages: kept };
      }),
    );
    const contexts: Context["messages"][] = [];
    const capture = (text: string) => (context: Context) => (
      contexts.push(structuredClone(context.messages)), fauxAssistantMessage(text)
    );
    harness.faux.setResponses([capture("first answer"), capture("second answer")]);
    await harness.settle("a secret question");
    await harness.settle("plain question");
    expect(seen).toEqual([1, 3]);
    // The tool context (todo_write) holds functions, so only the messages are copied above.
    // The first request lost its only (secret) message; the second kept the others.
    expect(contexts[0]).toEqual([]);
    expect(texts(contexts[1] ?? [])).not.toContain("secret");
    expect(texts(contexts[1] ?? [])).toContain("plain question");
    expect(texts(harness.runtime.messages)).toContain("a secret question");
    expect(texts(harness.runtime.messages)).not.toContain("MUTATED");
    expect(frames).toEqual([]);
  });

  it("reports a throwing handler and sends the messages unchanged", async () => {
    const { harness, frames } = await harnessWith((pi) =>
      pi.on("context", () => {
        throw new Error("context broke");
      }),
    );
    const contexts: Context["messages"][] = [];
    harness.faux.setResponses([
      (context: Context) => (contexts.push(structuredClone(context.messages)), fauxAssistantMessage("ok")),
    ]);
    await harness.settle("hello");
    expect(frames).toContainEqual({
      type: "extension_error",
      extensionPath: "/ext/events.ts",
      event: "context",
      error: "context broke",
    });
    expect(texts(contexts[0] ?? [])).toContain("hello");
  });
});

describe("compaction events", () => {
  it("session_before_compact cancels (aborted, 'Compaction cancelled'); session_compact sees the saved entry", async () => {
    let cancel = true;
    const before: { preparation: unknown; branchEntries: readonly unknown[]; customInstructions?: string }[] = [];
    const after: { compactionEntry: unknown; fromExtension: boolean }[] = [];
    const { harness } = await harnessWith(
      (pi) => {
        pi.on("session_before_compact", (event: (typeof before)[number]) => {
          before.push(event);
          return cancel ? { cancel: true } : undefined;
        });
        pi.on("session_compact", (event: (typeof after)[number]) => void after.push(event));
      },
      { compaction: { keepRecentTokens: 1 } },
    );
    // Manual compaction only (the tiny faux window would compact after every run).
    harness.runtime.autoCompaction = false;
    harness.faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
    await harness.settle("first");
    await harness.settle("second");

    await expect(harness.command("compact", { customInstructions: "short" })).rejects.toThrow("Compaction cancelled");
    expect(harness.events.at(-1)).toMatchObject({ type: "compaction_end", reason: "manual", aborted: true });
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      customInstructions: "short",
      preparation: { firstKeptEntryId: expect.any(String), tokensBefore: expect.any(Number) },
    });
    expect(before[0]?.branchEntries.length).toBeGreaterThan(0);
    expect(after).toEqual([]);
    expect(harness.session.getEntries().some((e) => e.type === "compaction")).toBe(false);

    cancel = false;
    harness.faux.setResponses([fauxAssistantMessage("## Goal\nsummary"), fauxAssistantMessage("prefix")]);
    await harness.command("compact");
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      fromExtension: false,
      compactionEntry: { type: "compaction", summary: expect.stringContaining("summary") },
    });
    expect(harness.runtime.messages[0]?.role).toBe("compactionSummary");
  });
});
