// An empty assistant message for a model: the starting point of the demo's scripted stream and
// the runtime's local answer to an aborted run (no provider is called for either).
import type { Api, AssistantMessage, Model, StopReason } from "@mariozechner/pi-ai";

export function emptyAssistantMessage(model: Model<Api>, stopReason: StopReason): AssistantMessage {
  return {
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason,
    timestamp: Date.now(),
  };
}
