// Terminal modes owned by agent-tui: bracketed paste on start; on exit, crash or signal the
// terminal is restored (raw mode off, cursor shown, paste mode off, and the main screen with
// mouse reporting off when the transcript view had the alternate screen). The kitty keyboard mode
// is pushed and popped by Ink itself (render option kittyKeyboard; popped in unmount, which
// every exit path calls first), so popping here again could drop an entry the shell pushed.
import { sanitizeLine } from "./render/sanitize.js";

const MAX_TITLE_CHARS = 200;
const BRACKETED_PASTE_ON = "\u001b[?2004h";
const BRACKETED_PASTE_OFF = "\u001b[?2004l";
const CURSOR_SHOW = "\u001b[?25h";
const SGR_RESET = "\u001b[0m";

/** Alternate screen (saves the cursor, clears) with SGR mouse reports for the wheel. */
export const ALT_SCREEN_ENTER = "\u001b[?1049h\u001b[H\u001b[2J\u001b[?1000h\u001b[?1006h";
/** Mouse reports off, back to the main screen and the cursor saved on entering. */
export const ALT_SCREEN_LEAVE = "\u001b[?1000l\u001b[?1006l\u001b[?1049l";

let restored = false;
let alternateScreen = false;

/** Recorded by whoever switches screens, so every way out can return to the main screen. */
export function noteAlternateScreen(active: boolean): void {
  alternateScreen = active;
}

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
  if (!out.isTTY || !out.writable) return;
  // Leaving the alternate screen only when on it: ?1049l elsewhere would move the cursor.
  out.write((alternateScreen ? ALT_SCREEN_LEAVE : "") + SGR_RESET + BRACKETED_PASTE_OFF + CURSOR_SHOW);
  alternateScreen = false;
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
