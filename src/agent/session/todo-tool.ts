// The `todo_write` tool: the model replaces its plan (phases of tasks); the result's
// `details.phases` is what clients show and what a reload restores (docs/protocol.md §9.4–9.5).
import type { AgentTool, AgentToolResult } from "@mariozechner/pi-agent-core";
import { Type } from "typebox";
import type { TodoPhase, TodoWriteDetails } from "../../protocol/types/todos.js";
import { TODO_WRITE_TOOL_NAME, type TodoStore } from "./todo-state.js";

const statusSchema = Type.Union([
  Type.Literal("pending"),
  Type.Literal("in_progress"),
  Type.Literal("completed"),
  Type.Literal("abandoned"),
]);

const todoWriteParameters = Type.Object({
  phases: Type.Array(
    Type.Object({
      id: Type.Optional(Type.String({ description: "Keep the id of an existing phase" })),
      name: Type.String({ description: "Phase name, e.g. 'Investigation'" }),
      tasks: Type.Array(
        Type.Object({
          id: Type.Optional(Type.String({ description: "Keep the id of an existing task" })),
          content: Type.String({ description: "Imperative description of the task" }),
          status: Type.Optional(statusSchema),
          notes: Type.Optional(Type.String()),
          details: Type.Optional(Type.String({ description: "Implementation details while in progress" })),
        }),
      ),
    }),
    { description: "The complete plan; it replaces the previous one" },
  ),
});

const DESCRIPTION = [
  "Keep a plan of the work as ordered phases of tasks, and update it as you go.",
  "Each call replaces the whole plan: send every phase and task, keeping existing ids.",
  "Statuses: pending, in_progress (exactly one task at a time), completed, abandoned.",
  "Use it for multi-step work; mark a task completed as soon as it is done.",
].join(" ");

function summarize(phases: readonly TodoPhase[]): string {
  if (phases.length === 0) return "Todo list cleared.";
  const marks: Record<string, string> = { pending: "[ ]", in_progress: "[>]", completed: "[x]", abandoned: "[-]" };
  const lines: string[] = [];
  for (const phase of phases) {
    lines.push(`${phase.name}:`);
    for (const task of phase.tasks) lines.push(`  ${marks[task.status] ?? "[ ]"} ${task.id} ${task.content}`);
  }
  return `Todo list updated.\n${lines.join("\n")}`;
}

export function createTodoWriteTool(
  store: TodoStore,
  storage: () => TodoWriteDetails["storage"],
): AgentTool<typeof todoWriteParameters, TodoWriteDetails> {
  return {
    name: TODO_WRITE_TOOL_NAME,
    label: "Todo",
    description: DESCRIPTION,
    parameters: todoWriteParameters,
    executionMode: "sequential",
    async execute(_toolCallId, params): Promise<AgentToolResult<TodoWriteDetails>> {
      // Throws TodoValidationError on bad input: pi-agent-core turns it into an error result.
      const phases = store.setFromModel(params.phases);
      return { content: [{ type: "text", text: summarize(phases) }], details: { phases, storage: storage() } };
    },
  };
}
