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
 * Makes `instance.fullStaticOutput` keep at most `max` characters, and returns a reader of them.
 * Trimming to half of that when it overflows keeps the copying linear in what is printed. Ink
 * appends each newly printed part (`+=`) just before writing it: `onAppend` receives that part.
 *
 * Ink itself reads back only the last part printed. Its `+=` reads the property, joins the new
 * part to it, and the setter reads the joined text, which makes V8 copy all of it: with the whole
 * kept text behind the getter, every print copied up to `max` characters (a large object past
 * 128 KiB, for the old generation's collector), and a streamed answer prints a few times a
 * second. Ink reads its copy otherwise only to replay it after a full clear, which this app
 * never causes, and to see whether anything was printed (never empty once something was).
 */
export function boundStaticOutput(
  instance: object,
  max = MAX_STATIC_OUTPUT_CHARS,
  onAppend?: (printed: string) => void,
): () => string {
  const current = (instance as { fullStaticOutput?: unknown }).fullStaticOutput;
  let kept = typeof current === "string" ? current : "";
  let last = lastLines(kept, max);
  Object.defineProperty(instance, "fullStaticOutput", {
    configurable: true,
    enumerable: true,
    get: () => last,
    set: (value: string) => {
      if (value === last) return;
      if (value.length > last.length && value.startsWith(last)) {
        const part = value.slice(last.length);
        onAppend?.(part);
        kept += part;
        last = lastLines(part, max);
      } else {
        // Anything but an append (Ink sets "" as it starts) replaces the copy.
        kept = value;
        last = lastLines(value, max);
      }
      if (kept.length > max) kept = lastLines(kept, Math.floor(max / 2));
    },
  });
  return () => kept;
}
