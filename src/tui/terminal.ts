// Terminal modes owned by agent-tui: bracketed paste on start; on exit, crash or signal the
// terminal is restored (raw mode off, cursor shown, paste mode off). The kitty keyboard mode
// is pushed and popped by Ink itself (render option kittyKeyboard; popped in unmount, which
// every exit path calls first), so popping here again could drop an entry the shell pushed.
import { sanitizeLine } from "./render/sanitize.js";

const MAX_TITLE_CHARS = 200;
const BRACKETED_PASTE_ON = "\u001b[?2004h";
const BRACKETED_PASTE_OFF = "\u001b[?2004l";
const CURSOR_SHOW = "\u001b[?25h";
const SGR_RESET = "\u001b[0m";

let restored = false;

export function enableTerminalModes(out: NodeJS.WriteStream): void {
  if (out.isTTY) out.write(BRACKETED_PASTE_ON);
}

/** Idempotent: safe to call from exit, signal and crash paths. */
export function restoreTerminal(input: NodeJS.ReadStream, out: NodeJS.WriteStream): void {
  if (restored) return;
  restored = true;
  if (input.isTTY && typeof input.setRawMode === "function") {
    try {
      input.setRawMode(false);
    } catch (error) {
      // stdin may already be closed during shutdown; the other resets below still matter.
      process.stderr.write(`agent-tui: could not leave raw mode: ${String(error)}\n`);
    }
  }
  if (out.isTTY && out.writable) out.write(SGR_RESET + BRACKETED_PASTE_OFF + CURSOR_SHOW);
}

/** The text of an OSC 0 title: sanitised (no control can end the OSC early), one line, bounded. */
export function terminalTitleText(title: string): string {
  return sanitizeLine(title.slice(0, MAX_TITLE_CHARS));
}

/** OSC 0 title from untrusted text (extensions set it). */
export function setTerminalTitle(out: NodeJS.WriteStream, title: string): void {
  if (!out.isTTY) return;
  out.write(`\u001b]0;${terminalTitleText(title)}\u0007`);
}
