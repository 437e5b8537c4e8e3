// The `bash` tool: runs a command in the working directory and streams the accumulated
// (tail-truncated) output through onUpdate; failures are thrown with the output so far and
// the reason, which the agent loop turns into an isError result, as pi does.

import type { AgentTool, AgentToolResult } from "@mariozechner/pi-agent-core";
import { Type } from "typebox";
import { runBashCommand } from "./bash-executor.js";
import type { OutputSnapshot } from "./output-collector.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, type TruncationResult } from "./truncate.js";

const bashSchema = Type.Object({
  command: Type.String({ description: "Bash command to execute" }),
  timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional, no default timeout)" })),
});

export interface BashToolDetails {
  truncation?: TruncationResult;
  fullOutputPath?: string;
}

/** Partial results at most this often: a chatty command must not flood the event stream. */
const UPDATE_INTERVAL_MS = 100;

function snapshotDetails(snapshot: OutputSnapshot): BashToolDetails {
  return snapshot.truncation.truncated
    ? { truncation: snapshot.truncation, fullOutputPath: snapshot.fullOutputPath }
    : {};
}

/** The output text plus pi's truncation notice naming the file with everything. */
export function formatBashOutput(snapshot: OutputSnapshot, emptyText: string): string {
  const t = snapshot.truncation;
  let text = snapshot.content.length > 0 ? snapshot.content : emptyText;
  if (!t.truncated) return text;
  const endLine = t.totalLines;
  const startLine = endLine - t.outputLines + 1;
  const where = `Full output: ${snapshot.fullOutputPath ?? "(not saved)"}`;
  if (t.lastLinePartial) {
    text += `\n\n[Showing last ${formatSize(t.outputBytes)} of line ${endLine}. ${where}]`;
  } else if (t.truncatedBy === "lines") {
    text += `\n\n[Showing lines ${startLine}-${endLine} of ${t.totalLines}. ${where}]`;
  } else {
    const limit = `${formatSize(DEFAULT_MAX_BYTES)} limit`;
    text += `\n\n[Showing lines ${startLine}-${endLine} of ${t.totalLines} (${limit}). ${where}]`;
  }
  return text;
}

function withStatus(text: string, status: string): string {
  return text.length > 0 ? `${text}\n\n${status}` : status;
}

export function createBashTool(
  cwd: string,
  tempDir?: string,
): AgentTool<typeof bashSchema, BashToolDetails | undefined> {
  return {
    name: "bash",
    label: "bash",
    description:
      "Execute a bash command in the current working directory. Returns stdout and stderr. " +
      `Output is truncated to last ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB ` +
      "(whichever is hit first). If truncated, full output is saved to a temp file. " +
      "Optionally provide a timeout in seconds.",
    parameters: bashSchema,
    async execute(_toolCallId, { command, timeout }, signal, onUpdate) {
      let timer: NodeJS.Timeout | undefined;
      let lastUpdateAt = 0;
      let pending: (() => OutputSnapshot) | undefined;
      const flush = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        if (pending === undefined || onUpdate === undefined) return;
        const snapshot = pending();
        pending = undefined;
        lastUpdateAt = Date.now();
        const partial: AgentToolResult<BashToolDetails | undefined> = {
          content: [{ type: "text", text: snapshot.content }],
          details: snapshotDetails(snapshot),
        };
        onUpdate(partial);
      };
      // pi's first update is an empty result, so a UI shows the tool as running at once.
      onUpdate?.({ content: [], details: undefined });
      try {
        const result = await runBashCommand(command, {
          cwd,
          signal,
          tempDir,
          timeoutMs: timeout !== undefined && timeout > 0 ? timeout * 1000 : undefined,
          onChunk: (_text, snapshot) => {
            if (onUpdate === undefined) return;
            pending = snapshot;
            const wait = UPDATE_INTERVAL_MS - (Date.now() - lastUpdateAt);
            if (wait <= 0) flush();
            else timer ??= setTimeout(flush, wait);
          },
        });
        flush();
        const snapshot = result.snapshot;
        if (result.timedOut) {
          throw new Error(withStatus(formatBashOutput(snapshot, ""), `Command timed out after ${timeout} seconds`));
        }
        if (result.cancelled) throw new Error(withStatus(formatBashOutput(snapshot, ""), "Command aborted"));
        if (result.signalName !== undefined) {
          throw new Error(
            withStatus(formatBashOutput(snapshot, ""), `Command terminated by signal ${result.signalName}`),
          );
        }
        const text = formatBashOutput(snapshot, "(no output)");
        if (result.exitCode !== 0) throw new Error(withStatus(text, `Command exited with code ${result.exitCode}`));
        const details = snapshot.truncation.truncated ? snapshotDetails(snapshot) : undefined;
        return { content: [{ type: "text", text }], details };
      } finally {
        if (timer !== undefined) clearTimeout(timer);
      }
    },
  };
}
