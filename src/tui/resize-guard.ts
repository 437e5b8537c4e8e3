// Narrowing a terminal that reflows text re-wraps the live frame onto more rows than Ink
// erases, leaving a stale copy above the redrawn frame (Ink issue #816). The guard watches
// what Ink writes, and before Ink's own resize handler erases the frame it clears the
// re-wrapped rows itself, so the re-layout is clean. Off on terminals not known to reflow,
// where erasing more rows than the frame had would eat transcript lines.
import { LIVE_FRAME_SINK } from "./ink-inline-writer.js";
import { textWidth } from "./render/text-width.js";

const LEADING_CURSOR_OPS = /^(?:\u001b\[\?2026[hl]|\u001b\[\d*[ABCDEFGJK]|\u001b\[2K|\u001b\[\?25[hl])*/;

/** Terminals known to re-wrap lines on resize. AGENT_TUI_REFLOW=1/0 overrides. */
export function terminalReflows(env: NodeJS.ProcessEnv): boolean {
  const forced = env["AGENT_TUI_REFLOW"];
  if (forced === "1" || forced === "0") return forced === "1";
  const program = env["TERM_PROGRAM"] ?? "";
  return (
    ["iTerm.app", "Apple_Terminal", "vscode", "WezTerm", "tmux", "ghostty", "Hyper", "Tabby", "WarpTerminal"].includes(program) ||
    env["TMUX"] !== undefined ||
    env["VTE_VERSION"] !== undefined ||
    env["KITTY_WINDOW_ID"] !== undefined ||
    env["WT_SESSION"] !== undefined ||
    env["KONSOLE_VERSION"] !== undefined ||
    env["ALACRITTY_WINDOW_ID"] !== undefined
  );
}

/** Rows the frame occupies once re-wrapped at `columns`. */
export function reflowedRows(frameLines: readonly string[], columns: number): number {
  const w = Math.max(1, columns);
  return frameLines.reduce((sum, line) => sum + Math.max(1, Math.ceil(textWidth(line) / w)), 0);
}

/** `frameRows`: rows of the live frame Ink last drew (Ctrl+Z erases and restores that many). */
export type ResizeGuard = { stream: NodeJS.WriteStream; frameRows(): number; dispose(): void };

/**
 * Wrap `out` for Ink. Must be created BEFORE Ink's render() so its resize listener runs first.
 * `onWrite` also sees every write (terminal modes Ink switches itself).
 */
export function createResizeGuard(out: NodeJS.WriteStream, enabled: boolean, onWrite?: (chunk: unknown) => void): ResizeGuard {
  let frame: string[] = [];
  let frameColumns = out.columns || 80;
  // The inline writer (ink-inline-writer.ts) reports its frames; Ink's own writer is read.
  let reported = false;
  const frameSink = (rows: readonly string[]): void => {
    reported = true;
    frame = [...rows];
    frameColumns = out.columns || frameColumns;
  };
  const observe = (chunk: unknown): void => {
    if (reported || typeof chunk !== "string") return;
    const body = chunk.replace(LEADING_CURSOR_OPS, "");
    // Ink writes each frame as one string ending in "\n"; the last such write is the live frame.
    if (body === "" || !body.endsWith("\n")) return;
    frame = body.slice(0, -1).split("\n");
    frameColumns = out.columns || frameColumns;
  };
  const onResize = (): void => {
    const columns = out.columns || 80;
    if (!enabled || columns >= frameColumns || frame.length === 0) return;
    const rows = reflowedRows(frame, columns);
    const extra = rows - frame.length;
    if (extra <= 0) return;
    // Cursor is on the row after the frame: go to the frame's first (re-wrapped) row, clear
    // down, then step back down as many rows as Ink will erase upwards.
    out.write(`\u001b[${rows}A\r\u001b[J${"\n".repeat(frame.length)}`);
    frameColumns = columns;
  };
  if (enabled) out.on("resize", onResize);
  const stream = new Proxy(out, {
    get(target, prop, receiver) {
      if (prop === LIVE_FRAME_SINK) return frameSink;
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
  return { stream, frameRows: () => frame.length, dispose: () => out.off("resize", onResize) };
}
