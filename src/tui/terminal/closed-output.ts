// The front ends without Ink write to stdout, which may be a pipe whose reader leaves early
// (`agent-tui -p … | head -1`). As for `yes | head`, that is the end of the output, not a crash:
// EPIPE ends the program quietly with SIGPIPE's status; any other write error is reported.

/** The status a shell shows for a program ended by SIGPIPE (128 + 13), as `yes | head` leaves it. */
export const EXIT_OUTPUT_CLOSED = 141;

type Output = { on(event: "error", listener: (error: Error) => void): unknown };

/**
 * Calls `closed` once when stdout can take no more output: with 141 when its reader has gone
 * (EPIPE), with 1 after reporting any other write error on stderr.
 */
export function onOutputClosed(
  closed: (code: number) => void,
  stdout: Output = process.stdout,
  stderr: Output = process.stderr,
): void {
  let done = false;
  stdout.on("error", (error) => {
    if (done) return;
    done = true;
    if ((error as NodeJS.ErrnoException).code === "EPIPE") return closed(EXIT_OUTPUT_CLOSED);
    process.stderr.write(`agent-tui: cannot write the output: ${error.message}\n`);
    closed(1);
  });
  // A stderr that cannot be written has nobody left to tell, and must not crash the run stdout serves.
  stderr.on("error", () => undefined);
}

/** True once stdout can take no more writes: exit without waiting for it to drain. */
export const outputGone = (stream: { destroyed?: boolean; writableEnded?: boolean } = process.stdout): boolean =>
  stream.destroyed === true || stream.writableEnded === true;
