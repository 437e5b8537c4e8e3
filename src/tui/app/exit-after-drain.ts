// How the front ends without Ink end (print mode, plain mode): the worker is stopped, then the
// program exits once stdout has taken all that was written (a pipe takes it only as its reader
// reads). A reader that leaves before that (`agent-tui -p … | head -1`) got an incomplete output,
// so the exit is then onOutputClosed's status (141, as for `yes | head`), whenever the closed pipe
// is noticed: while the worker stops, or while the output's tail waits for the reader.
import { outputGone } from "../terminal/closed-output.js";

/** A worker that ignores SIGTERM must not keep a script or a terminal waiting. */
const STOP_GRACE_MS = 9000;

export type ExitAfterDrain = {
  /** Ends the program with `code`; the first call wins. */
  finish(code: number): void;
  /** stdout can take no more (onOutputClosed): its `code` is the exit, asked for before or after finish. */
  outputClosed(code: number): void;
};

/** `stop`: ends the worker; `exit`: process.exit (a test's stand-in). */
export function createExitAfterDrain(
  stop: () => Promise<void>,
  stdout: NodeJS.WritableStream & { destroyed?: boolean; writableEnded?: boolean } = process.stdout,
  exit: (code: number) => void = (code) => process.exit(code),
): ExitAfterDrain {
  let code: number | undefined;
  let closed: number | undefined;
  let stopped = false;
  const drainThenExit = (): void => {
    if (stopped) return;
    stopped = true;
    if (closed !== undefined || outputGone(stdout)) return exit(closed ?? code ?? 1);
    // A failed write is followed by the stream's error, which onOutputClosed turns into outputClosed.
    stdout.write("", (error) => {
      if (!error) exit(code ?? 0);
    });
  };
  const finish = (c: number): void => {
    if (code !== undefined) return;
    code = c;
    stop().then(drainThenExit, drainThenExit);
    setTimeout(drainThenExit, STOP_GRACE_MS).unref();
  };
  return {
    finish,
    outputClosed(c) {
      closed ??= c;
      if (code === undefined) finish(c);
      else if (stopped) exit(closed);
    },
  };
}
