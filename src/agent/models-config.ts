// The shape of models.json (pi's schema for custom providers), as config.ts decodes it. Types only,
// below config.ts and security/: the credential guard reads the configured keys through this shape,
// while config.ts itself imports security/ to decode settings.json's shellEnvironment.

export interface CustomModelConfig {
  id: string;
  name?: string;
  api?: string;
  reasoning?: boolean;
  input?: ("text" | "image")[];
  cost?: { input: number; output: number; cacheRead: number; cacheWrite: number };
  contextWindow?: number;
  maxTokens?: number;
  thinkingLevelMap?: Record<string, string | null>;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
}

export interface CustomProviderConfig {
  baseUrl: string;
  api: string;
  apiKey?: string;
  headers?: Record<string, string>;
  models: CustomModelConfig[];
}

export interface ModelsConfig {
  providers: Record<string, CustomProviderConfig>;
}
