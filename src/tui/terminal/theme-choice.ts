// Which palette and colour level the UI uses: the `theme` setting (settings.json in
// $AGENT_TUI_HOME: auto, dark, light or mono), for `auto` the terminal's background (COLORFGBG,
// else its answer to an OSC 11 query), and the colour level chalk detects for stdout
// (FORCE_COLOR and TERM included); under NO_COLOR the mono palette (attributes, no colour).
import { supportsColor } from "chalk";
import { refusesColour, type ColorLevel, type PaletteName } from "../render/palette.js";
import { currentPalette, setPalette } from "../render/theme.js";
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

/** Colour refused at start-up: a theme chosen later (/settings) stays mono. */
let noColourAtStart = false;

/** The background found at start-up: a later switch to `auto` uses it (the terminal is the UI's by then). */
let startBackground: Background | undefined;

/** Switch the palette while the UI runs (/settings), at the colour level chosen at start. */
export function switchTheme(setting: ThemeSetting): PaletteName {
  const name = paletteFor(setting, startBackground, noColourAtStart);
  setPalette(name, currentPalette().level);
  return name;
}

const detectedLevel = (): ColorLevel => (supportsColor === false ? 0 : supportsColor.level);

/**
 * Choose and apply the palette before anything is drawn. `terminal`: the TTY pair to ask for
 * its background when neither the setting nor COLORFGBG decides (the full-screen TUI only).
 */
export async function applyTheme(
  env: NodeJS.ProcessEnv,
  terminal?: { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream },
): Promise<PaletteName> {
  const setting = readThemeSetting(env);
  // A terminal that shows no attributes (a pipe, TERM=dumb) gets none: level 0 paints nothing.
  const level = detectedLevel();
  noColourAtStart = refusesColour(env);
  let background = backgroundFromColorFgBg(env["COLORFGBG"]);
  if (setting === "auto" && background === undefined && terminal && level > 0 && !noColourAtStart)
    background = await queryBackground(terminal.stdin, terminal.stdout);
  startBackground = background;
  const name = paletteFor(setting, background, noColourAtStart);
  setPalette(name, level);
  return name;
}
