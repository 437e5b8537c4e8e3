// Bringing one worker generation up: readiness (docs/protocol.md §1.1), capability detection (§3.12), the
// required-commands check, and after a restart the rehydration of the session (docs/protocol.md §11.4).
import { toSessionSnapshot } from "./client-values.js";
import { BridgeError } from "./errors.js";
import { awaitReadiness, detectCapabilities, rehydrate, type RequestFn } from "./startup.js";
import type { HostToolDefinition } from "./wire-types.js";
import type { BridgeNotice, Capabilities, WorkerConnectionOptions } from "./types.js";

export interface BringUpDeps {
  options: WorkerConnectionOptions;
  request: RequestFn;
  readyFrame: Promise<void>;
  /** Rejects when the worker exits during start-up. */
  failed: Promise<never>;
  /** Asked after readiness: a resumed live worker needs no rehydration. */
  isRestart(): boolean;
  /** Awaited after readiness (a live worker's attach). */
  afterReady?(): Promise<void>;
  /** get_state data as the worker sent it (before decoding), when already seen. */
  rawState(): Record<string, unknown> | undefined;
  caps(): Capabilities;
  setCaps(next: Capabilities): void;
  sessionFile(): string | undefined;
  setSessionFile(file: string): void;
  hostTools(): HostToolDefinition[] | undefined;
  emit(notice: BridgeNotice): void;
}

/** Resolves once the generation can be driven; throws (the caller kills the worker) otherwise. */
export async function bringUpGeneration(deps: BringUpDeps): Promise<void> {
  const { options, request } = deps;
  const data = await awaitReadiness(request, deps.readyFrame, deps.failed, options.startupTimeoutMs ?? 30_000);
  if (deps.afterReady) await Promise.race([deps.afterReady(), deps.failed]);
  deps.setCaps(await detectCapabilities(deps.rawState() ?? data, deps.caps().version, request, options.probeCapabilities !== false));
  const caps = deps.caps();
  // docs/protocol.md §3.12 rule 5: fail fast, with a clear message, when a command the UI needs is missing.
  const missing = (options.requiredCommands ?? []).filter((c) => caps.commands[c] === false);
  if (missing.length > 0) throw new BridgeError("unsupported", `The worker (${caps.flavour}) lacks required commands: ${missing.join(", ")}`);
  if (deps.isRestart()) {
    const result = await rehydrate(request, caps, {
      initialState: data,
      sessionFile: deps.sessionFile(),
      // Also after session args: a worker that ignored them (or got none, e.g. for a
      // remote command) is switched back to the session instead of silently losing it.
      reopenWithSwitch: true,
      hostTools: deps.hostTools(),
    });
    for (const message of result.warnings) deps.emit({ kind: "notification", level: "warning", message });
    if (result.state.sessionFile !== undefined) deps.setSessionFile(result.state.sessionFile);
    const snapshot = toSessionSnapshot(result.state);
    deps.emit({ kind: "rehydrated", state: result.state, snapshot, messages: result.messages, ...(result.entries ? { entries: result.entries } : {}) });
  } else if (typeof data["sessionFile"] === "string") {
    deps.setSessionFile(data["sessionFile"]);
  }
}
