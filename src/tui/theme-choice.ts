// Which palette and colour level the UI uses: the `theme` setting (settings.json in
// $AGENT_TUI_HOME: auto, dark, light or mono), for `auto` the terminal's background (COLORFGBG,
// else its answer to an OSC 11 query), and the colour level chalk detects for stdout
// (FORCE_COLOR and TERM included), none under NO_COLOR.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { supportsColor } from "chalk";
import type { ColorLevel, PaletteName } from "./render/palette.js";
import { setPalette } from "./render/theme.js";
import { queryBackground, type Background } from "./terminal-background.js";

export const THEME_SETTINGS = ["auto", "dark", "light", "mono"] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

/** The `theme` key of settings.json; `auto` when absent, unreadable or not one of the four. */
export function readThemeSetting(env: NodeJS.ProcessEnv): ThemeSetting {
  const home = env["AGENT_TUI_HOME"] || join(homedir(), ".agent-tui");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(home, "settings.json"), "utf8"));
  } catch (error) {
    // No settings file (or a broken one, which the worker reports itself): the default.
    void error;
    return "auto";
  }
  const value = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>)["theme"] : undefined;
  return THEME_SETTINGS.find((t) => t === value) ?? "auto";
}

/** COLORFGBG ("fg;bg" or "fg;default;bg", set by rxvt, Konsole, …): colours 7 and 9-15 are light backgrounds. */
export function backgroundFromColorFgBg(value: string | undefined): Background | undefined {
  const bg = Number(value?.split(";").at(-1));
  if (value === undefined || !Number.isInteger(bg) || bg < 0 || bg > 15) return undefined;
  return bg === 7 || bg >= 9 ? "light" : "dark";
}

/** The colour level for stdout: chalk's detection, none under NO_COLOR (unless FORCE_COLOR insists). */
export function colorLevel(env: NodeJS.ProcessEnv, detected: ColorLevel): ColorLevel {
  const noColor = env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "";
  return noColor && env["FORCE_COLOR"] === undefined ? 0 : detected;
}

export function paletteFor(setting: ThemeSetting, background: Background | undefined): PaletteName {
  if (setting !== "auto") return setting;
  return background ?? "dark";
}

const detectedLevel = (): ColorLevel => (supportsColor === false ? 0 : supportsColor.level);

/**
 * Choose and apply the palette before anything is drawn. `terminal`: the TTY pair to ask for
 * its background when neither the setting nor COLORFGBG decides (the full-screen TUI only).
 */
export async function applyTheme(env: NodeJS.ProcessEnv, terminal?: { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream }): Promise<PaletteName> {
  const setting = readThemeSetting(env);
  const level = colorLevel(env, detectedLevel());
  let background = backgroundFromColorFgBg(env["COLORFGBG"]);
  if (setting === "auto" && background === undefined && terminal && level > 0) background = await queryBackground(terminal.stdin, terminal.stdout);
  const name = paletteFor(setting, background);
  setPalette(name, level);
  return name;
}
