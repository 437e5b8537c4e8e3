// Conversion of the context for the LLM (docs/protocol.md §5.11): the extra roles (bash results,
// custom messages, summaries) become user messages; unknown roles are dropped.

import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type { Message } from "@mariozechner/pi-ai";

// The extra roles (and their declaration merging into pi-agent-core) are owned by the session
// store; re-exported here so runtime code has one import place.
export type { BashExecutionMessage, CustomMessage } from "../session/types.js";
export type { BranchSummaryMessage, CompactionSummaryMessage } from "../session/types.js";
import type { BashExecutionMessage } from "../session/types.js";

export type { AgentMessage };

/** The text pi sends to the model for a user `bash` command (docs/protocol.md §5.11, f_bash_command trace). */
export function bashExecutionToText(message: BashExecutionMessage): string {
  let text = `Ran \`${message.command}\`\n`;
  text += message.output ? `\`\`\`\n${message.output}\n\`\`\`` : "(no output)";
  if (message.cancelled) text += "\n\n(command cancelled)";
  else if (message.exitCode !== undefined && message.exitCode !== 0)
    text += `\n\nCommand exited with code ${message.exitCode}`;
  if (message.truncated && message.fullOutputPath)
    text += `\n\n[Output truncated. Full output: ${message.fullOutputPath}]`;
  return text;
}

const COMPACTION_PREFIX =
  "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
const BRANCH_PREFIX = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";

/** AgentMessage[] → LLM messages. Must not throw (pi-agent-core contract). */
export function convertToLlm(messages: AgentMessage[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    switch (message.role) {
      case "user":
      case "assistant":
      case "toolResult":
        out.push(message);
        break;
      case "bashExecution":
        if (!message.excludeFromContext) {
          out.push({
            role: "user",
            content: [{ type: "text", text: bashExecutionToText(message) }],
            timestamp: message.timestamp,
          });
        }
        break;
      case "custom":
        out.push({
          role: "user",
          content: typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content,
          timestamp: message.timestamp,
        });
        break;
      case "compactionSummary":
        out.push({
          role: "user",
          content: [{ type: "text", text: `${COMPACTION_PREFIX}${message.summary}\n</summary>` }],
          timestamp: message.timestamp,
        });
        break;
      case "branchSummary":
        out.push({
          role: "user",
          content: [{ type: "text", text: `${BRANCH_PREFIX}${message.summary}\n</summary>` }],
          timestamp: message.timestamp,
        });
        break;
      default: {
        // Unknown roles (from newer session files) are not sent to the model.
        const never: never = message;
        void never;
      }
    }
  }
  return out;
}

/** Concatenated text blocks of a message's content. */
export function textOf(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((block): block is { type: "text"; text: string } => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text)
    .join("");
}
