// Checkpoint commands ([ours], docs/protocol-notes.md "Checkpoints"): list, diff, restore and
// write over the store src/agent/checkpoints/ keeps. A restore while a run streams is refused:
// the agent would be writing the same files.

import { checkpointHandleOf } from "../checkpoints/turn-hooks.js";
import type { CheckpointService } from "../checkpoints/checkpoint-service.js";
import type { AgentServices, CommandTable } from "./command-table.js";

export const RESTORE_WHILE_RUNNING_ERROR = "Cannot restore a checkpoint while the agent is running";

function serviceOf(services: AgentServices): Promise<CheckpointService> {
  const handle = checkpointHandleOf(services.slots);
  if (handle === undefined) throw new Error("Checkpoints are not available in this worker");
  return handle.ready();
}

export const checkpointCommands: CommandTable = {
  async checkpoint_list(_cmd, { services }) {
    return { checkpoints: await (await serviceOf(services)).list(services.session.sessionId) };
  },
  async checkpoint_diff(cmd, { services }) {
    return (await serviceOf(services)).diff(services.session.sessionId, cmd.from, cmd.to);
  },
  async checkpoint_restore(cmd, { services, runtime }) {
    if (runtime.isStreaming || runtime.isCompacting) throw new Error(RESTORE_WHILE_RUNNING_ERROR);
    return (await serviceOf(services)).restore(
      services.session.sessionId,
      cmd.checkpoint,
      cmd.paths,
      cmd.force === true,
    );
  },
  async checkpoint_write(cmd, { services }) {
    // Loaded at first use, as the store is.
    const { writeChecked } = await import("../checkpoints/write-file.js");
    const written = writeChecked(services.cwd, cmd.path, cmd.content, cmd.expectedHash);
    await (await serviceOf(services))
      .noteWrite(services.session.sessionId, written.path, written.state, written.bytes)
      .catch((error: unknown) => {
        // The file is written; only the note that the worker wrote it is missing (a later
        // restore then counts it as someone else's change, which asks before overwriting).
        process.stderr.write(`agent-rpc: checkpoints: write not recorded: ${(error as Error).message}\n`);
      });
    return { path: written.path, hash: written.hash, bytesWritten: written.bytesWritten };
  },
};
