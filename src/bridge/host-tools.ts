// Host-tool serving (docs/protocol.md §8.5): runs the registered handler for each host_tool_call, forwards
// progress, answers exactly once, aborts on host_tool_cancel and on worker exit.
import type { AgentToolResult, HostToolDefinition } from "./wire-types.js";
import type { HostToolHandler } from "./types.js";

interface Running {
  generation: number;
  toolName: string;
  toolCallId: string;
  controller: AbortController;
}

export interface HostToolServer {
  setRegistry(tools: HostToolDefinition[], handler: HostToolHandler): void;
  registeredTools(): HostToolDefinition[] | undefined;
  call(
    call: { id: string; toolCallId: string; toolName: string; arguments: Record<string, unknown> },
    generation: number,
  ): void;
  cancel(targetId: string): void;
  /** Worker gone: abort executors; returns descriptions of calls whose outcome is unknown. */
  abortAll(): string[];
  runningCount(): number;
}

const textResult = (text: string): AgentToolResult => ({ content: [{ type: "text", text }] });

const isToolResult = (value: unknown): value is AgentToolResult =>
  typeof value === "object" && value !== null && Array.isArray((value as { content?: unknown }).content);

export function createHostToolServer(send: (frame: Record<string, unknown>) => void): HostToolServer {
  let tools: HostToolDefinition[] | undefined;
  let handler: HostToolHandler | undefined;
  const running = new Map<string, Running>();

  const finish = (id: string, result: AgentToolResult, isError: boolean): void => {
    const entry = running.get(id);
    // Cancelled or worker gone: the worker already failed the tool; any answer is ignored.
    if (!entry || entry.controller.signal.aborted) return;
    running.delete(id);
    send(isError ? { type: "host_tool_result", id, result, isError: true } : { type: "host_tool_result", id, result });
  };

  return {
    setRegistry(nextTools, nextHandler) {
      tools = nextTools;
      handler = nextHandler;
    },
    registeredTools: () => tools,
    call(call, generation) {
      const known = tools?.some((t) => t.name === call.toolName) ?? false;
      if (!handler || !known) {
        // docs/protocol.md §8.4: every call must be answered, also for names we no longer know.
        send({
          type: "host_tool_result",
          id: call.id,
          result: textResult(`Unknown host tool: ${call.toolName}`),
          isError: true,
        });
        return;
      }
      const controller = new AbortController();
      running.set(call.id, { generation, toolName: call.toolName, toolCallId: call.toolCallId, controller });
      const context = {
        signal: controller.signal,
        toolCallId: call.toolCallId,
        update: (partial: AgentToolResult) => {
          if (running.has(call.id) && !controller.signal.aborted)
            send({ type: "host_tool_update", id: call.id, partialResult: partial });
        },
      };
      const run = handler;
      Promise.resolve()
        .then(() => run(call.toolName, call.arguments, context))
        .then(
          (outcome) => {
            if (isToolResult(outcome)) finish(call.id, outcome, false);
            else finish(call.id, outcome.result, outcome.isError);
          },
          (error: unknown) => finish(call.id, textResult(error instanceof Error ? error.message : String(error)), true),
        );
    },
    cancel(targetId) {
      const entry = running.get(targetId);
      if (!entry) return;
      running.delete(targetId);
      entry.controller.abort(new Error("Host tool call cancelled by the worker"));
    },
    abortAll() {
      const gone = [...running.entries()];
      running.clear();
      for (const [, entry] of gone) entry.controller.abort(new Error("Worker exited"));
      return gone.map(([id, e]) => `host tool ${e.toolName} (call ${id}, tool call ${e.toolCallId})`);
    },
    runningCount: () => running.size,
  };
}
