// Which palette and colour level the UI uses: the `theme` setting (settings.json in
// $AGENT_TUI_HOME: auto, dark, light or mono), for `auto` the terminal's background (COLORFGBG,
// else its answer to an OSC 11 query), and the colour level chalk detects for stdout
// (FORCE_COLOR and TERM included); under NO_COLOR the mono palette (attributes, no colour).
// What start-up found is returned as a value (ThemeStart), kept by the front end that asked.
import { supportsColor } from "chalk";
import { refusesColour, type ColorLevel, type PaletteName } from "../render/palette.js";
import type { PaletteChoice } from "../state/types.js";
import { readTuiSettings, tuiHome } from "../settings/settings-file.js";
import { queryBackground, type Background } from "./terminal-background.js";

export const THEME_SETTINGS = ["auto", "dark", "light", "mono"] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

/** One of the four, or `auto` for anything else (absent, mistyped). */
export const asThemeSetting = (value: unknown): ThemeSetting => THEME_SETTINGS.find((t) => t === value) ?? "auto";

/** The `theme` key of settings.json; `auto` when absent, unreadable or not one of the four. */
export function readThemeSetting(env: NodeJS.ProcessEnv): ThemeSetting {
  return asThemeSetting(readTuiSettings(tuiHome(env))["theme"]);
}

/** COLORFGBG ("fg;bg" or "fg;default;bg", set by rxvt, Konsole, …): colours 7 and 9-15 are light backgrounds. */
export function backgroundFromColorFgBg(value: string | undefined): Background | undefined {
  const bg = Number(value?.split(";").at(-1));
  if (value === undefined || !Number.isInteger(bg) || bg < 0 || bg > 15) return undefined;
  return bg === 7 || bg >= 9 ? "light" : "dark";
}

/** The palette: mono where colour is refused, else the setting, else the terminal's background. */
export function paletteFor(setting: ThemeSetting, background: Background | undefined, noColour = false): PaletteName {
  if (noColour) return "mono";
  if (setting !== "auto") return setting;
  return background ?? "dark";
}

/** What start-up found: the palette chosen, and what a later choice (/settings) is made from. */
export type ThemeStart = {
  choice: PaletteChoice;
  /** The terminal's background: a later switch to `auto` uses it (the terminal is the UI's by then). */
  background: Background | undefined;
  /** Colour refused at start-up: a theme chosen later stays mono. */
  noColour: boolean;
};

/** The palette for `setting` chosen while the UI runs (/settings), at the colour level chosen at start. */
export function switchTheme(start: ThemeStart, setting: ThemeSetting): PaletteChoice {
  return { name: paletteFor(setting, start.background, start.noColour), level: start.choice.level };
}

const detectedLevel = (): ColorLevel => (supportsColor === false ? 0 : supportsColor.level);

/**
 * Choose the palette before anything is drawn. `terminal`: the TTY pair to ask for its
 * background when neither the setting nor COLORFGBG decides (the full-screen TUI only).
 */
export async function chooseTheme(
  env: NodeJS.ProcessEnv,
  terminal?: { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream },
): Promise<ThemeStart> {
  const setting = readThemeSetting(env);
  // A terminal that shows no attributes (a pipe, TERM=dumb) gets none: level 0 paints nothing.
  const level: ColorLevel = detectedLevel();
  const noColour = refusesColour(env);
  let background = backgroundFromColorFgBg(env["COLORFGBG"]);
  if (setting === "auto" && background === undefined && terminal && level > 0 && !noColour)
    background = await queryBackground(terminal.stdin, terminal.stdout);
  return { choice: { name: paletteFor(setting, background, noColour), level }, background, noColour };
}
