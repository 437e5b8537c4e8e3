// The current model and thinking level. The level the user asked for is remembered and
// re-clamped on every model change (a non-reasoning model shows `off`; switching back
// restores the request), as pi does. Subclasses persist and announce the changes.

import type { AnyModel } from "../providers/model-registry.js";
import {
  clampThinkingLevel,
  nextThinkingLevel,
  supportedThinkingLevels,
  type ThinkingLevelName,
} from "../providers/thinking.js";

export abstract class ModelState {
  model: AnyModel | undefined;
  thinkingLevel: ThinkingLevelName;
  private requestedThinking: ThinkingLevelName;

  constructor(model: AnyModel | undefined, requested: ThinkingLevelName) {
    this.model = model;
    this.requestedThinking = requested;
    this.thinkingLevel = clampThinkingLevel(model, requested);
  }

  protected abstract modelChanged(model: AnyModel): void;
  /** The effective level changed (not called when a request clamps to the same level). */
  protected abstract thinkingChanged(level: ThinkingLevelName): void;

  setModel(model: AnyModel): void {
    this.model = model;
    this.modelChanged(model);
    this.applyThinking(clampThinkingLevel(model, this.requestedThinking));
  }

  /** Returns the effective level after clamping. */
  setThinkingLevel(level: ThinkingLevelName): ThinkingLevelName {
    this.requestedThinking = level;
    this.applyThinking(clampThinkingLevel(this.model, level));
    return this.thinkingLevel;
  }

  /** Next level of the model's list; undefined when the model cannot think. */
  cycleThinkingLevel(): ThinkingLevelName | undefined {
    const next = nextThinkingLevel(this.model, this.thinkingLevel);
    return next === undefined ? undefined : this.setThinkingLevel(next);
  }

  availableThinkingLevels(): ThinkingLevelName[] {
    return supportedThinkingLevels(this.model);
  }

  private applyThinking(level: ThinkingLevelName): void {
    if (level === this.thinkingLevel) return;
    this.thinkingLevel = level;
    this.thinkingChanged(level);
  }
}
