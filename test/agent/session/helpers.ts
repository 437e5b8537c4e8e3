// Shared builders for session tests: messages, temp dirs and a quiet session manager.
import "../helpers/isolated-tmp.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AssistantMessage, ToolResultMessage, UserMessage } from "@mariozechner/pi-ai";
import { openSessionManager, type OpenSessionOptions } from "../../../src/agent/session/index.js";

export function makeTempDir(prefix = "session-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function user(text: string): UserMessage {
  return { role: "user", content: [{ type: "text", text }], timestamp: Date.now() };
}

export function assistant(text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "openai-completions",
    provider: "fake",
    model: "fake-model",
    usage: {
      input: 10,
      output: 5,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 15,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: "stop",
    timestamp: Date.now(),
    ...extra,
  };
}

export function toolResult(
  toolCallId: string,
  toolName: string,
  text: string,
  details?: unknown,
  isError = false,
): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId,
    toolName,
    content: [{ type: "text", text }],
    details,
    isError,
    timestamp: Date.now(),
  };
}

export function quietSession(agentHome: string, extra: Partial<OpenSessionOptions> = {}) {
  return openSessionManager({ cwd: "/work/project", agentHome, sync: false, warn: () => undefined, ...extra });
}
