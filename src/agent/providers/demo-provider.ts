// The offline `demo` provider: a scripted model registered with pi-ai under its own api name.
// It streams the answers of demo-script.ts word by word (thinking, markdown, tool calls) and
// honours abort like a real provider.

import type { AssistantMessageEvent, Context, Model, Api, SimpleStreamOptions, ToolCall } from "@mariozechner/pi-ai";
import { emptyAssistantMessage } from "./assistant-message.js";
import { DEMO_API, isDemoFallback } from "./demo-model.js";
import { planDemoAnswer } from "./demo-script.js";

type PiAi = typeof import("@mariozechner/pi-ai");

const CHUNK_DELAY_MS = 12;

function chunk(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

export function createDemoStream(ai: PiAi) {
  return (model: Model<Api>, context: Context, options?: SimpleStreamOptions) => {
    const stream = ai.createAssistantMessageEventStream();
    const signal = options?.signal;
    const message = emptyAssistantMessage(model, "stop");
    const push = (event: AssistantMessageEvent): void => stream.push(event);
    const run = async (): Promise<void> => {
      push({ type: "start", partial: message });
      await sleep(CHUNK_DELAY_MS, signal);
      let toolCalls = 0;
      for (const block of planDemoAnswer(context, { fallback: isDemoFallback(model) })) {
        if (signal?.aborted) break;
        const index = message.content.length;
        if (block.kind === "tool") {
          const call: ToolCall = {
            type: "toolCall",
            id: `demo_${Date.now().toString(36)}_${index}`,
            name: block.name,
            arguments: {},
          };
          message.content.push(call);
          push({ type: "toolcall_start", contentIndex: index, partial: message });
          const json = JSON.stringify(block.args);
          push({ type: "toolcall_delta", contentIndex: index, delta: json, partial: message });
          call.arguments = block.args;
          push({ type: "toolcall_end", contentIndex: index, toolCall: call, partial: message });
          toolCalls++;
          continue;
        }
        const part =
          block.kind === "text" ? { type: "text" as const, text: "" } : { type: "thinking" as const, thinking: "" };
        message.content.push(part);
        push(
          block.kind === "text"
            ? { type: "text_start", contentIndex: index, partial: message }
            : { type: "thinking_start", contentIndex: index, partial: message },
        );
        for (const piece of chunk(block.text)) {
          await sleep(CHUNK_DELAY_MS, signal);
          if (signal?.aborted) break;
          if (part.type === "text") part.text += piece;
          else part.thinking += piece;
          message.usage.output += 1;
          message.usage.totalTokens += 1;
          push(
            block.kind === "text"
              ? { type: "text_delta", contentIndex: index, delta: piece, partial: message }
              : { type: "thinking_delta", contentIndex: index, delta: piece, partial: message },
          );
        }
        const content = part.type === "text" ? part.text : part.thinking;
        push(
          block.kind === "text"
            ? { type: "text_end", contentIndex: index, content, partial: message }
            : { type: "thinking_end", contentIndex: index, content, partial: message },
        );
      }
      if (signal?.aborted) {
        message.stopReason = "aborted";
        message.errorMessage = "Request was aborted";
        push({ type: "error", reason: "aborted", error: message });
        stream.end(message);
        return;
      }
      message.stopReason = toolCalls > 0 ? "toolUse" : "stop";
      push({ type: "done", reason: message.stopReason === "toolUse" ? "toolUse" : "stop", message });
      stream.end(message);
    };
    void run();
    return stream;
  };
}

export function registerDemoProvider(ai: PiAi): void {
  const streamDemo = createDemoStream(ai);
  ai.registerApiProvider({ api: DEMO_API, stream: streamDemo, streamSimple: streamDemo }, "agent-tui-demo");
}
