// Model and thinking-level commands (docs/protocol.md §3.3–3.4). The thinking level is clamped
// to the model; a change of the effective level emits thinking_level_changed (runtime). A model
// the user chooses becomes the default of new sessions, as in pi.

import { type LoadedConfig, persistSettings } from "../config.js";
import { DEMO_PROVIDER } from "../providers/demo-model.js";
import { type AnyModel, publicModel } from "../providers/model-registry.js";
import { isThinkingLevel } from "../providers/thinking.js";
import type { CommandTable } from "./command-table.js";

/**
 * Save `model` as settings.json's defaultProvider/defaultModel, as pi's setModel and cycleModel
 * do: the next new session starts on it. The offline demo model is a mode (--demo), never a
 * default. (Opening a session restores its own model without calling this.)
 */
export function saveDefaultModel(config: LoadedConfig, model: AnyModel): void {
  if (model.provider === DEMO_PROVIDER) return;
  persistSettings(config, { defaultProvider: model.provider, defaultModel: model.id }, (message) => {
    process.stderr.write(`agent-rpc: ${message}\n`);
  });
}

export const modelCommands: CommandTable = {
  async set_model(cmd, { runtime }) {
    const model = await runtime.models.find(cmd.provider, cmd.modelId);
    if (!model) throw new Error(`Model not found: ${cmd.provider}/${cmd.modelId}`);
    runtime.setModel(model);
    saveDefaultModel(runtime.config, model);
    return publicModel(model);
  },
  async cycle_model(_cmd, { runtime }) {
    const available = await runtime.models.available(runtime.model);
    if (available.length <= 1) return null;
    const current = runtime.model;
    const index = current ? available.findIndex((m) => m.provider === current.provider && m.id === current.id) : -1;
    const next = available[(index + 1) % available.length];
    if (!next) return null;
    runtime.setModel(next);
    saveDefaultModel(runtime.config, next);
    return { model: publicModel(next), thinkingLevel: runtime.thinkingLevel, isScoped: false };
  },
  async get_available_models(_cmd, { runtime }) {
    const models = await runtime.models.available(runtime.model);
    return { models: models.map(publicModel) };
  },
  async set_thinking_level(cmd, { runtime }) {
    // `max` (later pi) is above xhigh: clamp it like any other unsupported level.
    const level = cmd.level === "max" ? "xhigh" : cmd.level;
    if (!isThinkingLevel(level)) throw new Error(`Invalid thinking level: ${String(cmd.level)}`);
    runtime.setThinkingLevel(level);
    return undefined;
  },
  async cycle_thinking_level(_cmd, { runtime }) {
    const level = runtime.cycleThinkingLevel();
    return level === undefined ? null : { level };
  },
  async get_available_thinking_levels(_cmd, { runtime }) {
    return { levels: runtime.availableThinkingLevels() };
  },
};
