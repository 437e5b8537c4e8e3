// Thinking levels and clamping, reimplemented from pi-ai's models.js so that startup and
// get_state never need to load pi-ai (its model catalogue costs ~300 ms to import).

export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ThinkingLevelName = (typeof THINKING_LEVELS)[number];

/** The part of a model that decides its thinking levels. */
export interface ThinkingCapable {
  reasoning: boolean;
  thinkingLevelMap?: Partial<Record<string, string | null>>;
}

export function isThinkingLevel(value: unknown): value is ThinkingLevelName {
  return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

export function supportedThinkingLevels(model: ThinkingCapable | undefined): ThinkingLevelName[] {
  if (!model?.reasoning) return ["off"];
  return THINKING_LEVELS.filter((level) => {
    const mapped = model.thinkingLevelMap?.[level];
    if (mapped === null) return false;
    // xhigh only where the model says so explicitly (pi-ai's rule).
    if (level === "xhigh") return mapped !== undefined;
    return true;
  });
}

/** Nearest supported level: same or higher first, then lower (pi-ai's clampThinkingLevel). */
export function clampThinkingLevel(model: ThinkingCapable | undefined, level: ThinkingLevelName): ThinkingLevelName {
  const available = supportedThinkingLevels(model);
  if (available.includes(level)) return level;
  const index = THINKING_LEVELS.indexOf(level);
  for (let i = index; i < THINKING_LEVELS.length; i++) {
    const candidate = THINKING_LEVELS[i];
    if (candidate && available.includes(candidate)) return candidate;
  }
  for (let i = index - 1; i >= 0; i--) {
    const candidate = THINKING_LEVELS[i];
    if (candidate && available.includes(candidate)) return candidate;
  }
  return available[0] ?? "off";
}

/** Next level in the model's list, wrapping; undefined when the model cannot think. */
export function nextThinkingLevel(
  model: ThinkingCapable | undefined,
  current: ThinkingLevelName,
): ThinkingLevelName | undefined {
  const available = supportedThinkingLevels(model);
  if (available.length <= 1) return undefined;
  const index = available.indexOf(current);
  return available[(index + 1) % available.length];
}
