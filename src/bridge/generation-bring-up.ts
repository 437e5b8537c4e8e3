// Bringing one worker generation up: readiness (docs/protocol.md §1.1), capability detection (§3.12), the
// required-commands check, and after a restart the rehydration of the session (docs/protocol.md §11.4).
import { toSessionSnapshot } from "./client-values.js";
import { BridgeError } from "./errors.js";
import type { HostToolServer } from "./host-tools.js";
import type { NoticeSink } from "./notice-batcher.js";
import type { SessionFile } from "./session-file.js";
import { awaitReadiness, detectCapabilities, rehydrate, type RequestFn } from "./startup.js";
import type { WorkerConnectionOptions } from "./types.js";
import type { CapabilityStore } from "./worker-tracker.js";

/** The generation being brought up, as its WorkerSession has it. */
export interface StartingSession {
  /** Resolves on the worker's ready frame (workers without one never resolve it). */
  readonly readyFrame: Promise<void>;
  /** get_state data as the worker sent it (before decoding), when already seen. */
  rawGetState(): Record<string, unknown> | undefined;
}

/** Live sessions (connection-live.ts): a resumed live worker needs no rehydration, an attach is awaited. */
export interface AttachWait {
  needsRehydrate(launchedAsRestart: boolean): boolean;
  attached(): Promise<void>;
}

export interface BringUpDeps {
  options: WorkerConnectionOptions;
  /** Requests of the current generation. */
  request: RequestFn;
  session: StartingSession;
  /** Rejects when the worker exits during start-up. */
  failed: Promise<never>;
  /** Launched as a restart: asked of `live` after readiness. */
  isRestart: boolean;
  live: AttachWait;
  caps: CapabilityStore;
  sessionFile: SessionFile;
  /** The host tools a restart re-sends. */
  hostTools: Pick<HostToolServer, "registeredTools">;
  notices: NoticeSink;
}

/** Resolves once the generation can be driven; throws (the caller kills the worker) otherwise. */
export async function bringUpGeneration(deps: BringUpDeps): Promise<void> {
  const { options, request, caps, notices } = deps;
  const data = await awaitReadiness(request, deps.session.readyFrame, deps.failed, options.startupTimeoutMs ?? 30_000);
  await Promise.race([deps.live.attached(), deps.failed]);
  const probe = options.probeCapabilities !== false;
  const state = deps.session.rawGetState() ?? data;
  caps.setCapabilities(await detectCapabilities(state, caps.capabilities.version, request, probe));
  const detected = caps.capabilities;
  // docs/protocol.md §3.12 rule 5: fail fast, with a clear message, when a command the UI needs is missing.
  const missing = (options.requiredCommands ?? []).filter((c) => detected.commands[c] === false);
  if (missing.length > 0) {
    const message = `The worker (${detected.flavour}) lacks required commands: ${missing.join(", ")}`;
    throw new BridgeError("unsupported", message);
  }
  if (deps.live.needsRehydrate(deps.isRestart)) {
    const result = await rehydrate(request, detected, {
      initialState: data,
      sessionFile: deps.sessionFile.file,
      // Also after session args: a worker that ignored them (or got none, e.g. for a
      // remote command) is switched back to the session instead of silently losing it.
      reopenWithSwitch: true,
      hostTools: deps.hostTools.registeredTools(),
    });
    for (const message of result.warnings) notices.emit({ kind: "notification", level: "warning", message });
    if (result.state.sessionFile !== undefined) deps.sessionFile.set(result.state.sessionFile);
    const { messages, entries } = result;
    const snapshot = toSessionSnapshot(result.state);
    notices.emit({ kind: "rehydrated", state: result.state, snapshot, messages, ...(entries ? { entries } : {}) });
  } else if (typeof data["sessionFile"] === "string") {
    deps.sessionFile.set(data["sessionFile"]);
  }
}
