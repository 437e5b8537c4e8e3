// Ctrl+Z: suspend to the shell and come back intact on `fg`. The live frame is erased (Ink
// clears it) and the terminal given back as the shell had it (terminal.ts); we stop ourselves
// with SIGTSTP, as the tty would in cooked mode (the worker, our child, keeps running). On
// SIGCONT the modes come back, as many blank rows as the frame had are printed where Ink will
// erase before it draws again, and a redraw is asked for.
import type { TerminalModes } from "./terminal.js";

export type SuspendOptions = {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  modes: TerminalModes;
  /** Rows of the frame on screen. */
  frameRows: () => number;
  /** Erase the frame (Ink's clear(): it keeps believing the frame is drawn). */
  clearFrame: () => void;
  /** After SIGCONT: cause a redraw (the frame must change for Ink to write it). */
  resumed: () => void;
};

/** Returns false where there is no job control (Windows): the caller says so. */
export function createSuspend(o: SuspendOptions): () => boolean {
  return () => {
    if (process.platform === "win32") return false;
    const rows = o.frameRows();
    o.clearFrame();
    o.modes.suspend(o.stdin);
    process.once("SIGCONT", () => {
      o.modes.resume(o.stdin);
      if (o.stdout.isTTY) o.stdout.write("\n".repeat(rows));
      o.resumed();
    });
    process.kill(process.pid, "SIGTSTP");
    return true;
  };
}
