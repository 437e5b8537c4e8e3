// Terminal modes owned by agent-tui: bracketed paste, xterm modifyOtherKeys (so Shift+Enter
// is told from Enter where the kitty protocol is not in use, tmux included) and the window
// title (the shell's title pushed on start, popped on the way out). On exit, crash, signal or
// Ctrl+Z the terminal is restored: raw mode off, cursor shown, paste and key modes off, and the
// main screen with mouse reporting off when the transcript view had the alternate screen. The
// kitty keyboard mode is pushed by Ink (render option kittyKeyboard) and popped in unmount;
// Ctrl+Z pops it here only when Ink pushed it (seen in what Ink writes) and pushes it back.
import { CSI_OPEN_SOURCE, MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from "../../bridge/index.js";
import { sanitizeLine } from "../render/sanitize.js";

const MAX_TITLE_CHARS = 200;
const BRACKETED_PASTE_ON = "\u001b[?2004h";
const BRACKETED_PASTE_OFF = "\u001b[?2004l";
const MODIFY_OTHER_KEYS_ON = "\u001b[>4;1m";
const MODIFY_OTHER_KEYS_OFF = "\u001b[>4;0m";
const TITLE_PUSH = "\u001b[22;0t";
const TITLE_POP = "\u001b[23;0t";
const CURSOR_SHOW = "\u001b[?25h";
const SGR_RESET = "\u001b[0m";
const KITTY_PUSH_RE = new RegExp(`${CSI_OPEN_SOURCE}>(\\d+)u`, "g");
const KITTY_POP = "\u001b[<u";

/**
 * Alternate screen (saves the cursor, clears) with SGR mouse reports: the transcript view's
 * clicks, drags and wheel. The live screen never has them, so the terminal's own selection
 * works there.
 */
export const ALT_SCREEN_ENTER = `\u001b[?1049h\u001b[H\u001b[2J${MOUSE_REPORTING_ON}`;
/** Mouse reports off, back to the main screen and the cursor saved on entering. */
export const ALT_SCREEN_LEAVE = `${MOUSE_REPORTING_OFF}\u001b[?1049l`;

let restored = false;
let alternateScreen = false;
/** What the enabled modes need to be undone (modifyOtherKeys, the pushed title). */
let enabledOff = "";

/** Recorded by whoever switches screens, so every way out can return to the main screen. */
export function noteAlternateScreen(active: boolean): void {
  alternateScreen = active;
}

function setRaw(input: NodeJS.ReadStream, on: boolean): void {
  if (!input.isTTY || typeof input.setRawMode !== "function") return;
  try {
    input.setRawMode(on);
  } catch (error) {
    // stdin may already be closed during shutdown; the other resets still matter.
    process.stderr.write(`agent-tui: could not ${on ? "enter" : "leave"} raw mode: ${String(error)}\n`);
  }
}

/**
 * Every way out: raw mode off, main screen, cursor shown, paste mode off, and whatever the
 * enabled modes turned on. Idempotent: safe to call from exit, signal and crash paths.
 */
export function restoreTerminal(input: NodeJS.ReadStream, out: NodeJS.WriteStream): void {
  if (restored) return;
  restored = true;
  setRaw(input, false);
  if (!out.isTTY || !out.writable) return;
  // Leaving the alternate screen only when on it: ?1049l elsewhere would move the cursor.
  out.write((alternateScreen ? ALT_SCREEN_LEAVE : "") + SGR_RESET + BRACKETED_PASTE_OFF + CURSOR_SHOW + enabledOff);
  alternateScreen = false;
}

/** The text of an OSC 0 title: sanitised (no control can end the OSC early), one line, bounded. */
export function terminalTitleText(title: string): string {
  return sanitizeLine(title.slice(0, MAX_TITLE_CHARS));
}

export function titleSequence(title: string): string {
  return `\u001b]0;${terminalTitleText(title)}\u0007`;
}

export type TerminalModes = {
  /** Called with everything Ink writes (it pushes and pops the kitty keyboard mode itself). */
  observe(chunk: unknown): void;
  enable(): void;
  /** Ctrl+Z: give the terminal back to the shell as it was before we started. */
  suspend(input: NodeJS.ReadStream): void;
  /** `fg`: take it back. */
  resume(input: NodeJS.ReadStream): void;
  /** The window title (untrusted parts are sanitised here). */
  setTitle(title: string): void;
  /** Idempotent: safe to call from exit, signal and crash paths. */
  restore(input: NodeJS.ReadStream): void;
};

/** Terminals Ink drives with the kitty protocol (see its kittyKeyboard auto mode). */
export function usesKittyKeyboard(env: NodeJS.ProcessEnv): boolean {
  return (
    "KITTY_WINDOW_ID" in env ||
    env["TERM"] === "xterm-kitty" ||
    env["TERM_PROGRAM"] === "WezTerm" ||
    env["TERM_PROGRAM"] === "ghostty"
  );
}

export function createTerminalModes(out: NodeJS.WriteStream, o: { modifyOtherKeys: boolean }): TerminalModes {
  let kittyFlags: string | undefined;
  let enabled = false;
  let title: string | undefined;
  const write = (data: string): void => {
    if (out.isTTY && out.writable && data !== "") out.write(data);
  };
  const on = (): string =>
    BRACKETED_PASTE_ON +
    (o.modifyOtherKeys ? MODIFY_OTHER_KEYS_ON : "") +
    TITLE_PUSH +
    (title !== undefined ? titleSequence(title) : "");
  const off = (): string => (o.modifyOtherKeys ? MODIFY_OTHER_KEYS_OFF : "") + TITLE_POP;
  return {
    observe(chunk) {
      if (typeof chunk !== "string" || !chunk.includes("\u001b[")) return;
      for (const m of chunk.matchAll(KITTY_PUSH_RE)) kittyFlags = m[1];
      if (chunk.includes(KITTY_POP)) kittyFlags = undefined;
    },
    enable() {
      enabled = true;
      enabledOff = off();
      write(on());
    },
    suspend(input) {
      setRaw(input, false);
      // The shell gets a terminal that reports no mouse, even when the view was up.
      const mouse = alternateScreen ? MOUSE_REPORTING_OFF : "";
      write(
        mouse + (kittyFlags !== undefined ? KITTY_POP : "") + SGR_RESET + BRACKETED_PASTE_OFF + CURSOR_SHOW + off(),
      );
    },
    resume(input) {
      setRaw(input, true);
      const mouse = alternateScreen ? MOUSE_REPORTING_ON : "";
      write(mouse + (kittyFlags !== undefined ? `\u001b[>${kittyFlags}u` : "") + on());
    },
    setTitle(next) {
      title = next;
      if (enabled && !restored) write(titleSequence(next));
    },
    restore(input) {
      restoreTerminal(input, out);
    },
  };
}
