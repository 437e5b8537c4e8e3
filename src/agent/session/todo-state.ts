// Todo plan state (docs/protocol.md §9): validation and normalisation of phase input, the
// model-edit invariants, restore from the session branch, and timed auto-clear.
import { isObject } from "../../protocol/decode/result.js";
import type { TodoPhase, TodoStatus, TodoTask } from "../../protocol/types/todos.js";
import type { SessionEntry } from "./types.js";

export class TodoValidationError extends Error {
  constructor(reason: string) {
    super(`Invalid todo phases: ${reason}`);
  }
}

const STATUSES: readonly TodoStatus[] = ["pending", "in_progress", "completed", "abandoned"];

function isStatus(value: unknown): value is TodoStatus {
  return typeof value === "string" && (STATUSES as readonly string[]).includes(value);
}

function optionalString(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new TodoValidationError(`${where} must be a string`);
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function maxSuffix(ids: Iterable<string>, prefix: string): number {
  let max = 0;
  for (const id of ids) {
    const match = new RegExp(`^${prefix}-(\\d+)$`).exec(id);
    if (match?.[1]) max = Math.max(max, Number(match[1]));
  }
  return max;
}

/**
 * Validate and normalise phases (docs/protocol.md §9.3 steps 1–2): trimmed strings, default status and
 * tasks, generated ids continuing after the highest existing suffix, unique ids.
 */
export function normalizeTodoPhases(input: unknown, existing: readonly TodoPhase[] = []): TodoPhase[] {
  if (!Array.isArray(input)) throw new TodoValidationError("phases must be an array");
  const givenPhaseIds: string[] = [];
  const givenTaskIds: string[] = [];
  for (const phase of input) {
    if (isObject(phase) && typeof phase.id === "string") givenPhaseIds.push(phase.id.trim());
    if (isObject(phase) && Array.isArray(phase.tasks)) {
      for (const task of phase.tasks)
        if (isObject(task) && typeof task.id === "string") givenTaskIds.push(task.id.trim());
    }
  }
  let nextPhase = maxSuffix([...existing.map((p) => p.id), ...givenPhaseIds], "phase");
  let nextTask = maxSuffix([...existing.flatMap((p) => p.tasks.map((t) => t.id)), ...givenTaskIds], "task");
  const phaseIds = new Set<string>();
  const taskIds = new Set<string>();
  // Entries sent without ids keep the id of an existing phase/task with the same text, so a
  // model that omits ids does not renumber its plan (and reset auto-clear timers) each call.
  const phaseIdByName = new Map(existing.map((phase) => [phase.name, phase.id]));
  const taskIdByContent = new Map(
    existing.flatMap((phase) => phase.tasks.map((task) => [task.content, task.id] as const)),
  );
  const reuse = (
    map: Map<string, string>,
    key: string,
    used: Set<string>,
    given: readonly string[],
  ): string | undefined => {
    const id = map.get(key);
    return id !== undefined && !used.has(id) && !given.includes(id) ? id : undefined;
  };
  return input.map((rawPhase, phaseIndex): TodoPhase => {
    const where = `phase ${phaseIndex + 1}`;
    if (!isObject(rawPhase)) throw new TodoValidationError(`${where} must be an object`);
    const name = optionalString(rawPhase.name, `${where} name`);
    if (!name) throw new TodoValidationError(`${where} needs a non-empty name`);
    const id =
      optionalString(rawPhase.id, `${where} id`) ??
      reuse(phaseIdByName, name, phaseIds, givenPhaseIds) ??
      `phase-${++nextPhase}`;
    if (phaseIds.has(id)) throw new TodoValidationError(`duplicate phase id "${id}"`);
    phaseIds.add(id);
    const rawTasks = rawPhase.tasks ?? [];
    if (!Array.isArray(rawTasks)) throw new TodoValidationError(`${where} tasks must be an array`);
    const tasks = rawTasks.map((rawTask, taskIndex): TodoTask => {
      const taskWhere = `${where} task ${taskIndex + 1}`;
      if (!isObject(rawTask)) throw new TodoValidationError(`${taskWhere} must be an object`);
      const content = optionalString(rawTask.content, `${taskWhere} content`);
      if (!content) throw new TodoValidationError(`${taskWhere} needs a non-empty content`);
      const status = rawTask.status ?? "pending";
      if (!isStatus(status)) throw new TodoValidationError(`${taskWhere} has invalid status ${JSON.stringify(status)}`);
      const taskId =
        optionalString(rawTask.id, `${taskWhere} id`) ??
        reuse(taskIdByContent, content, taskIds, givenTaskIds) ??
        `task-${++nextTask}`;
      if (taskIds.has(taskId)) throw new TodoValidationError(`duplicate task id "${taskId}"`);
      taskIds.add(taskId);
      const task: TodoTask = { id: taskId, content, status };
      const notes = optionalString(rawTask.notes, `${taskWhere} notes`);
      const details = optionalString(rawTask.details, `${taskWhere} details`);
      if (notes) task.notes = notes;
      if (details) task.details = details;
      return task;
    });
    return { id, name, tasks };
  });
}

/** docs/protocol.md §9.2 model-edit invariants: one in_progress at most; otherwise the first pending starts. */
export function enforceProgressInvariant(phases: TodoPhase[]): TodoPhase[] {
  let seenInProgress = false;
  const result = phases.map((phase) => ({
    ...phase,
    tasks: phase.tasks.map((task) => {
      if (task.status !== "in_progress") return { ...task };
      if (seenInProgress) return { ...task, status: "pending" as const };
      seenInProgress = true;
      return { ...task };
    }),
  }));
  if (!seenInProgress) {
    for (const phase of result) {
      const first = phase.tasks.find((task) => task.status === "pending");
      if (first) {
        first.status = "in_progress";
        break;
      }
    }
  }
  return result;
}

function isFinished(task: TodoTask): boolean {
  return task.status === "completed" || task.status === "abandoned";
}

export function clonePhases(phases: readonly TodoPhase[]): TodoPhase[] {
  return phases.map((phase) => ({ ...phase, tasks: phase.tasks.map((task) => ({ ...task })) }));
}

/** Drop finished tasks and the phases they leave empty. */
export function stripFinished(phases: readonly TodoPhase[]): TodoPhase[] {
  return phases
    .map((phase) => ({ ...phase, tasks: phase.tasks.filter((task) => !isFinished(task)).map((t) => ({ ...t })) }))
    .filter((phase) => phase.tasks.length > 0);
}

export const TODO_WRITE_TOOL_NAME = "todo_write";

/** Phases of the latest successful todo_write result on the branch (docs/protocol.md §9.5), if any. */
export function findLatestTodoPhases(branch: readonly SessionEntry[]): TodoPhase[] | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type !== "message" || entry.message.role !== "toolResult") continue;
    const message = entry.message;
    if (message.toolName !== TODO_WRITE_TOOL_NAME && message.toolName !== "todo") continue;
    if (message.isError) continue;
    const details: unknown = message.details;
    if (!isObject(details) || !Array.isArray(details.phases)) continue;
    try {
      return normalizeTodoPhases(details.phases);
    } catch (error) {
      // A damaged todo result in an old file is skipped in favour of an earlier one.
      if (error instanceof TodoValidationError) continue;
      throw error;
    }
  }
  return undefined;
}

export type TodoStoreOptions = {
  /** Called for `todo_auto_clear` (docs/protocol.md §4.9). */
  onAutoClear: () => void;
  /** Grace period before finished tasks disappear; negative disables (default 60 s). */
  clearDelayMs?: number;
};

/** The in-memory todo state of the current session. */
export class TodoStore {
  private phases: TodoPhase[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly clearDelayMs: number;

  constructor(private readonly options: TodoStoreOptions) {
    this.clearDelayMs = options.clearDelayMs ?? 60_000;
  }

  getPhases(): TodoPhase[] {
    return clonePhases(this.phases);
  }

  incompleteTasks(): TodoTask[] {
    return this.phases.flatMap((phase) => phase.tasks.filter((task) => !isFinished(task)).map((t) => ({ ...t })));
  }

  /** `set_todos` (docs/protocol.md §9.3): validated, normalised, stored as given (no invariant enforcement). */
  setFromHost(input: unknown): TodoPhase[] {
    this.replace(normalizeTodoPhases(input, this.phases));
    return this.getPhases();
  }

  /** `todo_write`: like set_todos plus the single-in_progress invariant. */
  setFromModel(input: unknown): TodoPhase[] {
    this.replace(enforceProgressInvariant(normalizeTodoPhases(input, this.phases)));
    return this.getPhases();
  }

  /** Rebuild after load/switch/fork from the branch; finished tasks are dropped (docs/protocol.md §9.5). */
  restoreFromBranch(branch: readonly SessionEntry[]): void {
    this.replace(stripFinished(findLatestTodoPhases(branch) ?? []));
  }

  clear(): void {
    this.replace([]);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private replace(phases: TodoPhase[]): void {
    this.phases = phases;
    const finished = new Set(phases.flatMap((phase) => phase.tasks.filter(isFinished).map((task) => task.id)));
    for (const [id, timer] of this.timers) {
      if (!finished.has(id)) {
        clearTimeout(timer);
        this.timers.delete(id);
      }
    }
    if (this.clearDelayMs < 0) return;
    for (const id of finished) {
      if (this.timers.has(id)) continue;
      const timer = setTimeout(() => this.autoClear(id), this.clearDelayMs);
      timer.unref();
      this.timers.set(id, timer);
    }
  }

  private autoClear(taskId: string): void {
    this.timers.delete(taskId);
    this.phases = this.phases.flatMap((phase) => {
      if (!phase.tasks.some((task) => task.id === taskId)) return [phase];
      const tasks = phase.tasks.filter((task) => task.id !== taskId);
      return tasks.length > 0 ? [{ ...phase, tasks }] : [];
    });
    this.options.onAutoClear();
  }
}
