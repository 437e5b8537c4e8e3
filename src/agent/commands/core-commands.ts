// Prompting, queue and retry commands (docs/protocol.md §3.1, §3.5, §3.7) plus our continue and clear_queue.
// Handlers are thin: semantics live in the runtime so tests can drive it without stdio.

import type { ImageContent } from "@mariozechner/pi-ai";
import { normalizeImageInput } from "../../protocol/decode/command-fields.js";
import type { ImageInput } from "../../protocol/index.js";
import { persistSetting } from "../config.js";
import type { CommandTable } from "./command-table.js";

/** Legacy `source` images become canonical `{ data, mimeType }` (docs/protocol.md §5.1). */
function images(list: ImageInput[] | undefined): ImageContent[] | undefined {
  return list?.map(normalizeImageInput);
}

export const coreCommands: CommandTable = {
  async prompt(cmd, { runtime }) {
    await runtime.prompt(cmd.message, images(cmd.images), cmd.streamingBehavior);
    return undefined;
  },
  async steer(cmd, { runtime }) {
    await runtime.queueMessage("steering", cmd.message, images(cmd.images));
    return undefined;
  },
  async follow_up(cmd, { runtime }) {
    await runtime.queueMessage("followUp", cmd.message, images(cmd.images));
    return undefined;
  },
  async abort(_cmd, { runtime }) {
    await runtime.abort();
    return undefined;
  },
  async abort_and_prompt(cmd, { runtime }) {
    // The aborted activity settles (agent_end, agent_settled) before the new run starts (docs/protocol.md §3.1.5).
    await runtime.abort();
    await runtime.prompt(cmd.message, images(cmd.images));
    return undefined;
  },
  async continue(_cmd, { runtime }) {
    await runtime.continueConversation();
    return undefined;
  },
  async clear_queue(cmd, { runtime }) {
    const removed = runtime.clearQueue(cmd.lane ?? "all");
    return { steering: removed.steering, followUp: removed.followUp };
  },
  async set_steering_mode(cmd, { runtime, services }) {
    runtime.queues.steeringMode = cmd.mode;
    persistSetting(services.config, "steeringMode", cmd.mode, warn);
    return undefined;
  },
  async set_follow_up_mode(cmd, { runtime, services }) {
    runtime.queues.followUpMode = cmd.mode;
    persistSetting(services.config, "followUpMode", cmd.mode, warn);
    return undefined;
  },
  async set_interrupt_mode(cmd, { runtime, services }) {
    runtime.interruptMode = cmd.mode;
    persistSetting(services.config, "interruptMode", cmd.mode, warn);
    return undefined;
  },
  async set_auto_retry(cmd, { runtime, services }) {
    runtime.autoRetry = cmd.enabled;
    persistSetting(services.config, "retry.enabled", cmd.enabled, warn);
    return undefined;
  },
  async abort_retry(_cmd, { runtime }) {
    await runtime.abortRetry();
    return undefined;
  },
  async set_auto_compaction(cmd, { runtime, services }) {
    runtime.autoCompaction = cmd.enabled;
    persistSetting(services.config, "compaction.enabled", cmd.enabled, warn);
    return undefined;
  },
};

function warn(message: string): void {
  process.stderr.write(`agent-rpc: ${message}\n`);
}
