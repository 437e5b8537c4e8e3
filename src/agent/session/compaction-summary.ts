// The summarisation LLM call behind compaction: the conversation rendered as plain text
// (so the model does not continue it), a structured-checkpoint prompt, and a retry loop
// for transient provider errors that reports summarization_retry_* events (docs/protocol.md §4.6).
import type { Api, AssistantMessage, Context, Model, SimpleStreamOptions, Usage } from "@mariozechner/pi-ai";
import type {
  SummarizationRetryAttemptStartEvent,
  SummarizationRetryFinishedEvent,
  SummarizationRetryScheduledEvent,
} from "../../protocol/types/events.js";
import type { SessionMessage } from "./types.js";

export type CompleteFn = (
  model: Model<Api>,
  context: Context,
  options?: SimpleStreamOptions,
) => Promise<AssistantMessage>;

export type SummaryEvent =
  | SummarizationRetryScheduledEvent
  | SummarizationRetryAttemptStartEvent
  | SummarizationRetryFinishedEvent;

export type RetrySettings = { enabled: boolean; maxRetries: number; baseDelayMs: number };

export const DEFAULT_RETRY_SETTINGS: RetrySettings = { enabled: true, maxRetries: 3, baseDelayMs: 2000 };

export class CompactionCancelledError extends Error {
  constructor() {
    super("Compaction cancelled");
  }
}

const TOOL_RESULT_LIMIT = 2000;

export const SUMMARY_SYSTEM_PROMPT = [
  "You summarise a conversation between a user and an AI coding assistant into a structured checkpoint.",
  "Another assistant will continue the work from your summary alone.",
  "Never answer or continue the conversation; output only the summary in the requested format.",
].join("\n");

const CHECKPOINT_FORMAT = `## Goal
[What the user wants to achieve; several items if the session covered several tasks]

## Constraints & Preferences
- [Requirements and preferences the user stated, or "(none)"]

## Progress
### Done
- [x] [Finished work]

### In Progress
- [ ] [Work underway]

### Blocked
- [Open problems, if any]

## Key Decisions
- **[Decision]**: [Why]

## Next Steps
1. [What to do next, in order]

## Critical Context
- [Data, examples, references needed to continue, or "(none)"]

Be brief in every section. Keep file paths, function names and error messages exactly as written.`;

const NEW_SUMMARY_PROMPT = `Summarise the conversation above as a context checkpoint in exactly this format:

${CHECKPOINT_FORMAT}`;

const UPDATE_SUMMARY_PROMPT =
  "The conversation above continues the work described in <previous-summary>. " +
  `Produce one updated checkpoint:
keep everything from the previous summary that still matters, add the new progress, decisions and context,
move finished items from "In Progress" to "Done", and refresh "Next Steps". Use exactly this format:

${CHECKPOINT_FORMAT}`;

const TURN_PREFIX_PROMPT =
  "The conversation above is the beginning of a turn that was too long to keep; its end is kept verbatim." +
  `
Summarise this beginning so the kept end makes sense:

## Original Request
[What the user asked for in this turn]

## Early Progress
- [Decisions and work done so far]

## Context for Suffix
- [What is needed to understand the kept recent work]

Be brief.`;

function clip(text: string): string {
  if (text.length <= TOOL_RESULT_LIMIT) return text;
  return `${text.slice(0, TOOL_RESULT_LIMIT)}\n\n[... ${text.length - TOOL_RESULT_LIMIT} more characters truncated]`;
}

function joinText(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text ?? "")
    .join("");
}

/** Render messages as labelled plain text for the summariser. */
export function renderConversation(messages: readonly SessionMessage[]): string {
  const parts: string[] = [];
  for (const message of messages) {
    switch (message.role) {
      case "user":
      case "custom": {
        const text = joinText(message.content);
        if (text) parts.push(`[User]: ${text}`);
        break;
      }
      case "assistant": {
        const thinking: string[] = [];
        const text: string[] = [];
        const calls: string[] = [];
        for (const block of message.content) {
          if (block.type === "text") text.push(block.text);
          else if (block.type === "thinking") thinking.push(block.thinking);
          else {
            const args = Object.entries(block.arguments)
              .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
              .join(", ");
            calls.push(`${block.name}(${args})`);
          }
        }
        if (thinking.length > 0) parts.push(`[Assistant thinking]: ${thinking.join("\n")}`);
        if (text.length > 0) parts.push(`[Assistant]: ${text.join("\n")}`);
        if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
        break;
      }
      case "toolResult": {
        const text = joinText(message.content);
        if (text) parts.push(`[Tool result]: ${clip(text)}`);
        break;
      }
      case "bashExecution":
        if (!message.excludeFromContext) parts.push(`[User ran]: ${message.command}\n${clip(message.output)}`);
        break;
      case "branchSummary":
      case "compactionSummary":
        parts.push(`[Earlier summary]: ${message.summary}`);
        break;
      default: {
        const exhaustive: never = message;
        void exhaustive;
      }
    }
  }
  return parts.join("\n\n");
}

export function buildSummaryPrompt(
  messages: readonly SessionMessage[],
  options: { previousSummary?: string | undefined; customInstructions?: string | undefined; turnPrefix?: boolean },
): string {
  let text = `<conversation>\n${renderConversation(messages)}\n</conversation>\n\n`;
  if (options.turnPrefix) return text + TURN_PREFIX_PROMPT;
  if (options.previousSummary) text += `<previous-summary>\n${options.previousSummary}\n</previous-summary>\n\n`;
  text += options.previousSummary ? UPDATE_SUMMARY_PROMPT : NEW_SUMMARY_PROMPT;
  if (options.customInstructions) text += `\n\nAdditional focus: ${options.customInstructions}`;
  return text;
}

// One alternation, written as two parts: rate limits and server statuses, then the network's.
const TRANSIENT = new RegExp(
  [
    /overloaded|rate.?limit|too many requests|\b429\b|\b5\d\d\b|server error|unavailable|terminated/.source,
    /timed? ?out|timeout|econnreset|econnrefused|socket hang up|fetch failed|network/.source,
  ].join("|"),
  "i",
);

export function isTransientError(message: string): boolean {
  return TRANSIENT.test(message);
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new CompactionCancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CompactionCancelledError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export type SummaryCall = {
  model: Model<Api>;
  apiKey?: string | undefined;
  headers?: Record<string, string> | undefined;
  thinkingLevel?: string | undefined;
  maxTokens: number;
  prompt: string;
  signal: AbortSignal;
  complete: CompleteFn;
  retry: RetrySettings;
  emit: (event: SummaryEvent) => void;
  attemptStart: SummarizationRetryAttemptStartEvent;
};

const REASONING_LEVELS: readonly NonNullable<SimpleStreamOptions["reasoning"]>[] = [
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
];

/** One summary request with retries on transient errors; returns text and usage. */
export async function requestSummary(call: SummaryCall): Promise<{ text: string; usage: Usage }> {
  const options: SimpleStreamOptions = { maxTokens: call.maxTokens, signal: call.signal };
  if (call.apiKey) options.apiKey = call.apiKey;
  if (call.headers) options.headers = call.headers;
  if (call.model.reasoning && call.thinkingLevel && call.thinkingLevel !== "off") {
    const level = REASONING_LEVELS.find((candidate) => candidate === call.thinkingLevel);
    if (level) options.reasoning = level;
  }
  const context: Context = {
    systemPrompt: SUMMARY_SYSTEM_PROMPT,
    messages: [{ role: "user", content: [{ type: "text", text: call.prompt }], timestamp: Date.now() }],
  };
  let retried = false;
  try {
    for (let attempt = 1; ; attempt++) {
      if (call.signal.aborted) throw new CompactionCancelledError();
      const response = await call.complete(call.model, context, options);
      if (response.stopReason === "aborted" || call.signal.aborted) throw new CompactionCancelledError();
      if (response.stopReason !== "error") {
        const text = response.content
          .filter((block): block is { type: "text"; text: string } => block.type === "text")
          .map((block) => block.text)
          .join("\n");
        return { text, usage: response.usage };
      }
      const errorMessage = response.errorMessage ?? "Unknown error";
      if (!call.retry.enabled || attempt > call.retry.maxRetries || !isTransientError(errorMessage)) {
        throw new Error(`Summarization failed: ${errorMessage}`);
      }
      const delayMs = call.retry.baseDelayMs * 2 ** (attempt - 1);
      retried = true;
      call.emit({
        type: "summarization_retry_scheduled",
        attempt,
        maxAttempts: call.retry.maxRetries,
        delayMs,
        errorMessage,
      });
      await delay(delayMs, call.signal);
      call.emit(call.attemptStart);
    }
  } finally {
    if (retried) call.emit({ type: "summarization_retry_finished" });
  }
}
