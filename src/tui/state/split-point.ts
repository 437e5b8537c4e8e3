// Safe split points for committing streaming markdown to <Static> in pieces: a blank line
// outside a fenced code block, so no block is cut in half.

/** True when `text` ends inside an open ``` / ~~~ fence. */
export function endsInsideFence(text: string): boolean {
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (!m?.[1]) continue;
    const marker = m[1];
    if (fence === null) fence = marker;
    else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
  }
  return fence !== null;
}

/**
 * Index just after the last blank line (outside code fences) in `text`, or -1.
 * `text.slice(0, i)` is then a sequence of complete markdown blocks.
 */
export function findLastSafeSplitPoint(text: string): number {
  let fence: string | null = null;
  let best = -1;
  let offset = 0;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? "";
    const lineEnd = offset + line.length + 1; // position after this line's "\n"
    const isLast = i === lines.length - 1;
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (m?.[1]) {
      const marker = m[1];
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (fence === null && !isLast && line.trim() === "" && i > 0) {
      // The blank line must be complete (followed by more text), so `lineEnd` is in range.
      const prev = lines[i - 1] ?? "";
      // Inside an indented list continuation a blank line is not a safe boundary.
      const next = lines[i + 1] ?? "";
      if (!/^\s{2,}\S/.test(next) || /^\s*$/.test(prev)) best = lineEnd;
    }
    offset = lineEnd;
  }
  return best;
}

const FENCE_LINE = /^ {0,3}(`{3,}|~{3,}).*$/gm;

/** The opening line of the fence `text` ends inside, or undefined. Scans fence lines only. */
export function openFenceLine(text: string): string | undefined {
  let open: { marker: string; line: string } | undefined;
  for (const m of text.matchAll(FENCE_LINE)) {
    const marker = m[1] ?? "";
    if (open === undefined) open = { marker, line: m[0] };
    else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && m[0].trim() === marker)
      open = undefined;
  }
  return open?.line;
}

/**
 * The tail of streaming markdown worth rendering: its last `lines` lines, at most `chars`
 * characters, re-opening the code fence it starts inside so the tail still renders as code.
 * Reads the tail only, plus one scan of the rest for fence lines.
 */
export function markdownTail(text: string, lines: number, chars: number): string {
  const floor = Math.max(0, text.length - chars);
  let start = text.length;
  for (let i = 0; i < lines && start > floor; i += 1) {
    const nl = text.lastIndexOf("\n", start - 1);
    start = Math.max(nl, 0);
  }
  start = Math.max(start, floor);
  if (start === 0) return text;
  if (text[start] === "\n") start += 1;
  const opener = openFenceLine(text.slice(0, start));
  return (opener !== undefined ? `${opener}\n` : "") + text.slice(start);
}
