// Ink 6.8 appends everything <Static> ever printed to `fullStaticOutput` and keeps it for the
// whole process, although outside debug mode it only replays it after a full clear (a frame as
// tall as the terminal, which this app never draws). Over a long day that is every printed line
// held twice. This bounds it to its last MAX_STATIC_OUTPUT_CHARS characters, cut at a line.

/** What Ink keeps of the printed transcript: a few screens, for the replay after a full clear. */
// Figure: peak RSS 129 -> 125 MB on a resumed long day (docs/ink-adaptations.md, "Bounded transcript copy").
export const MAX_STATIC_OUTPUT_CHARS = 256 * 1024;

/** The tail of `text` of at most `max` characters, from a line's start when there is one. */
export function lastLines(text: string, max: number): string {
  if (text.length <= max) return text;
  const from = text.indexOf("\n", text.length - max);
  // Never empty: Ink reads an empty one as "nothing printed yet" when it unmounts.
  return from === -1 || from === text.length - 1 ? text.slice(-max) : text.slice(from + 1);
}

/**
 * Makes `instance.fullStaticOutput` keep at most `max` characters. Trimming to half of that
 * when it overflows keeps the copying linear in what is printed. Ink appends each newly printed
 * part (`+=`) just before writing it: `onAppend` receives that part.
 */
export function boundStaticOutput(
  instance: object,
  max = MAX_STATIC_OUTPUT_CHARS,
  onAppend?: (printed: string) => void,
): void {
  const current = (instance as { fullStaticOutput?: unknown }).fullStaticOutput;
  let kept = typeof current === "string" ? current : "";
  Object.defineProperty(instance, "fullStaticOutput", {
    configurable: true,
    enumerable: true,
    get: () => kept,
    set: (value: string) => {
      if (onAppend !== undefined && value.length > kept.length && value.startsWith(kept))
        onAppend(value.slice(kept.length));
      kept = value.length > max ? lastLines(value, Math.floor(max / 2)) : value;
    },
  });
}
