// In-process harness: an AgentRuntime on pi-ai's faux provider, recording every wire event,
// with helpers to wait for events (no sleeps) and a controllable test tool.

import "./isolated-tmp.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { DEFAULT_SETTINGS, type AgentSettings, type LoadedConfig } from "../../../src/agent/config.js";
import { ModelRegistry } from "../../../src/agent/providers/model-registry.js";
import { AgentRuntime } from "../../../src/agent/runtime/agent-runtime.js";
import { HookRegistry } from "../../../src/agent/runtime/hooks.js";
import type { WireEvent } from "../../../src/agent/runtime/wire-events.js";
import { createWaitList } from "./wait-list.js";

export interface Harness {
  runtime: AgentRuntime;
  faux: FauxProviderRegistration;
  events: WireEvent[];
  hooks: HookRegistry;
  types(): string[];
  waitFor(predicate: (event: WireEvent) => boolean, timeoutMs?: number): Promise<WireEvent>;
  waitForCount(type: string, count: number, timeoutMs?: number): Promise<void>;
  dispose(): void;
}

export interface HarnessOptions {
  settings?: Partial<AgentSettings>;
  tools?: AgentTool[];
  reasoning?: boolean;
  tokensPerSecond?: number;
  /** Sees every event before it is recorded; a throw fails that emit (a broken writer). */
  beforeEmit?: (event: WireEvent) => void;
}

export function createHarness(options: HarnessOptions = {}): Harness {
  const faux = registerFauxProvider({
    provider: "faux",
    models: [
      { id: "faux-1", reasoning: options.reasoning ?? true },
      { id: "faux-plain", reasoning: false },
    ],
    ...(options.tokensPerSecond ? { tokensPerSecond: options.tokensPerSecond } : {}),
  });
  const settings: AgentSettings = { ...structuredClone(DEFAULT_SETTINGS), ...options.settings };
  settings.retry = { ...DEFAULT_SETTINGS.retry, baseDelayMs: 5, ...options.settings?.retry };
  const config: LoadedConfig = {
    // A fresh temp dir: settings persisted by set_*_mode land here, never in a real home.
    home: mkdtempSync(join(tmpdir(), "agent-rpc-home-")),
    models: {
      providers: {
        faux: {
          baseUrl: "http://localhost:0",
          api: faux.api,
          models: [
            { id: "faux-1", reasoning: options.reasoning ?? true, contextWindow: 1000 },
            { id: "faux-plain", reasoning: false },
          ],
        },
      },
    },
    settings,
    rawSettings: {},
  };
  const models = new ModelRegistry(config.models, {});
  const hooks = new HookRegistry();
  const log = createWaitList<WireEvent>((seen) => seen.map((e) => e.type).join(","), 5000);
  const events = log.items;
  const runtime = new AgentRuntime({
    cwd: process.cwd(),
    config,
    models,
    hooks,
    emit: (event) => {
      options.beforeEmit?.(event);
      log.push(event);
    },
    tools: options.tools ?? [],
    model: models.findLocal("faux", "faux-1")!,
    thinkingLevel: "medium",
  });

  const waitFor = (predicate: (event: WireEvent) => boolean, timeoutMs?: number): Promise<WireEvent> =>
    log.waitFor(predicate, timeoutMs === undefined ? {} : { timeoutMs });

  return {
    runtime,
    faux,
    events,
    hooks,
    types: () => events.map((e) => e.type),
    waitFor,
    waitForCount: async (type, count, timeoutMs) => {
      await waitFor(() => events.filter((e) => e.type === type).length >= count, timeoutMs);
    },
    dispose: () => {
      faux.unregister();
      rmSync(config.home, { recursive: true, force: true });
    },
  };
}

/** A tool that waits until released (or aborted), so tests control when it finishes. */
export function createGateTool(name = "gate"): {
  tool: AgentTool;
  release: (text?: string) => void;
  started: () => Promise<void>;
  calls: string[];
} {
  const waiters: ((text: string) => void)[] = [];
  const startWaiters: (() => void)[] = [];
  const calls: string[] = [];
  // Releases that arrived before the tool started waiting are kept, so tests need no timing.
  const early: string[] = [];
  let startedCount = 0;
  const tool: AgentTool = {
    name,
    label: name,
    description: "Waits until the test releases it",
    parameters: Type.Object({ label: Type.String() }),
    execute: async (_toolCallId, params, signal) => {
      calls.push((params as { label: string }).label);
      startedCount++;
      for (const w of startWaiters.splice(0)) w();
      const text = await new Promise<string>((resolve, reject) => {
        const ready = early.shift();
        if (ready !== undefined) return resolve(ready);
        waiters.push(resolve);
        signal?.addEventListener("abort", () => reject(new Error("Command aborted")), { once: true });
      });
      return { content: [{ type: "text", text }], details: {} };
    },
  };
  return {
    tool,
    calls,
    release: (text = "ok") => {
      const waiter = waiters.shift();
      if (waiter) waiter(text);
      else early.push(text);
    },
    started: () => (startedCount > 0 ? Promise.resolve() : new Promise<void>((resolve) => startWaiters.push(resolve))),
  };
}
