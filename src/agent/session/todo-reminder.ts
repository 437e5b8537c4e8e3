// Todo reminders (docs/protocol.md §4.9 todo_reminder, §4.11 K): when a run ends normally while
// todo tasks are unfinished, the worker nudges the model with a hidden custom message and
// continues, at most `maxAttempts` times per user prompt.
import type { AssistantMessage } from "@mariozechner/pi-ai";
import type { TodoReminderEvent } from "../../protocol/types/events.js";
import type { TodoStore } from "./todo-state.js";
import type { CustomMessage } from "./types.js";

export const TODO_REMINDER_TYPE = "todo-reminder";

export type TodoReminderOptions = { enabled: boolean; maxAttempts: number };

export class TodoReminders {
  private attempt = 0;

  constructor(
    private readonly todos: TodoStore,
    private readonly options: TodoReminderOptions,
  ) {}

  /** A new user prompt starts a new reminder budget. */
  reset(): void {
    this.attempt = 0;
  }

  /** Sync (decides agent_end.willRetry): will a reminder run follow this answer? */
  willRemind(last: AssistantMessage | undefined): boolean {
    if (!this.options.enabled || !last || last.stopReason !== "stop") return false;
    if (this.attempt >= this.options.maxAttempts) return false;
    return this.todos.incompleteTasks().length > 0;
  }

  /** The reminder to emit and the message to start the next run with, or undefined. */
  next(last: AssistantMessage | undefined): { event: TodoReminderEvent; message: CustomMessage } | undefined {
    if (!this.willRemind(last)) return undefined;
    this.attempt++;
    const todos = this.todos.incompleteTasks();
    const list = todos.map((task) => `- [${task.status}] ${task.id}: ${task.content}`).join("\n");
    const text =
      `<system_reminder>You stopped with ${todos.length} incomplete todo item(s):\n${list}\n` +
      "Continue working on them, or update the plan with todo_write (mark items completed or abandoned) " +
      "if they are done or no longer needed.</system_reminder>";
    return {
      event: { type: "todo_reminder", todos, attempt: this.attempt, maxAttempts: this.options.maxAttempts },
      message: { role: "custom", customType: TODO_REMINDER_TYPE, content: text, display: false, timestamp: Date.now() },
    };
  }
}
