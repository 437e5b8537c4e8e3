// /copy: put text on the clipboard with OSC 52 (works over SSH; tmux needs its passthrough
// wrapper), and always also write it to a file, because many terminals ignore OSC 52 silently.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type CopyResult = { osc52: boolean; file: string | undefined; error: string | undefined };

/** Terminals cap OSC 52 payloads (xterm ~100 kB); larger texts go to the file only. */
export const OSC52_MAX_BYTES = 100_000;

/** The escape sequence that sets the clipboard to `text` (wrapped for tmux/screen when inside one). */
export function osc52Sequence(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const b64 = Buffer.from(text, "utf8").toString("base64");
  const seq = `\u001b]52;c;${b64}\u0007`;
  if (env["TMUX"]) return `\u001bPtmux;${seq.replace(/\u001b/g, "\u001b\u001b")}\u001b\\`;
  if ((env["TERM"] ?? "").startsWith("screen")) return `\u001bP${seq}\u001b\\`;
  return seq;
}

export type ClipboardOptions = {
  write: (data: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Directory of the fallback file (default: the system temp dir). */
  dir?: string;
};

export function copyToClipboard(text: string, options: ClipboardOptions): CopyResult {
  const env = options.env ?? process.env;
  let osc52 = false;
  if (Buffer.byteLength(text, "utf8") <= OSC52_MAX_BYTES) {
    options.write(osc52Sequence(text, env));
    osc52 = true;
  }
  const dir = options.dir ?? join(tmpdir(), "agent-tui");
  const file = join(dir, "last-copy.md");
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, text, { mode: 0o600 });
    return { osc52, file, error: undefined };
  } catch (error) {
    return { osc52, file: undefined, error: error instanceof Error ? error.message : String(error) };
  }
}
