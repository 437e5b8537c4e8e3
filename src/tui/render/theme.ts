// Semantic colours for the pure line builders (no Ink): `style` and `theme` paint through the
// palette chosen at start-up (palette.ts; theme-choice.ts picks it), so one place decides the
// look. Until then: the dark palette in the terminal's 16 colours; under NO_COLOR the mono
// palette (bold, underline, inverse… but no colour).
import {
  buildPalette,
  refusesColour,
  type ColorLevel,
  type Palette,
  type PaletteName,
  type Style,
  type Theme,
} from "./palette.js";

let current: Palette = refusesColour(process.env) ? buildPalette("mono", 1) : buildPalette("dark", 1);

/** Switch every style to `name` at colour `level` (before anything is drawn). */
export function setPalette(name: PaletteName, level: ColorLevel): void {
  current = buildPalette(name, level);
}

export function currentPalette(): Palette {
  return current;
}

function delegate<K extends string>(
  keys: readonly K[],
  pick: () => Record<K, (s: string) => string>,
): Record<K, (s: string) => string> {
  return Object.fromEntries(keys.map((k) => [k, (s: string) => pick()[k](s)])) as Record<K, (s: string) => string>;
}

export const style: Style = delegate(Object.keys(current.style) as (keyof Style)[], () => current.style);

export const theme: Theme = delegate(Object.keys(current.theme) as (keyof Theme)[], () => current.theme);

export const symbols = {
  bullet: "•",
  user: "›",
  running: "⋯",
  ok: "✓",
  fail: "✗",
  pending: "○",
  inProgress: "◐",
  done: "✓",
  abandoned: "✗",
  /** Starts a row that continues the line above (wrapped code, paths, output). */
  continuation: "↪",
};
