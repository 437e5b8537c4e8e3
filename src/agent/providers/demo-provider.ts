// The offline `demo` provider: a scripted model registered with pi-ai under its own api name.
// It streams thinking and markdown (with a code block), makes a real read-only `ls` call on
// the working directory, writes a todo plan with `todo_write` when that tool exists, then
// summarises. Clearly labelled as a demo in every answer.

import type { AssistantMessage, AssistantMessageEvent, Context, Model, Api, SimpleStreamOptions, ToolCall } from "@mariozechner/pi-ai";
import { DEMO_API } from "./demo-model.js";

type PiAi = typeof import("@mariozechner/pi-ai");

const CHUNK_DELAY_MS = 12;

type Block = { kind: "thinking"; text: string } | { kind: "text"; text: string } | { kind: "tool"; name: string; args: Record<string, unknown> };

function hasTool(context: Context, name: string): boolean {
  return (context.tools ?? []).some((tool) => tool.name === name);
}

/** The worker's todo reminder (a hidden custom message, sent to the model as user text). */
function isTodoReminder(message: Context["messages"][number] | undefined): boolean {
  if (message?.role !== "user") return false;
  const text = typeof message.content === "string" ? message.content : message.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return text.startsWith("<system_reminder>") && text.includes("incomplete todo item");
}

/** Decide the next scripted answer from the conversation so far. */
export function planDemoAnswer(context: Context): Block[] {
  const last = context.messages[context.messages.length - 1];
  // The plan above is left unfinished on purpose: the worker's todo reminder follows, and the
  // demo answers it once by finishing the plan (otherwise it would restart the tour).
  if (isTodoReminder(last) && hasTool(context, "todo_write")) {
    return [
      { kind: "text", text: "That was the worker's **todo reminder**: the plan still had unfinished tasks. This is a demo, so I mark them done." },
      {
        kind: "tool",
        name: "todo_write",
        args: {
          phases: [
            {
              name: "Explore (demo)",
              tasks: [
                { content: "List the working directory", status: "completed" },
                { content: "Read the README", status: "completed" },
                { content: "Summarise the project layout", status: "completed" },
              ],
            },
          ],
        },
      },
    ];
  }
  if (last?.role === "toolResult" && last.toolName === "todo_write" && context.messages.some(isTodoReminder)) {
    return [{ kind: "text", text: "The plan is complete. That is the end of the demo." }];
  }
  if (last?.role === "toolResult" && (last.toolName === "ls" || last.toolName === "read")) {
    const listing = last.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    const entries = listing.split("\n").filter((line) => line.trim().length > 0).length;
    if (hasTool(context, "todo_write")) {
      return [
        { kind: "text", text: `I can see ${entries} entries. Here is a plan for exploring this project:` },
        {
          kind: "tool",
          name: "todo_write",
          args: {
            phases: [
              {
                name: "Explore (demo)",
                tasks: [
                  { content: "List the working directory", status: "completed" },
                  { content: "Read the README", status: "in_progress" },
                  { content: "Summarise the project layout", status: "pending" },
                ],
              },
            ],
          },
        },
      ];
    }
    return [finalText(entries)];
  }
  if (last?.role === "toolResult") {
    return [finalText(undefined)];
  }
  const blocks: Block[] = [
    { kind: "thinking", text: "This is the offline demo model. I will show streaming text, a code block and a real read-only tool call on the working directory." },
    {
      kind: "text",
      text:
        "**Demo mode** — no API key was found, so you are talking to a scripted model.\n\n" +
        "Everything you see is real protocol traffic: streamed thinking, markdown, and tool calls.\n\n" +
        "```ts\n// a code block, to show highlighting\nconst greet = (name: string): string => `Hello, ${name}!`;\n```\n\n" +
        "Let me look at the current directory.",
    },
  ];
  if (hasTool(context, "ls")) blocks.push({ kind: "tool", name: "ls", args: { path: "." } });
  else if (hasTool(context, "read")) blocks.push({ kind: "tool", name: "read", args: { path: "README.md" } });
  else blocks.push({ kind: "text", text: "\n\n(No tools are available, so the demo stops here.)" });
  return blocks;
}

function finalText(entries: number | undefined): Block {
  const seen = entries === undefined ? "" : ` The directory listing had ${entries} entries.`;
  return {
    kind: "text",
    text: `That is the end of the demo.${seen}\n\nTo use a real model, set an API key such as \`ANTHROPIC_API_KEY\` or \`OPENAI_API_KEY\`, or add a provider to \`$AGENT_TUI_HOME/models.json\`.`,
  };
}

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
    const message: AssistantMessage = {
      role: "assistant",
      content: [],
      api: model.api,
      provider: model.provider,
      model: model.id,
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
      stopReason: "stop",
      timestamp: Date.now(),
    };
    const push = (event: AssistantMessageEvent): void => stream.push(event);
    const run = async (): Promise<void> => {
      push({ type: "start", partial: message });
      await sleep(CHUNK_DELAY_MS, signal);
      let toolCalls = 0;
      for (const block of planDemoAnswer(context)) {
        if (signal?.aborted) break;
        const index = message.content.length;
        if (block.kind === "tool") {
          const call: ToolCall = { type: "toolCall", id: `demo_${Date.now().toString(36)}_${index}`, name: block.name, arguments: {} };
          message.content.push(call);
          push({ type: "toolcall_start", contentIndex: index, partial: message });
          const json = JSON.stringify(block.args);
          push({ type: "toolcall_delta", contentIndex: index, delta: json, partial: message });
          call.arguments = block.args;
          push({ type: "toolcall_end", contentIndex: index, toolCall: call, partial: message });
          toolCalls++;
          continue;
        }
        const part = block.kind === "text" ? { type: "text" as const, text: "" } : { type: "thinking" as const, thinking: "" };
        message.content.push(part);
        push(block.kind === "text" ? { type: "text_start", contentIndex: index, partial: message } : { type: "thinking_start", contentIndex: index, partial: message });
        for (const piece of chunk(block.text)) {
          await sleep(CHUNK_DELAY_MS, signal);
          if (signal?.aborted) break;
          if (part.type === "text") part.text += piece;
          else part.thinking += piece;
          message.usage.output += 1;
          message.usage.totalTokens += 1;
          push(block.kind === "text" ? { type: "text_delta", contentIndex: index, delta: piece, partial: message } : { type: "thinking_delta", contentIndex: index, delta: piece, partial: message });
        }
        const content = part.type === "text" ? part.text : part.thinking;
        push(block.kind === "text" ? { type: "text_end", contentIndex: index, content, partial: message } : { type: "thinking_end", contentIndex: index, content, partial: message });
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
