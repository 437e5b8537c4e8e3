// What extensions may do to the running agent (the effects behind the `pi` API): the
// HostRuntime the extension host calls, bound to this worker's runtime, session and writer.
// agent-server.ts builds it once the runtime exists and hands it to setupExtensions.

import { saveDefaultModel } from "./commands/model-commands.js";
import type { HostRuntime } from "./extensions/runtime-port.js";
import type { FrameWriter } from "./rpc/frame-writer.js";
import type { AgentRuntime } from "./runtime/agent-runtime.js";
import type { SessionManager } from "./session/index.js";
import { isThinkingLevel } from "./providers/thinking.js";

export type ExtensionPortDeps = {
  runtime: AgentRuntime;
  session: SessionManager;
  writer: FrameWriter;
  /** The worker's orderly exit, with its exit code. */
  shutdown: (code: number) => void;
  /** The worker's stderr warning (a failed sendMessage is reported, not thrown). */
  warn: (message: string) => void;
};

export function extensionPort({ runtime, session, writer, shutdown, warn }: ExtensionPortDeps): HostRuntime {
  return {
    isIdle: () => !runtime.isStreaming,
    abort: () => runtime.abort(),
    hasPendingMessages: () => runtime.queues.pendingCount > 0,
    waitForIdle: () => runtime.waitForIdle(),
    shutdown: () => shutdown(0),
    sendUserMessage: (content, options) => {
      const text =
        typeof content === "string" ? content : content.map((c) => (c.type === "text" ? c.text : "")).join("");
      if (runtime.isStreaming)
        return runtime.queueMessage(options.deliverAs === "followUp" ? "followUp" : "steering", text);
      return runtime.prompt(text);
    },
    setSessionName: (name) => {
      session.setName(name);
      writer.write({ type: "session_info_changed", name });
    },
    getSessionName: () => session.getName(),
    appendEntry: (customType, data) => void session.appendCustom(customType, data),
    setLabel: (entryId, label) => void session.appendLabel(entryId, label),
    getThinkingLevel: () => runtime.thinkingLevel,
    setThinkingLevel: (level) => {
      if (isThinkingLevel(level)) runtime.setThinkingLevel(level);
    },
    toolNames: () => runtime.toolNames(),
    activeToolNames: () => runtime.activeToolNames(),
    setActiveTools: (names) => runtime.setActiveTools(names),
    allTools: () => runtime.allTools(),
    // pi.setModel saves the default too, as /model does (pi's AgentSession.setModel).
    setModel: async (provider, modelId) => {
      const chosen = await runtime.selectModel(provider, modelId);
      if (chosen && runtime.model) saveDefaultModel(runtime.config, runtime.model);
      return chosen;
    },
    signal: () => runtime.signal,
    sendMessage: (message, options) => {
      const custom = {
        role: "custom" as const,
        customType: message.customType,
        content: message.content,
        display: message.display ?? true,
        timestamp: Date.now(),
        ...(message.details !== undefined ? { details: message.details } : {}),
      };
      runtime
        .sendCustomMessage(custom, options)
        .catch((error: unknown) => warn(`sendMessage failed: ${(error as Error).message}`));
    },
  };
}
