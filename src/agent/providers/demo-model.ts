// The offline demo model's description. Kept apart from the demo stream so get_state can
// describe it without loading pi-ai.

import type { Api, Model } from "@mariozechner/pi-ai";

export const DEMO_PROVIDER = "demo";
export const DEMO_API = "agent-tui-demo";

export const DEMO_MODEL: Model<Api> = {
  id: "demo",
  name: "demo (offline scripted model)",
  api: DEMO_API,
  provider: DEMO_PROVIDER,
  baseUrl: "offline://demo",
  reasoning: true,
  input: ["text", "image"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 200000,
  maxTokens: 8192,
};

/**
 * The same model when it was picked because nothing is configured (not asked for): its answers
 * say that no API key was found. Chosen explicitly (`--provider demo`, set_model) it is DEMO_MODEL.
 */
export const DEMO_FALLBACK_MODEL: Model<Api> = {
  ...DEMO_MODEL,
  name: "demo (offline scripted model, no API key found)",
};

export function isDemoFallback(model: Pick<Model<Api>, "provider" | "name">): boolean {
  return model.provider === DEMO_PROVIDER && model.name === DEMO_FALLBACK_MODEL.name;
}
