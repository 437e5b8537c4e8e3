// The colour palettes: one for dark backgrounds (the terminal's own 16 colours, as before),
// one for light backgrounds (darker hues, which chalk downsamples to what the terminal
// supports), and mono (bold, dim, italic, underline, inverse: no colour at all). Each palette
// is built on a chalk instance whose level says what the terminal can show (0: nothing).
// A palette is a value: the front end builds it from its choice and passes it to every line
// builder it calls, so two renders in one process with different palettes never meet.
import { Chalk, type ChalkInstance } from "chalk";
import type { PaletteChoice } from "../state/types.js";

export type PaletteName = PaletteChoice["name"];
/** chalk's colour levels: none, 16 colours, 256 colours, truecolor. */
export type ColorLevel = PaletteChoice["level"];

type Paint = (s: string) => string;

export type Style = Record<
  | "bold"
  | "dim"
  | "italic"
  | "underline"
  | "inverse"
  | "strike"
  | "red"
  | "green"
  | "yellow"
  | "blue"
  | "magenta"
  | "cyan"
  | "gray",
  Paint
>;
export type Theme = Record<
  | "accent"
  | "muted"
  | "error"
  | "warning"
  | "success"
  | "heading"
  | "code"
  | "link"
  | "quote"
  | "diffAdd"
  | "diffRemove"
  | "user"
  | "thinking"
  | "toolName",
  Paint
>;
/**
 * Every token class cli-highlight colours by default: a class left out would fall back to its
 * own chalk, which knows nothing of the palette or NO_COLOR.
 */
const CODE_TOKENS = [
  "keyword",
  "built_in",
  "type",
  "literal",
  "number",
  "regexp",
  "string",
  "class",
  "function",
  "comment",
  "doctag",
  "meta",
  "tag",
  "name",
  "attr",
  "emphasis",
  "strong",
  "link",
  "addition",
  "deletion",
  "title",
  "default",
] as const;
export type CodeTheme = Record<(typeof CODE_TOKENS)[number], Paint>;

export type Palette = { name: PaletteName; level: ColorLevel; style: Style; theme: Theme; code: CodeTheme };

/** Empty text stays empty (no stray open/close pair). */
const paint =
  (f: ChalkInstance): Paint =>
  (s) =>
    s === "" ? s : f(s);

function styleOf(c: ChalkInstance, name: PaletteName): Style {
  // Light and mono keep the named colours (used for emphasis) readable or absent.
  const colour = (f: ChalkInstance, light: ChalkInstance): Paint =>
    name === "mono" ? (s) => s : paint(name === "light" ? light : f);
  return {
    bold: paint(c.bold),
    dim: paint(c.dim),
    italic: paint(c.italic),
    underline: paint(c.underline),
    inverse: paint(c.inverse),
    strike: paint(c.strikethrough),
    red: colour(c.red, c.hex("#b00020")),
    green: colour(c.green, c.hex("#116611")),
    yellow: colour(c.yellow, c.hex("#8a5a00")),
    blue: colour(c.blue, c.hex("#1750b0")),
    magenta: colour(c.magenta, c.hex("#8b1a8b")),
    cyan: colour(c.cyan, c.hex("#006a80")),
    gray: colour(c.gray, c.hex("#5c5c5c")),
  };
}

function themeOf(s: Style, name: PaletteName): Theme {
  const mono = name === "mono";
  return {
    accent: mono ? s.bold : s.cyan,
    muted: mono ? s.dim : s.gray,
    error: mono ? s.bold : s.red,
    warning: mono ? s.bold : s.yellow,
    success: mono ? (x) => x : s.green,
    heading: (x) => s.bold(mono ? s.underline(x) : s.cyan(x)),
    code: mono ? s.italic : s.yellow,
    link: (x) => s.underline(mono ? x : s.blue(x)),
    quote: mono ? s.italic : s.gray,
    // Diffs keep their +/- markers: without colour they still read.
    diffAdd: mono ? (x) => x : s.green,
    diffRemove: mono ? s.dim : s.red,
    user: s.bold,
    thinking: (x) => s.dim(s.italic(x)),
    toolName: (x) => s.bold(mono ? x : s.magenta(x)),
  };
}

function codeOf(s: Style, t: Theme, name: PaletteName): CodeTheme {
  const plain: Paint = (x) => x;
  const mono = name === "mono";
  const colours: Partial<CodeTheme> = {
    keyword: mono ? s.bold : s.blue,
    built_in: mono ? plain : s.cyan,
    type: mono ? plain : s.cyan,
    literal: mono ? s.bold : s.blue,
    number: mono ? plain : s.green,
    regexp: mono ? s.italic : s.red,
    string: mono ? s.italic : name === "light" ? s.red : s.yellow,
    class: mono ? s.bold : s.blue,
    function: mono ? plain : name === "light" ? s.magenta : s.yellow,
    comment: mono ? s.dim : t.muted,
    doctag: mono ? s.dim : t.muted,
    meta: t.muted,
    tag: t.muted,
    name: mono ? plain : s.blue,
    attr: mono ? plain : s.cyan,
    emphasis: s.italic,
    strong: s.bold,
    link: s.underline,
    addition: t.diffAdd,
    deletion: t.diffRemove,
    title: mono ? s.underline : s.magenta,
  };
  return Object.fromEntries(CODE_TOKENS.map((k) => [k, colours[k] ?? plain])) as CodeTheme;
}

/**
 * NO_COLOR (no-color.org) asks for no colour, unless FORCE_COLOR insists. It is not a request for
 * plain text: bold, dim, italic, underline and inverse stay, so headings, code and selections
 * still read (the mono palette).
 */
export function refusesColour(env: NodeJS.ProcessEnv): boolean {
  return env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "" && env["FORCE_COLOR"] === undefined;
}

export function buildPalette(name: PaletteName, level: ColorLevel): Palette {
  const c = new Chalk({ level });
  const style = styleOf(c, name);
  const theme = themeOf(style, name);
  return { name, level, style, theme, code: codeOf(style, theme, name) };
}

/** Palettes built so far, one per choice (twelve at most), so a choice always gives the same value. */
const built = new Map<string, Palette>();

/**
 * The palette of `choice`, the same object for the same choice: caches of painted rows (the
 * transcript view's layouts) know a palette by its identity.
 */
export function paletteOf(choice: PaletteChoice): Palette {
  const key = `${choice.name}${choice.level}`;
  let palette = built.get(key);
  if (!palette) {
    palette = buildPalette(choice.name, choice.level);
    built.set(key, palette);
  }
  return palette;
}

/** Paints nothing: plain mode's words and the measuring passes that need no colour. */
export const NO_PAINT: Palette = paletteOf({ name: "mono", level: 0 });
