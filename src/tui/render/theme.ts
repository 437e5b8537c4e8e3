// Semantic colours as raw SGR strings, so pure line builders (no Ink) can style text.
// One place to change the look; NO_COLOR turns every style into plain text.
const noColor = process.env["NO_COLOR"] !== undefined && process.env["NO_COLOR"] !== "";

function sgr(open: string, close: string): (s: string) => string {
  return (s: string) => (noColor || s === "" ? s : `\u001b[${open}m${s}\u001b[${close}m`);
}

export const style = {
  bold: sgr("1", "22"),
  dim: sgr("2", "22"),
  italic: sgr("3", "23"),
  underline: sgr("4", "24"),
  inverse: sgr("7", "27"),
  strike: sgr("9", "29"),
  red: sgr("31", "39"),
  green: sgr("32", "39"),
  yellow: sgr("33", "39"),
  blue: sgr("34", "39"),
  magenta: sgr("35", "39"),
  cyan: sgr("36", "39"),
  gray: sgr("90", "39"),
};

export const theme = {
  accent: style.cyan,
  muted: style.gray,
  error: style.red,
  warning: style.yellow,
  success: style.green,
  heading: (s: string) => style.bold(style.cyan(s)),
  code: style.yellow,
  link: (s: string) => style.underline(style.blue(s)),
  quote: style.gray,
  diffAdd: style.green,
  diffRemove: style.red,
  user: (s: string) => style.bold(s),
  thinking: (s: string) => style.dim(style.italic(s)),
  toolName: (s: string) => style.bold(style.magenta(s)),
};

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
