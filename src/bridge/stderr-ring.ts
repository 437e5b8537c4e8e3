// Bounded, redacted tail of a worker's stderr (docs/protocol.md §1.7): always drained, never unbounded.
import { StringDecoder } from "node:string_decoder";
import type { Redactor } from "./redact.js";

export interface StderrRing {
  /** Feed raw stderr bytes; returns the complete (redacted) lines they finished. */
  push(chunk: Buffer | string): string[];
  /** Flush an unterminated last line (at exit). */
  end(): string[];
  /** The redacted tail, newest last. */
  tail(): string;
  lines(): readonly string[];
}

export function createStderrRing(
  redact: Redactor,
  maxLines = 500,
  maxBytes = 64 * 1024,
  maxLineChars = 4096,
): StderrRing {
  const decoder = new StringDecoder("utf8");
  const lines: string[] = [];
  let bytes = 0;
  let partial = "";

  const add = (raw: string): string => {
    const cut =
      raw.length > maxLineChars ? `${raw.slice(0, maxLineChars)}… [${raw.length - maxLineChars} chars cut]` : raw;
    const line = redact(cut.replace(/\r$/, ""));
    lines.push(line);
    bytes += line.length + 1;
    while (lines.length > maxLines || (bytes > maxBytes && lines.length > 1)) {
      const dropped = lines.shift();
      bytes -= (dropped?.length ?? 0) + 1;
    }
    return line;
  };

  return {
    push(chunk) {
      const text = partial + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const parts = text.split("\n");
      partial = parts.pop() ?? "";
      // A runaway line without LF is cut so the partial buffer stays bounded.
      if (partial.length > maxLineChars * 4) {
        parts.push(partial);
        partial = "";
      }
      return parts.map(add);
    },
    end() {
      const rest = partial + decoder.end();
      partial = "";
      return rest.length > 0 ? [add(rest)] : [];
    },
    tail() {
      return lines.join("\n");
    },
    lines() {
      return lines;
    },
  };
}
