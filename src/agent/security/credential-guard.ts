// The worker's one credential guard: the values to mask and the tool environment policy.
// It is process-wide on purpose: the worker's outputs (frames, session files, exports,
// stderr, tool output files) live in many modules, and each asks here instead of being handed
// a masker, so a new writer cannot forget it. Until startAgent installs the configuration,
// the guard works from process.env alone (credential-named variables), never from nothing.
import type { ModelsConfig } from "../models-config.js";
import { configuredCredentials, credentialValues } from "./credential-names.js";
import { createSecretMasker, type SecretMasker, type StreamMasker } from "./secret-mask.js";
import { buildToolEnvironment, DEFAULT_SHELL_ENVIRONMENT_POLICY, type ShellEnvironmentPolicy } from "./tool-env.js";

interface GuardState {
  masker: SecretMasker;
  values: string[];
  configuredNames: Set<string>;
  policy: ShellEnvironmentPolicy;
}

let state: GuardState | undefined;

function current(): GuardState {
  state ??= createState(process.env, { providers: {} }, DEFAULT_SHELL_ENVIRONMENT_POLICY);
  return state;
}

function createState(env: NodeJS.ProcessEnv, models: ModelsConfig, policy: ShellEnvironmentPolicy): GuardState {
  const configured = configuredCredentials(models, env);
  const values = credentialValues(env, configured);
  return { masker: createSecretMasker(values), values, configuredNames: configured.envNames, policy };
}

export interface CredentialGuardConfig {
  env?: NodeJS.ProcessEnv;
  models: ModelsConfig;
  policy: ShellEnvironmentPolicy;
}

/** Configure the guard (startAgent, once the configuration is loaded; tests, per case). */
export function installCredentialGuard(config: CredentialGuardConfig): void {
  state = createState(config.env ?? process.env, config.models, config.policy);
}

/** Back to the process.env-only default (tests). */
export function resetCredentialGuard(): void {
  state = undefined;
}

export function maskSecrets(text: string): string {
  return current().masker.text(text);
}

/** Mask serialised JSON (a frame or a session record line). */
export function maskSecretsInJson(json: string): string {
  return current().masker.json(json);
}

export function createOutputMasker(): StreamMasker {
  return current().masker.stream();
}

/** The environment for a tool process, from the worker's environment as it is now. */
export function toolEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const s = current();
  return buildToolEnvironment({ env, policy: s.policy, configuredNames: s.configuredNames, secretValues: s.values });
}

/**
 * Mask everything written to this process's stderr (diagnostics, library warnings, a stack
 * trace quoting a provider error). Strings and buffers are masked as UTF-8 text.
 */
export function guardStderr(stream: NodeJS.WriteStream = process.stderr): void {
  const write = stream.write.bind(stream) as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return write(maskSecrets(text), ...rest);
  }) as typeof stream.write;
}
