// How print mode and plain mode end, in each order the worker's stop, the output's drain and a
// reader that leaves can come in: the exit waits for both, and a closed output decides the status
// whenever it is noticed (test/e2e/output-pipe.test.ts shows it on a real pipe).
import { describe, expect, it } from "vitest";
import { createExitAfterDrain } from "../../../src/tui/app/exit-after-drain.js";

/** A stdout whose writes finish when the test says; a stop that ends when the test says. */
function setup() {
  const pending: ((error?: Error | null) => void)[] = [];
  const stdout = {
    destroyed: false,
    write(_chunk: string, cb?: (error?: Error | null) => void): boolean {
      if (cb) pending.push(cb);
      return false;
    },
  } as unknown as NodeJS.WritableStream & { destroyed: boolean };
  let endStop = (): void => undefined;
  const stopped = new Promise<void>((resolve) => (endStop = resolve));
  const exits: number[] = [];
  const exit = createExitAfterDrain(
    () => stopped,
    stdout,
    (code) => exits.push(code),
  );
  /** Lets the stop's continuation run. */
  const stop = async (): Promise<void> => {
    endStop();
    await stopped;
    await Promise.resolve();
  };
  return { stdout, pending, exits, exit, stop };
}

describe("the exit after the worker's stop and stdout's drain", () => {
  it("exits with the run's code once the worker stopped and stdout took everything", async () => {
    const t = setup();
    t.exit.finish(0);
    await t.stop();
    expect(t.exits).toEqual([]);
    t.pending.shift()?.();
    expect(t.exits).toEqual([0]);
  });

  it("exits 141 when the reader leaves while the output's tail waits for it", async () => {
    const t = setup();
    t.exit.finish(0);
    await t.stop();
    // The failed write's callback comes first, the stream's error (onOutputClosed) after it.
    t.pending.shift()?.(new Error("write EPIPE"));
    expect(t.exits).toEqual([]);
    t.exit.outputClosed(141);
    expect(t.exits).toEqual([141]);
  });

  it("exits 141 when the reader leaves while the worker stops", async () => {
    const t = setup();
    t.exit.finish(0);
    t.exit.outputClosed(141);
    t.stdout.destroyed = true;
    expect(t.exits).toEqual([]);
    await t.stop();
    expect(t.exits).toEqual([141]);
  });

  it("a reader gone before the run ended stops the worker and exits 141; the run's end changes nothing", async () => {
    const t = setup();
    t.exit.outputClosed(141);
    t.stdout.destroyed = true;
    t.exit.finish(0);
    await t.stop();
    expect(t.exits).toEqual([141]);
  });
});
