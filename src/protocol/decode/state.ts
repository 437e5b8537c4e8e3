// Tolerant decoders for state-like values in response data (docs/protocol.md §3.2, §5.8, §9,
// docs/protocol.md Appendix B): models, todo phases and get_state, with other workers' variants normalised.

import { INTERRUPT_MODES, QUEUE_MODES, THINKING_LEVELS, TODO_STATUSES } from "../constants.js";
import type { Model, ModelInputModality, ThinkingLevel } from "../types/messages.js";
import type { ContextUsage, RpcSessionState } from "../types/results.js";
import type { TodoPhase, TodoTask } from "../types/todos.js";
import { fail, isObject, type JsonObject } from "./result.js";

const num = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
const pick = <T extends string>(values: readonly T[], value: unknown): T | undefined => values.find((v) => v === value);

function assignDefined<T extends object>(target: T, extra: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) Object.assign(target, { [key]: value });
  return target;
}

/**
 * docs/protocol.md §5.8 [xcsh] may send a reduced `{ provider, id }`: missing fields get neutral
 * defaults. `headers` is dropped.
 */
export function decodeModel(value: unknown, where: string): Model {
  if (!isObject(value)) return fail(`${where} must be an object`);
  const { headers: _secret, ...m } = value;
  const cost = isObject(m["cost"]) ? m["cost"] : {};
  const input = Array.isArray(m["input"])
    ? m["input"].filter((v): v is ModelInputModality => v === "text" || v === "image")
    : ["text" as const];
  return {
    ...m,
    id: str(m["id"]),
    name: str(m["name"], str(m["id"])),
    api: str(m["api"]),
    provider: str(m["provider"]),
    baseUrl: str(m["baseUrl"]),
    reasoning: m["reasoning"] === true,
    input,
    cost: {
      input: num(cost["input"]),
      output: num(cost["output"]),
      cacheRead: num(cost["cacheRead"]),
      cacheWrite: num(cost["cacheWrite"]),
    },
    contextWindow: num(m["contextWindow"]),
    maxTokens: num(m["maxTokens"]),
  };
}

export function decodeThinkingLevel(value: unknown): ThinkingLevel | undefined {
  return pick(THINKING_LEVELS, value);
}

/**
 * docs/protocol.md §9.1 Todo phases from any worker: missing ids become index ids (`phase-<n>`, `task-<n>`),
 * unknown status strings become "pending", and non-object items are skipped.
 */
export function decodeTodoPhaseList(value: unknown): TodoPhase[] {
  if (!Array.isArray(value)) return [];
  let taskCounter = 0;
  return value.filter(isObject).map((phase, p): TodoPhase => {
    const tasks = (Array.isArray(phase["tasks"]) ? phase["tasks"] : []).filter(isObject).map((task): TodoTask => {
      taskCounter += 1;
      return assignDefined(
        {
          id: str(task["id"], `task-${taskCounter}`),
          content: str(task["content"]),
          status: pick(TODO_STATUSES, task["status"]) ?? "pending",
        },
        {
          notes: typeof task["notes"] === "string" ? task["notes"] : undefined,
          details: typeof task["details"] === "string" ? task["details"] : undefined,
        },
      );
    });
    return { id: str(phase["id"], `phase-${p + 1}`), name: str(phase["name"]), tasks };
  });
}

export function decodeContextUsage(value: unknown): ContextUsage | undefined {
  if (!isObject(value)) return undefined;
  const nullableNumber = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return {
    tokens: nullableNumber(value["tokens"]),
    contextWindow: num(value["contextWindow"]),
    percent: nullableNumber(value["percent"]),
  };
}

/**
 * docs/protocol.md §3.2.1 get_state. docs/protocol.md Appendix B: `pendingMessageCount` is filled
 * from `queuedMessageCount` when missing (both are kept); `model` null/absent → absent; modes
 * default as in pi.
 */
export function decodeSessionState(value: unknown): RpcSessionState {
  if (!isObject(value)) return fail("get_state: data must be an object");
  const s: JsonObject = value;
  const state: RpcSessionState = {
    isStreaming: s["isStreaming"] === true,
    isCompacting: s["isCompacting"] === true,
    steeringMode: pick(QUEUE_MODES, s["steeringMode"]) ?? "one-at-a-time",
    followUpMode: pick(QUEUE_MODES, s["followUpMode"]) ?? "one-at-a-time",
    sessionId: str(s["sessionId"]),
    autoCompactionEnabled: s["autoCompactionEnabled"] !== false,
    messageCount: num(s["messageCount"]),
  };
  const pending = typeof s["pendingMessageCount"] === "number" ? s["pendingMessageCount"] : undefined;
  const queued = typeof s["queuedMessageCount"] === "number" ? s["queuedMessageCount"] : undefined;
  return assignDefined(state, {
    model: isObject(s["model"]) ? decodeModel(s["model"], 'get_state: "model"') : undefined,
    thinkingLevel: decodeThinkingLevel(s["thinkingLevel"]),
    interruptMode: pick(INTERRUPT_MODES, s["interruptMode"]),
    cwd: typeof s["cwd"] === "string" ? s["cwd"] : undefined,
    sessionFile: typeof s["sessionFile"] === "string" ? s["sessionFile"] : undefined,
    sessionName: typeof s["sessionName"] === "string" ? s["sessionName"] : undefined,
    pendingMessageCount: pending ?? queued,
    queuedMessageCount: queued,
    todoPhases: s["todoPhases"] === undefined ? undefined : decodeTodoPhaseList(s["todoPhases"]),
    systemPrompt: typeof s["systemPrompt"] === "string" ? s["systemPrompt"] : undefined,
    dumpTools: Array.isArray(s["dumpTools"])
      ? s["dumpTools"]
          .filter(isObject)
          .map((t) => ({ name: str(t["name"]), description: str(t["description"]), parameters: t["parameters"] }))
      : undefined,
    contextUsage: decodeContextUsage(s["contextUsage"]),
  });
}
