// Todos (docs/protocol.md §9): set_todos normalisation and validation, todo_write invariants,
// restore from the session branch, auto-clear.
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTodoWriteTool } from "../../../src/agent/session/todo-tool.js";
import { normalizeTodoPhases, TodoStore, TodoValidationError } from "../../../src/agent/session/todo-state.js";
import { TodoReminders } from "../../../src/agent/session/todo-reminder.js";
import { assistant, makeTempDir, quietSession, toolResult, user } from "./helpers.js";

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function store(clearDelayMs = -1, onAutoClear = () => undefined) {
  return new TodoStore({ onAutoClear, clearDelayMs });
}

describe("set_todos", () => {
  it("normalises: trims, defaults, assigns ids after the highest existing suffix", () => {
    const s = store();
    const phases = s.setFromHost([
      {
        id: "phase-3",
        name: "  Evaluation ",
        tasks: [{ id: "task-7", content: " Map tools ", status: "in_progress" }, { content: "Edit ops" }],
      },
      { name: "Second" },
    ]);
    expect(phases).toEqual([
      {
        id: "phase-3",
        name: "Evaluation",
        tasks: [
          { id: "task-7", content: "Map tools", status: "in_progress" },
          { id: "task-8", content: "Edit ops", status: "pending" },
        ],
      },
      { id: "phase-4", name: "Second", tasks: [] },
    ]);
    expect(s.getPhases()).toEqual(phases);
  });

  it.each([
    [{ phases: "nope" }, "phases must be an array"],
    [[{ name: "" }], "needs a non-empty name"],
    [[{ name: "A", tasks: [{ content: "  " }] }], "needs a non-empty content"],
    [[{ name: "A", tasks: [{ content: "x", status: "done" }] }], "invalid status"],
    [
      [
        {
          name: "A",
          tasks: [
            { id: "t", content: "x" },
            { id: "t", content: "y" },
          ],
        },
      ],
      "duplicate task id",
    ],
    [
      [
        { id: "p", name: "A" },
        { id: "p", name: "B" },
      ],
      "duplicate phase id",
    ],
    [[{ name: "A", tasks: "x" }], "tasks must be an array"],
  ])("rejects malformed phases %j and keeps the previous state", (input, reason) => {
    const s = store();
    s.setFromHost([{ name: "Keep", tasks: [{ content: "me" }] }]);
    const before = s.getPhases();
    expect(() => s.setFromHost(Array.isArray(input) ? input : input.phases)).toThrow(TodoValidationError);
    expect(() => normalizeTodoPhases(Array.isArray(input) ? input : input.phases)).toThrow(reason);
    expect(s.getPhases()).toEqual(before);
  });
});

describe("todo_write tool", () => {
  it("enforces one in_progress task and starts the first pending one", async () => {
    const s = store();
    const tool = createTodoWriteTool(s, () => "session");
    const result = await tool.execute("call-1", {
      phases: [
        { name: "One", tasks: [{ content: "a", status: "completed" }, { content: "b" }] },
        {
          name: "Two",
          tasks: [
            { content: "c", status: "in_progress" },
            { content: "d", status: "in_progress" },
          ],
        },
      ],
    });
    const statuses = result.details.phases.flatMap((p) => p.tasks.map((t) => `${t.content}:${t.status}`));
    expect(statuses).toEqual(["a:completed", "b:pending", "c:in_progress", "d:pending"]);
    expect(result.details.storage).toBe("session");
    const none = await tool.execute("call-2", {
      phases: [{ name: "One", tasks: [{ content: "x" }, { content: "y" }] }],
    });
    expect(none.details.phases[0]?.tasks.map((t) => t.status)).toEqual(["in_progress", "pending"]);
    expect(result.content[0]).toMatchObject({ type: "text" });
  });

  it("keeps ids of unchanged phases and tasks when the model omits them", async () => {
    const s = store();
    const tool = createTodoWriteTool(s, () => "session");
    await tool.execute("c1", { phases: [{ name: "One", tasks: [{ content: "a" }, { content: "b" }] }] });
    const second = await tool.execute("c2", {
      phases: [{ name: "One", tasks: [{ content: "a", status: "completed" }, { content: "b" }, { content: "c" }] }],
    });
    expect(second.details.phases).toEqual([
      {
        id: "phase-1",
        name: "One",
        tasks: [
          { id: "task-1", content: "a", status: "completed" },
          { id: "task-2", content: "b", status: "in_progress" },
          { id: "task-3", content: "c", status: "pending" },
        ],
      },
    ]);
  });

  it("throws on malformed input (the loop turns it into an error result)", async () => {
    const tool = createTodoWriteTool(store(), () => "memory");
    await expect(tool.execute("c", { phases: [{ name: "", tasks: [] }] })).rejects.toThrow("Invalid todo phases");
  });
});

describe("persistence and auto-clear", () => {
  it("restores the latest successful todo_write of the active branch, dropping finished tasks", () => {
    const dir = makeTempDir();
    dirs.push(dir);
    const session = quietSession(dir);
    session.appendMessage(user("plan"));
    session.appendMessage(assistant("ok"));
    const phases = [
      {
        id: "phase-1",
        name: "P",
        tasks: [
          { id: "task-1", content: "done", status: "completed" },
          { id: "task-2", content: "open", status: "in_progress" },
        ],
      },
    ];
    session.appendMessage(toolResult("c1", "todo_write", "updated", { phases, storage: "session" }));
    session.appendMessage(toolResult("c2", "todo_write", "bad", { phases: [] }, true));
    const reopened = quietSession(dir, { sessionFile: session.sessionFile ?? "" });
    const s = store();
    s.restoreFromBranch(reopened.getBranch());
    expect(s.getPhases()).toEqual([
      { id: "phase-1", name: "P", tasks: [{ id: "task-2", content: "open", status: "in_progress" }] },
    ]);
    s.restoreFromBranch([]);
    expect(s.getPhases()).toEqual([]);
  });

  it("removes finished tasks after the delay and emits todo_auto_clear", () => {
    vi.useFakeTimers();
    const cleared = vi.fn();
    const s = store(60_000, cleared);
    s.setFromHost([
      { name: "P", tasks: [{ content: "a", status: "completed" }] },
      { name: "Q", tasks: [{ content: "b" }] },
    ]);
    vi.advanceTimersByTime(59_999);
    expect(cleared).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(s.getPhases()).toEqual([
      { id: "phase-2", name: "Q", tasks: [{ id: "task-2", content: "b", status: "pending" }] },
    ]);
    expect(s.incompleteTasks().map((t) => t.content)).toEqual(["b"]);
    s.dispose();
  });
});

describe("todo reminders", () => {
  it("reminds after a normal answer while tasks are open, at most maxAttempts times per prompt", () => {
    const s = store();
    const reminders = new TodoReminders(s, { enabled: true, maxAttempts: 2 });
    const done = assistant("done");
    expect(reminders.willRemind(done)).toBe(false);
    s.setFromHost([
      {
        name: "P",
        tasks: [
          { content: "a", status: "completed" },
          { content: "b", status: "in_progress" },
        ],
      },
    ]);
    expect(reminders.willRemind(assistant("x", { stopReason: "aborted" }))).toBe(false);
    expect(reminders.willRemind(done)).toBe(true);
    const first = reminders.next(done);
    expect(first?.event).toEqual({
      type: "todo_reminder",
      todos: [{ id: "task-2", content: "b", status: "in_progress" }],
      attempt: 1,
      maxAttempts: 2,
    });
    expect(first?.message).toMatchObject({ role: "custom", customType: "todo-reminder", display: false });
    expect(String(first?.message.content)).toContain("1 incomplete todo item(s)");
    expect(reminders.next(done)?.event.attempt).toBe(2);
    expect(reminders.willRemind(done)).toBe(false);
    expect(reminders.next(done)).toBeUndefined();
    reminders.reset();
    expect(reminders.willRemind(done)).toBe(true);
    expect(new TodoReminders(s, { enabled: false, maxAttempts: 3 }).willRemind(done)).toBe(false);
  });
});
