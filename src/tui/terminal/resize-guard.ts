// The wrap of stdout Ink writes through. It tells the inline writer whether the terminal
// re-wraps lines on resize (then narrowing it clears the terminal and prints the transcript
// again, ink-inline-writer.ts: Ink's erase of the frame's rows would leave a re-wrapped copy,
// Ink issue #816), keeps the rows of the live frame for Ctrl+Z, and shows every write to the
// terminal modes (those Ink switches itself).
import { leadingCursorControlLength } from "../../bridge/index.js";
import { LIVE_FRAME_SINK, TERMINAL_REFLOWS } from "../ink/ink-inline-writer.js";

/**
 * Whether the terminal re-wraps lines on resize. Nearly all do (xterm.js and so VS Code, VTE,
 * kitty, iTerm2, Terminal.app, WezTerm, Alacritty, Windows Terminal, Konsole, ghostty, tmux), and
 * environment variables rarely survive ssh, so only terminals known not to are told apart: XTerm
 * itself and the Linux console. AGENT_TUI_REFLOW=1/0 overrides.
 */
export function terminalReflows(env: NodeJS.ProcessEnv): boolean {
  const forced = env["AGENT_TUI_REFLOW"];
  if (forced === "1" || forced === "0") return forced === "1";
  return env["XTERM_VERSION"] === undefined && env["TERM"] !== "linux";
}

/** `frameRows`: rows of the live frame Ink last drew (Ctrl+Z erases and restores that many). */
export type ResizeGuard = { stream: NodeJS.WriteStream; frameRows(): number };

/** Wrap `out` for Ink. `onWrite` also sees every write (terminal modes Ink switches itself). */
export function createResizeGuard(
  out: NodeJS.WriteStream,
  reflows: boolean,
  onWrite?: (chunk: unknown) => void,
): ResizeGuard {
  let frame: readonly string[] = [];
  // The inline writer (ink-inline-writer.ts) reports its frames; Ink's own writer is read.
  let reported = false;
  const frameSink = (rows: readonly string[]): void => {
    reported = true;
    frame = [...rows];
  };
  const observe = (chunk: unknown): void => {
    if (reported || typeof chunk !== "string") return;
    // What Ink writes before a frame: synchronized output, cursor moves, erases, cursor show/hide.
    const body = chunk.slice(leadingCursorControlLength(chunk));
    // Ink writes each frame as one string ending in "\n"; the last such write is the live frame.
    if (body === "" || !body.endsWith("\n")) return;
    frame = body.slice(0, -1).split("\n");
  };
  const stream = new Proxy(out, {
    get(target, prop, receiver) {
      if (prop === LIVE_FRAME_SINK) return frameSink;
      if (prop === TERMINAL_REFLOWS) return reflows;
      if (prop === "write") {
        return (chunk: unknown, ...rest: unknown[]) => {
          observe(chunk);
          onWrite?.(chunk);
          return (target.write as (...args: unknown[]) => boolean)(chunk, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { stream, frameRows: () => frame.length };
}
