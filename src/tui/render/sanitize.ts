// Makes untrusted text (tool output, model text) safe to print: no cursor movement, no mode
// changes, no OSC/DCS payloads; SGR colours kept (or stripped), tabs expanded, CR handled.
const ESCAPE_RE =
  // CSI (incl. SGR), OSC (BEL or ST terminated), DCS/SOS/PM/APC strings, other 2-byte escapes.
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][\s\S]*?(?:\u0007|\u001b\\)|\u001b[PX^_][\s\S]*?\u001b\\|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
const SGR_ONLY_RE = /^\u001b\[[0-9;:]*m$/;

export type SanitizeOptions = {
  /** Keep SGR colour/style sequences (default true). */
  keepSgr?: boolean;
  tabWidth?: number;
};

/** Remove every escape sequence except SGR; drop control chars; normalise line breaks. */
export function sanitizeText(input: string, options: SanitizeOptions = {}): string {
  const keepSgr = options.keepSgr ?? true;
  const tabWidth = options.tabWidth ?? 4;
  let text = input.replace(ESCAPE_RE, (seq) => (keepSgr && SGR_ONLY_RE.test(seq) ? seq : ""));
  // An unterminated escape at the very end (e.g. a chunk boundary) is dropped entirely.
  text = text.replace(/\u001b[\s\S]{0,1}$/, "");
  text = text.replace(/\r\n/g, "\n").replace(/[\u2028\u2029]/g, "\n");
  // A bare CR means "overwrite the line" (progress bars): keep what was written last.
  if (text.includes("\r")) {
    text = text
      .split("\n")
      .map((line) => {
        const parts = line.split("\r").filter((p) => p.length > 0);
        return parts[parts.length - 1] ?? "";
      })
      .join("\n");
  }
  if (text.includes("\t")) {
    text = text
      .split("\n")
      .map((line) => {
        let col = 0;
        let out = "";
        for (const ch of line) {
          if (ch === "\t") {
            const n = tabWidth - (col % tabWidth);
            out += " ".repeat(n);
            col += n;
          } else {
            out += ch;
            col += 1;
          }
        }
        return out;
      })
      .join("\n");
  }
  // Remaining C0/C1 controls (BEL, backspace, ESC left alone, …) are removed; keep \n and SGR ESC.
  return text.replace(/[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f\u0080-\u009f]/g, "").replace(
    /\u001b(?!\[[0-9;:]*m)/g,
    "",
  );
}

/** Untrusted short text (titles, options, names, arguments) as one safe plain line. */
export function cleanLine(input: string): string {
  return sanitizeText(input, { keepSgr: false }).replace(/\s*\n\s*/g, " ");
}
