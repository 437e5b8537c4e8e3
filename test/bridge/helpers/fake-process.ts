// An in-memory WorkerProcess for supervisor and session tests: records what was written, exits
// when told to (or when stdin is closed / a signal is sent), and reports the exit once.
import type { WorkerProcess } from "../../../src/bridge/worker-process.js";

export interface FakeProcess extends WorkerProcess {
  /** Records written to stdin, parsed. */
  readonly written: Record<string, unknown>[];
  /** Simulate the process ending by itself. */
  die(code: number | null, signal?: NodeJS.Signals | null): void;
  readonly signals: NodeJS.Signals[];
  stdinClosed: boolean;
  /** release() was called (the process itself stays as it is). */
  released: boolean;
}

export function fakeProcess(
  onExit: (code: number | null, signal: NodeJS.Signals | null) => void,
  options: { exitOnStdinClose?: boolean; stderrTail?: string } = {},
): FakeProcess {
  let alive = true;
  let markExited: () => void = () => undefined;
  const exited = new Promise<void>((resolve) => {
    markExited = resolve;
  });
  const written: Record<string, unknown>[] = [];
  const signals: NodeJS.Signals[] = [];
  const die = (code: number | null, signal: NodeJS.Signals | null = null): void => {
    if (!alive) return;
    alive = false;
    markExited();
    onExit(code, signal);
  };
  const process: FakeProcess = {
    pid: 4242,
    written,
    signals,
    stdinClosed: false,
    released: false,
    writer: {
      write: (record) => {
        written.push(JSON.parse(record) as Record<string, unknown>);
      },
      queuedFrames: () => 0,
      queuedBytes: () => 0,
      end: () => undefined,
      discard: () => undefined,
    },
    stderr: {
      push: () => [],
      end: () => [],
      tail: () => options.stderrTail ?? "",
      lines: () => (options.stderrTail ?? "").split("\n"),
    },
    isAlive: () => alive,
    exited,
    closeStdin: () => {
      process.stdinClosed = true;
      if (options.exitOnStdinClose !== false) die(0);
    },
    kill: (signal) => {
      signals.push(signal);
      die(null, signal);
    },
    release: () => {
      if (!alive) return;
      process.released = true;
      process.stdinClosed = true;
      alive = false;
      markExited();
      onExit(null, null);
    },
    die,
  };
  return process;
}
