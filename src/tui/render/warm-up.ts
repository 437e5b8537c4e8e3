// Warms the render path while the UI is idle after its first screen: the highlighter's grammars,
// then a sample answer through the markdown renderer (with and without highlighting) and the
// terminal-row builder. Cold, the first second of a streamed answer ran this code several times
// slower and held the event loop for 100-200 ms per frame, so the first keys typed waited.
// It stops as soon as real rendering begins (a session printed, an answer streaming): from then
// on the real work warms the same code, and a step run among it only delays it.
import { WARM_LANGUAGES, highlightCode } from "./highlight.js";
import { renderMarkdown } from "./markdown.js";
import type { Palette } from "./palette.js";
import type { TuiState } from "../state/types.js";

/**
 * Has real rendering begun: an answer or a run under way, or an entry other than a notice to
 * print (a session's history, a prompt)? Start-up notices alone do not count.
 */
export function renderingBegun(s: Pick<TuiState, "run" | "transcript">): boolean {
  return s.run.busy || s.transcript.live !== undefined || s.transcript.committed.some((e) => e.kind !== "notice");
}

/** A short answer with every kind of block the renderer has; `n` makes each pass's text new. */
export function warmUpSample(n: number): string {
  return [
    `## Section ${n}`,
    "",
    `A paragraph ${n} with **bold**, *emphasis*, \`inline code\` and a [link](https://example.com/${n}); ` +
      "long enough to wrap at sixty columns.",
    "",
    `- item one of ${n}`,
    `- item two with \`code\` ${n}`,
    `1. first ${n}`,
    `2. second ${n}`,
    "",
    "```ts",
    `export function step${n}(input: number): number {`,
    `  const doubled = input * 2; // step ${n}`,
    "  return doubled > 100 ? doubled - 100 : doubled;",
    "}",
    "```",
    "",
    "```python",
    `def step_${n}(value):`,
    `    return {"n": ${n}, "value": value}`,
    "```",
    "",
    `> Note ${n}: a quoted remark.`,
    "",
    "| name | value |",
    "| --- | ---: |",
    `| row ${n} | ${n * 7} |`,
  ].join("\n");
}

/** Passes over the sample; each is one timer tick of a few ms once warm. */
const PASSES = 6;
const STEP_MS = 20;

/**
 * After `afterMs`, one step per timer tick (unref'd, so it never keeps the process alive): each
 * warm-up language, then PASSES renderings of the sample at `width()`, alternating with and
 * without highlighting (the live tail renders without), each handed to `rows` (the row builder).
 * No step runs once `busy()` says real rendering has begun.
 */
export function warmUpRendering(
  afterMs: number,
  width: () => number,
  palette: () => Palette,
  rows: (built: string[], width: number) => void = () => undefined,
  busy: () => boolean = () => false,
): void {
  const steps: (() => void)[] = [
    ...WARM_LANGUAGES.map((lang) => () => void highlightCode("const x = 1;\n", lang, palette())),
    ...Array.from({ length: PASSES }, (_, pass) => () => {
      const w = width();
      rows(renderMarkdown(warmUpSample(pass), w, palette(), { highlight: pass % 2 === 0 }), w);
    }),
  ];
  const step = (): void => {
    const next = steps.shift();
    if (next === undefined || busy()) return;
    next();
    setTimeout(step, STEP_MS).unref();
  };
  setTimeout(step, afterMs).unref();
}
