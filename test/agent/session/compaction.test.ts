// Compaction with pi-ai's faux provider: manual, threshold, overflow with retry, transient
// summarisation errors (summarization_retry_*), abort, and the error cases.
import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  fauxAssistantMessage,
  registerFauxProvider,
  type Context,
  type FauxProviderRegistration,
} from "@mariozechner/pi-ai";
import { CompactionController, type CompactionEvent } from "../../../src/agent/session/compaction.js";
import type { SessionManager } from "../../../src/agent/session/index.js";
import { assistant, makeTempDir, quietSession, user } from "./helpers.js";

let dir: string;
let faux: FauxProviderRegistration;
let events: CompactionEvent[];
let session: SessionManager;
let prompts: string[];

function controller(settings: { keepRecentTokens?: number; reserveTokens?: number } = {}) {
  const model = faux.getModel();
  return new CompactionController({
    session: () => session,
    emit: (event) => events.push(event),
    modelAccess: () => ({ model, apiKey: "test-key" }),
    thinkingLevel: () => "high",
    retry: () => ({ enabled: true, maxRetries: 2, baseDelayMs: 1 }),
    settings: { keepRecentTokens: 1, ...settings },
  });
}

function recordPrompt(context: Context): void {
  const first = context.messages[0];
  if (first && first.role === "user" && Array.isArray(first.content)) {
    const block = first.content[0];
    if (block && block.type === "text") prompts.push(block.text);
  }
}

beforeEach(() => {
  dir = makeTempDir();
  faux = registerFauxProvider({
    provider: "faux-compact",
    models: [{ id: "m1", contextWindow: 1000, reasoning: true }],
  });
  events = [];
  prompts = [];
  session = quietSession(dir);
});
afterEach(() => {
  faux.unregister();
  rmSync(dir, { recursive: true, force: true });
});

function seedConversation(): void {
  session.appendMessage(user("first question"));
  session.appendMessage(assistant("first answer", { provider: faux.models[0].provider, model: "m1" }));
  session.appendMessage(user("second question"));
  session.appendMessage(assistant("second answer", { provider: faux.models[0].provider, model: "m1" }));
}

describe("manual compaction", () => {
  it("summarises history and the split turn prefix, appends the entry, reports events", async () => {
    seedConversation();
    faux.setResponses([
      (context) => {
        recordPrompt(context);
        return fauxAssistantMessage("## Goal\nHistory summary");
      },
      (context) => {
        recordPrompt(context);
        return fauxAssistantMessage("Prefix summary");
      },
    ]);
    const result = await controller().compact("Keep it short");
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toContain("[User]: first question");
    expect(prompts[0]).toContain("Additional focus: Keep it short");
    expect(prompts[1]).toContain("[User]: second question");
    expect(result.summary).toContain("History summary");
    expect(result.summary).toContain("Turn Context (split turn)");
    expect(result.summary).toContain("Prefix summary");
    expect(result.details).toEqual({ readFiles: [], modifiedFiles: [] });
    expect(result.usage).toBeDefined();
    expect(typeof result.estimatedTokensAfter).toBe("number");
    const last = session.getEntries().at(-1);
    expect(last).toMatchObject({ type: "compaction", firstKeptEntryId: result.firstKeptEntryId });
    expect(session.buildContextMessages().map((m) => m.role)).toEqual(["compactionSummary", "assistant"]);
    expect(events.map((e) => e.type)).toEqual(["compaction_start", "compaction_end"]);
    expect(events[1]).toMatchObject({
      reason: "manual",
      aborted: false,
      willRetry: false,
      result: { summary: result.summary },
    });
  });

  it("refuses to compact twice and an empty session", async () => {
    const c = controller();
    await expect(c.compact()).rejects.toThrow("Nothing to compact (session too small)");
    seedConversation();
    faux.setResponses([fauxAssistantMessage("s1"), fauxAssistantMessage("s2")]);
    await c.compact();
    events = [];
    await expect(c.compact()).rejects.toThrow("Already compacted");
    expect(events[1]).toEqual({
      type: "compaction_end",
      reason: "manual",
      aborted: false,
      willRetry: false,
      errorMessage: "Compaction failed: Already compacted",
    });
  });

  it("retries a transient summarisation error with summarization_retry_* events", async () => {
    seedConversation();
    faux.setResponses([
      fauxAssistantMessage("", { stopReason: "error", errorMessage: "terminated" }),
      fauxAssistantMessage("history after retry"),
      fauxAssistantMessage("prefix"),
    ]);
    const result = await controller().compact();
    expect(result.summary).toContain("history after retry");
    expect(events.map((e) => e.type)).toEqual([
      "compaction_start",
      "summarization_retry_scheduled",
      "summarization_retry_attempt_start",
      "summarization_retry_finished",
      "compaction_end",
    ]);
    expect(events[1]).toMatchObject({ attempt: 1, maxAttempts: 2, errorMessage: "terminated" });
    expect(events[2]).toEqual({ type: "summarization_retry_attempt_start", source: "compaction", reason: "manual" });
  });

  it("does not retry a permanent error and reports it", async () => {
    seedConversation();
    faux.setResponses([fauxAssistantMessage("", { stopReason: "error", errorMessage: "invalid api key" })]);
    await expect(controller().compact()).rejects.toThrow("Summarization failed: invalid api key");
    expect(events.at(-1)).toMatchObject({
      type: "compaction_end",
      aborted: false,
      errorMessage: "Compaction failed: Summarization failed: invalid api key",
    });
    expect(session.getEntries().some((e) => e.type === "compaction")).toBe(false);
  });

  it("abort cancels a running compaction and appends nothing", async () => {
    seedConversation();
    const c = controller();
    let release: () => void = () => undefined;
    faux.setResponses([
      () =>
        new Promise((resolve) => {
          release = () => resolve(fauxAssistantMessage("late"));
        }),
      fauxAssistantMessage("prefix"),
    ]);
    const pending = c.compact();
    await expect.poll(() => c.isCompacting).toBe(true);
    c.abort();
    release();
    await expect(pending).rejects.toThrow("Compaction cancelled");
    expect(events.at(-1)).toEqual({ type: "compaction_end", reason: "manual", aborted: true, willRetry: false });
    expect(session.getEntries().some((e) => e.type === "compaction")).toBe(false);
    expect(c.isCompacting).toBe(false);
  });
});

describe("automatic compaction", () => {
  const current = () => ({ provider: faux.models[0].provider, id: "m1" });

  it("compacts above the threshold after a run, without retry", async () => {
    seedConversation();
    faux.setResponses([fauxAssistantMessage("s"), fauxAssistantMessage("p")]);
    const big = assistant("x", {
      provider: current().provider,
      model: "m1",
      usage: {
        input: 900,
        output: 50,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 950,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
    });
    const outcome = await controller({ reserveTokens: 100 }).afterRun(big, 1000, current());
    expect(outcome).toEqual({ compacted: true, retry: false });
    expect(events[0]).toEqual({ type: "compaction_start", reason: "threshold" });
    expect(events.at(-1)).toMatchObject({ reason: "threshold", willRetry: false, aborted: false });
  });

  it("an automatic compaction with nothing to compact ends without an error message", async () => {
    session.appendMessage(user("only question"));
    const big = assistant("x", {
      provider: current().provider,
      model: "m1",
      usage: {
        input: 990,
        output: 5,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 995,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
    });
    session.appendMessage(big);
    session.appendCompaction("s", session.getEntries()[0]?.id ?? "", 10);
    const later = { ...big, timestamp: Date.now() + 10_000 };
    expect(await controller({ reserveTokens: 100 }).afterRun(later, 1000, current())).toEqual({
      compacted: false,
      retry: false,
    });
    expect(events).toEqual([
      { type: "compaction_start", reason: "threshold" },
      { type: "compaction_end", reason: "threshold", aborted: false, willRetry: false },
    ]);
  });

  it("stays quiet below the threshold and when disabled", async () => {
    seedConversation();
    const c = controller({ reserveTokens: 100 });
    const small = assistant("x", { provider: current().provider, model: "m1" });
    expect(await c.afterRun(small, 1000, current())).toEqual({ compacted: false, retry: false });
    c.setAutoCompaction(false);
    const overflow = assistant("", {
      provider: current().provider,
      model: "m1",
      stopReason: "error",
      errorMessage: "prompt is too long: 2000 tokens > 1000 maximum",
    });
    expect(await c.afterRun(overflow, 1000, current())).toEqual({ compacted: false, retry: false });
    expect(events).toEqual([]);
  });

  it("recovers from an overflow once (willRetry), then gives up", async () => {
    seedConversation();
    const overflow = assistant("", {
      provider: current().provider,
      model: "m1",
      stopReason: "error",
      errorMessage: "400 prompt is too long: 210000 tokens > 200000 maximum",
      timestamp: Date.now() + 10_000,
    });
    session.appendMessage(overflow);
    faux.setResponses([fauxAssistantMessage("s"), fauxAssistantMessage("p")]);
    const c = controller();
    expect(c.willRecoverOverflow(overflow, 1000, current())).toBe(true);
    expect(await c.afterRun(overflow, 1000, current())).toEqual({ compacted: true, retry: true });
    expect(events.at(-1)).toMatchObject({ type: "compaction_end", reason: "overflow", willRetry: true });
    const again = { ...overflow, timestamp: Date.now() + 20_000 };
    expect(c.willRecoverOverflow(again, 1000, current())).toBe(false);
    expect(await c.afterRun(again, 1000, current())).toEqual({ compacted: false, retry: false });
    expect(events.at(-1)).toMatchObject({
      type: "compaction_end",
      reason: "overflow",
      willRetry: false,
      errorMessage: expect.stringContaining("recovery failed"),
    });
    c.resetOverflowGuard();
    expect(c.willRecoverOverflow(again, 1000, current())).toBe(true);
  });
});
