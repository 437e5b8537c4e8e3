// Where the runtime records what enters the context. The in-memory store is the default
// (and `--no-session`); the session helper's SessionManager (src/agent/session) fits the same
// interface and replaces it with one call: runtime.setStore(store).

import { randomUUID } from "node:crypto";
import type { AgentMessage } from "./agent-messages.js";

export interface ConversationStore {
  readonly sessionId: string;
  /** Absent when nothing is persisted. */
  readonly sessionFile?: string | undefined;
  /** Display name; undefined when unset. */
  getName?(): string | undefined;
  appendMessage(message: AgentMessage): void;
  appendModelChange(provider: string, modelId: string): void;
  appendThinkingLevelChange(level: string): void;
  /** The context (root → leaf, compaction applied) used to seed the runtime. */
  buildContextMessages(): AgentMessage[];
}

export class MemoryStore implements ConversationStore {
  readonly sessionId = randomUUID();
  readonly sessionFile = undefined;
  private name: string | undefined;
  private readonly messages: AgentMessage[] = [];

  constructor(name?: string) {
    this.name = name;
  }

  getName(): string | undefined {
    return this.name;
  }

  setName(name: string): void {
    this.name = name;
  }

  appendMessage(message: AgentMessage): void {
    this.messages.push(message);
  }

  appendModelChange(): void {
    // Nothing to persist in memory: the runtime holds the current model.
  }

  appendThinkingLevelChange(): void {
    // Nothing to persist in memory: the runtime holds the current level.
  }

  buildContextMessages(): AgentMessage[] {
    return [...this.messages];
  }
}
