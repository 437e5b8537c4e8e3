// The symbols every surface draws with. Colours are not here: they belong to the palette value
// (palette.ts) that each front end builds from its choice and passes down its render calls.

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
