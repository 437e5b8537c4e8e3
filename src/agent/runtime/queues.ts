// Steering and follow-up queues (docs/protocol.md §6) with the bookkeeping behind `queue_update`:
// a dequeued message stays visible until its own message_start, as in pi 0.73.1 (one
// queue_update per delivered message, written just before that message's message_start).

import type { ImageContent, UserMessage } from "@mariozechner/pi-ai";
import type { AgentMessage } from "./agent-messages.js";
import type { QueueMode } from "../config.js";

export type QueueKind = "steering" | "followUp";

export interface QueuedMessage {
  kind: QueueKind;
  text: string;
  message: AgentMessage;
  /** Injected by an extension (custom message): delivered, but not listed in queue_update. */
  hidden?: boolean;
}

export interface QueueSnapshot {
  steering: string[];
  followUp: string[];
}

export function createUserMessage(text: string, images: ImageContent[] | undefined): UserMessage {
  return { role: "user", content: [{ type: "text", text }, ...(images ?? [])], timestamp: Date.now() };
}

export class MessageQueues {
  steeringMode: QueueMode;
  followUpMode: QueueMode;
  private steering: QueuedMessage[] = [];
  private followUp: QueuedMessage[] = [];
  /** Dequeued for delivery but whose message_start has not been written yet. */
  private delivering: QueuedMessage[] = [];

  constructor(steeringMode: QueueMode, followUpMode: QueueMode) {
    this.steeringMode = steeringMode;
    this.followUpMode = followUpMode;
  }

  enqueue(kind: QueueKind, text: string, images: ImageContent[] | undefined): QueuedMessage {
    const item: QueuedMessage = { kind, text, message: createUserMessage(text, images) };
    (kind === "steering" ? this.steering : this.followUp).push(item);
    return item;
  }

  /** Queue an extension's custom message (not shown in queue_update, like pi). */
  enqueueHidden(kind: QueueKind, message: AgentMessage): void {
    (kind === "steering" ? this.steering : this.followUp).push({ kind, text: "", message, hidden: true });
  }

  /** Take steering messages per the steering mode (marked as delivering). */
  takeSteering(): QueuedMessage[] {
    return this.take(this.steering, this.steeringMode);
  }

  /** Take follow-up messages per the follow-up mode (marked as delivering). */
  takeFollowUp(): QueuedMessage[] {
    return this.take(this.followUp, this.followUpMode);
  }

  /** Take everything still queued (used to start a run that delivers leftovers). */
  takeLeftovers(): QueuedMessage[] {
    const steering = this.takeSteering();
    return steering.length > 0 ? steering : this.takeFollowUp();
  }

  private take(queue: QueuedMessage[], mode: QueueMode): QueuedMessage[] {
    const taken = mode === "all" ? queue.splice(0) : queue.splice(0, 1);
    this.delivering.push(...taken);
    return taken;
  }

  /**
   * Called at every message_start: if the message is being delivered from a queue, forget
   * it and return true (the caller then emits queue_update before the message_start).
   */
  markDelivered(message: unknown): boolean {
    const index = this.delivering.findIndex((item) => item.message === message);
    if (index < 0) return false;
    const [item] = this.delivering.splice(index, 1);
    return item?.hidden !== true;
  }

  /** Messages taken for delivery but never started (run aborted): put them back in front. */
  restoreUndelivered(): boolean {
    if (this.delivering.length === 0) return false;
    const back = this.delivering.splice(0);
    this.steering.unshift(...back.filter((item) => item.kind === "steering"));
    this.followUp.unshift(...back.filter((item) => item.kind === "followUp"));
    return true;
  }

  /** Remove queued messages (our clear_queue); returns what was removed, oldest first. */
  clear(which: QueueKind | "all"): QueueSnapshot {
    const removed: QueueSnapshot = { steering: [], followUp: [] };
    const take = (queue: QueuedMessage[]): string[] => {
      const visible = queue.filter((item) => !item.hidden);
      const hidden = queue.filter((item) => item.hidden);
      queue.splice(0, queue.length, ...hidden);
      return visible.map((item) => item.text);
    };
    if (which === "all" || which === "steering") removed.steering = take(this.steering);
    if (which === "all" || which === "followUp") removed.followUp = take(this.followUp);
    return removed;
  }

  snapshot(): QueueSnapshot {
    const pendingOf = (kind: QueueKind, queue: QueuedMessage[]): string[] =>
      [...this.delivering.filter((item) => item.kind === kind), ...queue]
        .filter((item) => !item.hidden)
        .map((item) => item.text);
    return { steering: pendingOf("steering", this.steering), followUp: pendingOf("followUp", this.followUp) };
  }

  get pendingCount(): number {
    return [...this.steering, ...this.followUp, ...this.delivering].filter((item) => !item.hidden).length;
  }

  get hasSteering(): boolean {
    return this.steering.length > 0;
  }

  get isEmpty(): boolean {
    return this.steering.length === 0 && this.followUp.length === 0;
  }
}
