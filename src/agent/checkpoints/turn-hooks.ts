// Plugs the checkpoints into a running agent: the tree is snapshotted in the prompt's preflight
// (before the model runs), the checkpoint is written when the turn's user message is recorded
// (so it carries the message's text and session entry), and the tree is recorded again when
// the activity settles. A failure here never stops the turn: it is said on stderr, and the
// commands report the store's state when asked.
// The runtime and services come in as parameters, typed by what is used of them. The store's
// modules (hashing, gzip, git) load at the first turn or command, not at start-up.

import type { HookRegistry } from "../runtime/hooks.js";
import type { WireEvent } from "../runtime/wire-events.js";
import type { CheckpointService } from "./checkpoint-service.js";
import { checkpointSettings } from "./settings.js";
import { messageOf } from "./store-errors.js";

export const CHECKPOINTS_SLOT = "checkpoints";

export interface CheckpointServices {
  readonly cwd: string;
  readonly config: { readonly home: string; readonly rawSettings: unknown };
  readonly session: { readonly sessionId: string; getLeafId(): string | null };
  readonly slots: Map<string, unknown>;
}

const warn = (what: string, error: unknown): void => {
  process.stderr.write(`agent-rpc: checkpoints: ${what}: ${messageOf(error)}\n`);
};

/** The text of a user message (its text blocks joined), for the checkpoint's prompt line. */
function userText(message: unknown): string | undefined {
  if (typeof message !== "object" || message === null || !("role" in message) || message.role !== "user")
    return undefined;
  const content = "content" in message ? message.content : undefined;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: unknown) =>
      typeof block === "object" && block !== null && "text" in block && typeof block.text === "string"
        ? block.text
        : "",
    )
    .join(" ");
}

/** The service, created on first use; kept in the services' slots for the commands. */
export class CheckpointHandle {
  private service: Promise<CheckpointService> | undefined;
  /** The turn steps asked for so far, in order (events arrive synchronously). */
  private steps: Promise<unknown> = Promise.resolve();

  constructor(private readonly services: CheckpointServices) {}

  /** Queues a turn step; its failure is said on stderr, never thrown at the turn. */
  later(what: string, step: (service: CheckpointService) => Promise<void>): Promise<void> {
    const next = this.steps.then(() => this.get().then(step)).catch((error: unknown) => warn(what, error));
    this.steps = next;
    return next;
  }

  /**
   * The session was forked or cloned from `fromSessionId`: its store gets the checkpoints of the
   * turns whose user messages it kept, after the turn steps asked for before.
   */
  forked(fromSessionId: string, keptEntryIds: Iterable<string>): Promise<void> {
    const to = this.services.session.sessionId;
    const kept = new Set(keptEntryIds);
    return this.later("checkpoints not carried into the fork", async (service) => {
      await service.inherit(fromSessionId, to, kept);
    });
  }

  /** The service once every turn step asked for before has run (a command sees the turn's end). */
  async ready(): Promise<CheckpointService> {
    await this.steps;
    return this.get();
  }

  private get(): Promise<CheckpointService> {
    this.service ??= import("./checkpoint-service.js").then(
      ({ CheckpointService }) =>
        new CheckpointService({
          cwd: this.services.cwd,
          home: this.services.config.home,
          settings: checkpointSettings(this.services.config.rawSettings),
        }),
    );
    return this.service;
  }
}

export function installCheckpoints(hooks: Pick<HookRegistry, "add">, services: CheckpointServices): CheckpointHandle {
  const handle = new CheckpointHandle(services);
  services.slots.set(CHECKPOINTS_SLOT, handle);
  const later = (what: string, step: (service: CheckpointService) => Promise<void>): void => {
    void handle.later(what, step);
  };
  hooks.add({
    beforePrompt: () =>
      handle.later("no checkpoint for this turn", (service) => service.beforeTurn(services.session.sessionId)),
    onEvent: (event: WireEvent) => {
      if (event.type === "message_end") {
        const text = userText(event["message"]);
        if (text === undefined) return;
        const entryId = services.session.getLeafId() ?? undefined;
        later("checkpoint not recorded", (service) => service.turnOpened(text, entryId));
      } else if (event.type === "agent_settled") {
        later("end of turn not recorded", (service) => service.turnEnded());
      }
    },
  });
  return handle;
}

/** The service installCheckpoints put in the slots, after every turn step asked for before. */
export function checkpointHandleOf(slots: Map<string, unknown>): CheckpointHandle | undefined {
  const value = slots.get(CHECKPOINTS_SLOT);
  return value instanceof CheckpointHandle ? value : undefined;
}
