// Start-up and recovery steps of one worker generation: readiness (docs/protocol.md §1.1), capability detection
// (docs/protocol.md §3.12), rehydration after a restart (§11.4) and the session-file read that keeps a restart on
// the session now open. Pure orchestration over a `request` function.
import { isRecord } from "./client-values.js";
import { BridgeError } from "./errors.js";
import { applyProbe, CAPABILITY_PROBES, capabilitiesFor, classifyFlavour } from "./capabilities.js";
import type { AgentMessage, HostToolDefinition, RpcSessionState } from "./wire-types.js";
import type { Capabilities, WorkerExitInfo } from "./types.js";
import { describeExit } from "./exit-description.js";

export type RequestFn = (type: string, fields?: Record<string, unknown>, timeoutMs?: number) => Promise<unknown>;

export const PROBE_TIMEOUT_MS = 10_000;

/**
 * A promise that rejects when the worker exits while starting, and never settles once start-up
 * is over (after that, onExit handles the exit; a never-settling promise leaves no unhandled
 * rejection behind).
 */
export function exitDuringStartup(
  exited: Promise<void>,
  lastExit: () => WorkerExitInfo | undefined,
): { failed: Promise<never>; done(): void } {
  let over = false;
  const failed = new Promise<never>((_, reject) => {
    void exited.then(() => {
      if (!over) {
        const exit = lastExit();
        reject(
          new BridgeError(
            "worker_exit",
            exit ? describeExit(exit) : "Worker exited during startup",
            exit ? { exit } : {},
          ),
        );
      }
    });
  });
  return {
    failed,
    done: () => {
      over = true;
    },
  };
}

/**
 * Wait for readiness — a ready frame or the first successful get_state, whichever comes first —
 * then for that get_state (needed to classify the worker). Rejects on timeout or `failed`.
 */
export async function awaitReadiness(
  request: RequestFn,
  readyFrame: Promise<void>,
  failed: Promise<never>,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BridgeError("timeout", `Worker not ready within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const stateRequest = request("get_state", {}, timeoutMs);
    // Its failure is observed through the races below; this handler only marks it handled.
    stateRequest.then(undefined, (error: unknown) => error);
    await Promise.race([readyFrame, stateRequest, timeout, failed]);
    const state = await Promise.race([stateRequest, timeout, failed]);
    return isRecord(state) ? state : {};
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Arguments that keep a probe's answer small. A `since` that names no entry makes get_entries
 * list nothing (or fail as a command it knows), instead of sending a long session's every entry.
 */
const PROBE_FIELDS: Readonly<Record<string, Record<string, unknown>>> = { get_entries: { since: "capability-probe" } };

/** Classify by get_state keys, then confirm optional commands with `get_*` probes. */
export async function detectCapabilities(
  state: Record<string, unknown>,
  version: string | undefined,
  request: RequestFn,
  probe: boolean,
): Promise<Capabilities> {
  let caps = capabilitiesFor(classifyFlavour(state), version);
  if (!probe) return caps;
  const probes = CAPABILITY_PROBES.filter((c) => caps.commands[c] !== false || caps.flavour === "unknown");
  const results = await Promise.all(
    probes.map((c) =>
      request(c, PROBE_FIELDS[c] ?? {}, PROBE_TIMEOUT_MS).then(
        () => [c, true] as const,
        // Only an `Unknown command:` answer proves absence; a timeout leaves the matrix value.
        (error: unknown) => [c, !(error instanceof BridgeError && error.kind === "unsupported")] as const,
      ),
    ),
  );
  for (const [c, ok] of results) caps = applyProbe(caps, c, ok);
  return caps;
}

export interface Rehydration {
  state: RpcSessionState;
  messages: AgentMessage[];
  entries?: unknown[];
  warnings: string[];
}

/**
 * docs/protocol.md §11.4 steps 3–4: reopen the session if start-up args did not, fetch state,
 * re-send host tools.
 */
export async function rehydrate(
  request: RequestFn,
  caps: Capabilities,
  options: {
    initialState: Record<string, unknown>;
    sessionFile: string | undefined;
    reopenWithSwitch: boolean;
    hostTools: HostToolDefinition[] | undefined;
  },
): Promise<Rehydration> {
  const warnings: string[] = [];
  const { sessionFile } = options;
  if (options.reopenWithSwitch && sessionFile !== undefined && options.initialState["sessionFile"] !== sessionFile) {
    try {
      await request("switch_session", { sessionPath: sessionFile });
    } catch (error) {
      warnings.push(
        `Could not reopen ${sessionFile} (${(error as Error).message}); ` +
          "a new session was started and unsaved history is lost",
      );
    }
  }
  // Data arrives decoded per command (pending table), so the casts only restate ResponseDataMap.
  const state = (await request("get_state", {}, PROBE_TIMEOUT_MS)) as RpcSessionState;
  const got = await request("get_messages", {}, PROBE_TIMEOUT_MS);
  const messages = isRecord(got) && Array.isArray(got["messages"]) ? (got["messages"] as AgentMessage[]) : [];
  let entries: unknown[] | undefined;
  if (caps.commands["get_entries"] === true) {
    const list = await request("get_entries", {}, PROBE_TIMEOUT_MS);
    if (isRecord(list) && Array.isArray(list["entries"])) entries = list["entries"];
  }
  // docs/protocol.md §8.5: host tools live in worker memory only; re-send them before the first prompt.
  if (options.hostTools && caps.commands["set_host_tools"] !== false)
    await request("set_host_tools", { tools: options.hostTools });
  return { state, messages, ...(entries ? { entries } : {}), warnings };
}

/**
 * The session file now open (get_state), or undefined when the read failed (reported through
 * `onError`, and the caller keeps what it knew). `file` is undefined for an unsaved session.
 */
export async function readSessionFile(
  request: RequestFn,
  onError: (message: string) => void,
): Promise<{ file: string | undefined } | undefined> {
  try {
    const state = await request("get_state", {}, PROBE_TIMEOUT_MS);
    if (!isRecord(state)) return undefined;
    return { file: typeof state["sessionFile"] === "string" ? state["sessionFile"] : undefined };
  } catch (error) {
    onError(`Could not read the session file after a session change: ${(error as Error).message}`);
    return undefined;
  }
}
