// The user `bash` command (docs/protocol.md §3.8): runs through the tools' executor, streams
// bash_execution_update with the request id, stores a bashExecution message (deferred while
// a run is active) and answers with the BashResult. abort_bash and abort cancel it.

import type { BashExecutionMessage } from "../runtime/agent-messages.js";
import type { CommandTable } from "./command-table.js";

const running = new Set<AbortController>();

export const bashCommands: CommandTable = {
  async bash(cmd, { runtime, emit, id }) {
    const controller = new AbortController();
    running.add(controller);
    const offAbort = runtime.onAbort(() => controller.abort());
    try {
      // Loaded at first use: the executor and its output handling are not needed to start.
      const { runBashCommand } = await import("../tools/bash-executor.js");
      const result = await runBashCommand(cmd.command, {
        cwd: runtime.cwd,
        signal: controller.signal,
        onChunk: (delta) =>
          emit(
            id === undefined ? { type: "bash_execution_update", delta } : { type: "bash_execution_update", id, delta },
          ),
      });
      const message: BashExecutionMessage = {
        role: "bashExecution",
        command: cmd.command,
        output: result.output,
        exitCode: result.exitCode,
        cancelled: result.cancelled,
        truncated: result.truncated,
        timestamp: Date.now(),
      };
      if (result.fullOutputPath) message.fullOutputPath = result.fullOutputPath;
      if (cmd.excludeFromContext) message.excludeFromContext = true;
      runtime.addBashExecution(message);
      const data: Record<string, unknown> = { output: result.output };
      if (result.exitCode !== undefined) data["exitCode"] = result.exitCode;
      Object.assign(data, { cancelled: result.cancelled, truncated: result.truncated });
      if (result.fullOutputPath) data["fullOutputPath"] = result.fullOutputPath;
      Object.assign(data, {
        totalLines: result.totalLines,
        totalBytes: result.totalBytes,
        outputLines: result.outputLines,
        outputBytes: result.outputBytes,
      });
      return data;
    } finally {
      offAbort();
      running.delete(controller);
    }
  },
  async abort_bash() {
    for (const controller of running) controller.abort();
    return undefined;
  },
};
