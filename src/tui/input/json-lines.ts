// Where the members of a JSON object sit: the line of each top-level key and of each item of
// an array value, so a message about keybindings.json can name the line (JSON.parse tells
// nothing of positions). Reads text JSON.parse has accepted; strings never hold a raw newline.

export type MemberLines = { line: number; items: number[] };

/** The line (1-based) of `position` in `text`. */
export function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Lines of the top-level object's members in valid JSON `text` (the last of a repeated key). */
export function memberLines(text: string): Map<string, MemberLines> {
  const out = new Map<string, MemberLines>();
  let i = 0;
  const skipSpace = (): void => {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  };
  const readString = (): string => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const skipValue = (): void => {
    let depth = 0;
    do {
      const c = text[i];
      if (c === '"') readString();
      else {
        if (c === "{" || c === "[") depth++;
        else if (c === "}" || c === "]") depth--;
        i++;
      }
      if (depth === 0) while (i < text.length && !/[,\]}]/.test(text[i] ?? "")) i++;
    } while (depth > 0 && i < text.length);
  };
  skipSpace();
  if (text[i] !== "{") return out;
  i++;
  for (skipSpace(); i < text.length && text[i] !== "}"; skipSpace()) {
    const line = lineAt(text, i);
    const name = readString();
    skipSpace();
    i++; // the colon
    skipSpace();
    const items: number[] = [];
    if (text[i] === "[") {
      for (i++, skipSpace(); i < text.length && text[i] !== "]"; skipSpace()) {
        items.push(lineAt(text, i));
        skipValue();
        skipSpace();
        if (text[i] === ",") i++;
      }
      i++;
    } else skipValue();
    out.set(name, { line, items });
    skipSpace();
    if (text[i] === ",") i++;
  }
  return out;
}
