// Big pastes stay out of the editor's way: a bracketed paste of more than PASTE_MAX_LINES lines
// or PASTE_MAX_CHARS characters is shown as one marker, `[paste #1 +2001 lines]` (or
// `[paste #2 1500 chars]`), and replaced by the pasted text when the prompt is sent. A marker
// the user edited is no longer one and stays as typed.
export const PASTE_MAX_LINES = 10;
export const PASTE_MAX_CHARS = 1000;

const MARKER_RE = /\[paste #(\d+) (?:\+\d+ lines|\d+ chars)\]/g;

/** The marker for paste `id` of `text`, or undefined when the paste is small enough to show. */
export function pasteMarker(id: number, text: string): string | undefined {
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1 && lines <= PASTE_MAX_LINES; i = text.indexOf("\n", i + 1)) lines += 1;
  if (lines > PASTE_MAX_LINES) return `[paste #${id} +${text.split("\n").length} lines]`;
  if (text.length > PASTE_MAX_CHARS) return `[paste #${id} ${text.length} chars]`;
  return undefined;
}

/** `text` with every marker of a stored paste replaced by what was pasted. */
export function expandPastes(text: string, pastes: Readonly<Record<number, string>>): string {
  if (!text.includes("[paste #")) return text;
  return text.replace(MARKER_RE, (marker, id: string) => pastes[Number(id)] ?? marker);
}
