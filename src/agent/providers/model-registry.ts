// Model resolution: custom providers from models.json, pi-ai's built-in catalogue (loaded
// lazily, only listed when an API key is in the environment) and the offline `demo` model.
// Custom and demo lookups are synchronous so startup and get_state never load pi-ai.

import type { Api, Model } from "@mariozechner/pi-ai";
import type { AgentSettings } from "../config.js";
import type { ModelsConfig } from "../models-config.js";
import { loadPiAi } from "./lazy.js";
import { isThinkingLevel, type ThinkingLevelName } from "./thinking.js";
import { DEMO_FALLBACK_MODEL, DEMO_MODEL, DEMO_PROVIDER } from "./demo-model.js";

export type AnyModel = Model<Api>;

export interface ModelChoice {
  model?: AnyModel;
  thinkingLevel?: ThinkingLevelName;
  /** Said on stderr at startup (e.g. "no provider configured, using demo"). */
  notice?: string;
  /** Fatal for the choice (unknown model); reported on stderr, the worker still starts. */
  error?: string;
}

/** Providers tried, in order, when nothing is configured and a key is in the environment. */
const DEFAULT_BUILTIN_MODELS: [string, string][] = [
  ["anthropic", "claude-sonnet-4-5"],
  ["openai", "gpt-5"],
  ["google", "gemini-2.5-pro"],
  ["openrouter", "anthropic/claude-sonnet-4.5"],
  ["xai", "grok-4"],
  ["groq", "openai/gpt-oss-120b"],
  ["mistral", "mistral-large-latest"],
];

export function splitThinkingSuffix(pattern: string): { pattern: string; thinking?: ThinkingLevelName } {
  const colon = pattern.lastIndexOf(":");
  if (colon > 0) {
    const suffix = pattern.slice(colon + 1);
    if (isThinkingLevel(suffix)) return { pattern: pattern.slice(0, colon), thinking: suffix };
  }
  return { pattern };
}

export class ModelRegistry {
  private readonly custom: AnyModel[];
  private readonly customKeys = new Map<string, string | undefined>();

  constructor(
    private readonly config: ModelsConfig,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.custom = [];
    for (const [provider, def] of Object.entries(config.providers)) {
      this.customKeys.set(provider, resolveConfigValue(def.apiKey, env));
      for (const m of def.models) {
        const headers = { ...(def.headers ?? {}), ...(m.headers ?? {}) };
        const model: AnyModel = {
          id: m.id,
          name: m.name ?? m.id,
          api: m.api ?? def.api,
          provider,
          baseUrl: def.baseUrl,
          reasoning: m.reasoning ?? false,
          input: m.input ?? ["text"],
          cost: m.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
          contextWindow: m.contextWindow ?? 128000,
          maxTokens: m.maxTokens ?? 16384,
        };
        if (m.thinkingLevelMap) model.thinkingLevelMap = m.thinkingLevelMap;
        if (Object.keys(headers).length > 0) model.headers = headers;
        if (m.compat) (model as AnyModel & { compat?: unknown }).compat = m.compat;
        this.custom.push(model);
      }
    }
  }

  isCustomProvider(provider: string): boolean {
    return provider in this.config.providers;
  }

  /** Synchronous lookup among custom and demo models. */
  findLocal(provider: string, id: string): AnyModel | undefined {
    if (provider === DEMO_PROVIDER) return id === DEMO_MODEL.id ? DEMO_MODEL : undefined;
    return this.custom.find((m) => m.provider === provider && m.id === id);
  }

  async find(provider: string, id: string): Promise<AnyModel | undefined> {
    const local = this.findLocal(provider, id);
    if (local || this.isCustomProvider(provider) || provider === DEMO_PROVIDER) return local;
    const ai = await loadPiAi();
    const model = ai.getModels(provider as Parameters<typeof ai.getModels>[0]).find((m) => m.id === id) as
      | AnyModel
      | undefined;
    return model && this.hasKey(model, ai.getEnvApiKey) ? model : undefined;
  }

  /** Models with usable credentials: custom ones, built-ins with env keys, demo when current. */
  async available(current?: AnyModel): Promise<AnyModel[]> {
    const ai = await loadPiAi();
    const builtins: AnyModel[] = [];
    for (const provider of ai.getProviders()) {
      if (this.isCustomProvider(provider) || !ai.getEnvApiKey(provider)) continue;
      builtins.push(...(ai.getModels(provider) as AnyModel[]));
    }
    const list = [...this.custom, ...builtins];
    if (list.length === 0 || current?.provider === DEMO_PROVIDER) list.push(DEMO_MODEL);
    return list;
  }

  private hasKey(model: AnyModel, getEnvApiKey: (provider: string) => string | undefined): boolean {
    if (this.isCustomProvider(model.provider) || model.provider === DEMO_PROVIDER) return true;
    return getEnvApiKey(model.provider) !== undefined;
  }

  /** API key for a request; undefined for keyless providers (demo, local servers). */
  async apiKeyFor(provider: string): Promise<string | undefined> {
    if (provider === DEMO_PROVIDER) return "demo";
    if (this.customKeys.has(provider)) return this.customKeys.get(provider);
    const ai = await loadPiAi();
    return ai.getEnvApiKey(provider);
  }

  /** True when a prompt to this model can be authenticated. */
  async hasCredentials(model: AnyModel): Promise<boolean> {
    if (model.provider === DEMO_PROVIDER || this.isCustomProvider(model.provider)) return true;
    return (await this.apiKeyFor(model.provider)) !== undefined;
  }

  /** Resolve `--provider`/`--model` (pi's pattern: provider/id, optional :thinking). */
  async resolvePattern(provider: string | undefined, rawPattern: string): Promise<ModelChoice> {
    const { pattern, thinking } = splitThinkingSuffix(rawPattern);
    const withThinking = (model: AnyModel | undefined): ModelChoice =>
      model
        ? { model, ...(thinking ? { thinkingLevel: thinking } : {}) }
        : { error: `Model not found: ${provider ? `${provider}/` : ""}${pattern}` };
    if (provider) return withThinking(await this.find(provider, pattern));
    const slash = pattern.indexOf("/");
    if (slash > 0) {
      const exact = await this.find(pattern.slice(0, slash), pattern.slice(slash + 1));
      if (exact) return withThinking(exact);
    }
    const local = [...this.custom, DEMO_MODEL].find((m) => m.id === pattern);
    if (local) return withThinking(local);
    const all = await this.available();
    return withThinking(all.find((m) => m.id === pattern) ?? all.find((m) => m.id.includes(pattern)));
  }

  /** The model to start with, from CLI flags, then settings, then whatever has credentials. */
  async resolveInitial(cli: { provider?: string; model?: string }, settings: AgentSettings): Promise<ModelChoice> {
    if (cli.model) return this.resolvePattern(cli.provider, cli.model);
    if (cli.provider === DEMO_PROVIDER) return { model: DEMO_MODEL };
    if (cli.provider) {
      const first =
        this.custom.find((m) => m.provider === cli.provider) ??
        (await this.available()).find((m) => m.provider === cli.provider);
      return first ? { model: first } : { error: `No models available for provider: ${cli.provider}` };
    }
    if (settings.defaultModel) {
      const choice = await this.resolvePattern(settings.defaultProvider, settings.defaultModel);
      if (choice.model) return choice;
    }
    const firstCustom = this.custom[0];
    if (firstCustom) return { model: firstCustom };
    const ai = await loadPiAi();
    for (const [provider, id] of DEFAULT_BUILTIN_MODELS) {
      if (!ai.getEnvApiKey(provider)) continue;
      const models = ai.getModels(provider as Parameters<typeof ai.getModels>[0]) as AnyModel[];
      const model = models.find((m) => m.id === id) ?? models[0];
      if (model) return { model };
    }
    for (const provider of ai.getProviders()) {
      if (!ai.getEnvApiKey(provider)) continue;
      const model = ai.getModels(provider)[0] as AnyModel | undefined;
      if (model) return { model };
    }
    return {
      model: DEMO_FALLBACK_MODEL,
      notice:
        "no provider configured and no API key found: using the offline demo model (scripted answers). " +
        "Set an API key or pass --provider.",
    };
  }
}

/** pi's models.json convention: a value naming a set environment variable is read from it. */
export function resolveConfigValue(value: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (value === undefined) return undefined;
  const fromEnv = env[value];
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : value;
}

/** The model as sent on the wire: never with `headers` (they can hold credentials, docs/protocol.md §5.8). */
export function publicModel(model: AnyModel): Omit<AnyModel, "headers"> {
  const { headers: _headers, ...rest } = model;
  void _headers;
  return rest;
}
