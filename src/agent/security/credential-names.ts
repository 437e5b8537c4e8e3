// Which environment variables and configured values are credentials: the provider key names
// pi-ai reads, the name patterns of docs/protocol-notes.md ("Credentials"), and whatever
// models.json names or holds (apiKey and header values, literal or via an environment variable).
import type { ModelsConfig } from "../models-config.js";

/**
 * Provider keys pi-ai reads (@mariozechner/pi-ai 0.73.1, dist/env-api-keys.js) plus the
 * cloud credentials it accepts for Bedrock. test/agent/security checks this list still covers
 * every name in pi-ai's file, so an upgrade that adds a provider fails until it is listed here.
 */
export const PROVIDER_KEY_ENV_NAMES: readonly string[] = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_OAUTH_TOKEN",
  "COPILOT_GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_TOKEN",
  "OPENAI_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "DEEPSEEK_API_KEY",
  "GEMINI_API_KEY",
  "GOOGLE_CLOUD_API_KEY",
  "GROQ_API_KEY",
  "CEREBRAS_API_KEY",
  "XAI_API_KEY",
  "OPENROUTER_API_KEY",
  "AI_GATEWAY_API_KEY",
  "ZAI_API_KEY",
  "MISTRAL_API_KEY",
  "MINIMAX_API_KEY",
  "MINIMAX_CN_API_KEY",
  "MOONSHOT_API_KEY",
  "HF_TOKEN",
  "FIREWORKS_API_KEY",
  "OPENCODE_API_KEY",
  "KIMI_API_KEY",
  "CLOUDFLARE_API_KEY",
  "XIAOMI_API_KEY",
  "XIAOMI_TOKEN_PLAN_CN_API_KEY",
  "XIAOMI_TOKEN_PLAN_AMS_API_KEY",
  "XIAOMI_TOKEN_PLAN_SGP_API_KEY",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "AWS_BEARER_TOKEN_BEDROCK",
];

const PROVIDER_NAMES = new Set(PROVIDER_KEY_ENV_NAMES);

/** `*_API_KEY`, `*_TOKEN`, `*_SECRET*`, `*PASSWORD*` (case-insensitive; `*` may be empty). */
const CREDENTIAL_NAME = /(?:^|_)API_KEY$|(?:^|_)TOKEN$|(?:^|_)SECRET|PASSWORD/i;

/**
 * Values shorter than this are never masked: a header such as `X-Debug: 1` or an apiKey of
 * `none` would otherwise blank out ordinary words in every message.
 */
export const MIN_MASKED_LENGTH = 8;

export function isCredentialEnvName(name: string): boolean {
  return PROVIDER_NAMES.has(name) || CREDENTIAL_NAME.test(name);
}

/** What models.json makes secret: the variables it names and the values it resolves to. */
export interface ConfiguredCredentials {
  /** Environment variable names used as apiKey or header values. */
  envNames: Set<string>;
  /** Credential values (literal or read from the environment), unfiltered. */
  values: string[];
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function configuredCredentials(models: ModelsConfig, env: NodeJS.ProcessEnv): ConfiguredCredentials {
  const envNames = new Set<string>();
  const values: string[] = [];
  const note = (value: string | undefined): void => {
    if (value === undefined || value === "") return;
    const fromEnv = ENV_NAME.test(value) ? env[value] : undefined;
    if (fromEnv !== undefined && fromEnv !== "") {
      envNames.add(value);
      values.push(fromEnv);
      return;
    }
    values.push(value);
    // "Bearer <token>" / "Basic <token>": the token alone may appear elsewhere (an echoed error).
    for (const part of value.split(/\s+/)) if (part !== value) values.push(part);
  };
  for (const provider of Object.values(models.providers)) {
    note(provider.apiKey);
    for (const value of Object.values(provider.headers ?? {})) note(value);
    for (const model of provider.models) for (const value of Object.values(model.headers ?? {})) note(value);
  }
  return { envNames, values };
}

/** Every value to mask: credential-named environment values plus configured ones, longest first. */
export function credentialValues(env: NodeJS.ProcessEnv, configured: ConfiguredCredentials): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && (isCredentialEnvName(name) || configured.envNames.has(name))) out.add(value);
  }
  for (const value of configured.values) out.add(value);
  return [...out].filter((value) => value.length >= MIN_MASKED_LENGTH).sort((a, b) => b.length - a.length);
}
