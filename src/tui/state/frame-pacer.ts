// How long the store waits between frames of worker events. A streamed answer is drawn at most
// every `baseMs`; when the UI process is busy for much of the time (its own work, or a machine
// whose cores are all taken, where a frame waits for the CPU as long as it runs), frames are
// spaced further apart, up to `maxMs`, so the process sleeps most of the time. The kernel's
// scheduler wakes a process that mostly sleeps at once when a key arrives; one that draws without
// pause shares the core evenly with every busy loop and reads the key late. Fewer frames draw
// the same text in larger steps: every delta still reaches the screen. Measured with the typing
// bench's burst under load (load 8-11, runs alternated): echo p95 78 ms with it, 141 without
// (input first on in both); a target of 15% instead of 30% did no better (p95 149 vs 56 ms).

export type FramePacerOptions = {
  /** The interval while the process is not busy (ms). */
  baseMs: number;
  /** The longest interval, however busy (ms). */
  maxMs: number;
  /** The share of wall time the event loop may be busy before frames are spaced out (0..1). */
  targetBusy: number;
  /** The share of wall time the event loop was busy since the last call (0..1). */
  sampleBusy: () => number;
  /**
   * Whether frames may be spaced out now (a run streams); otherwise every frame comes at `baseMs`.
   * A resumed session's history keeps the loop busy too, and its last answer must not wait.
   */
  applies?: () => boolean;
};

export type FramePacer = {
  /** The interval before the next frame of worker events; call once per such frame. */
  next(): number;
};

/** The share the pacer reacts to: half the last window, half what it knew before (damps the swing). */
const SMOOTHING = 0.5;

export function createFramePacer(o: FramePacerOptions): FramePacer {
  let busy = 0;
  let interval = o.baseMs;
  return {
    next() {
      const sample = Math.min(1, Math.max(0, o.sampleBusy()));
      if (o.applies?.() === false) {
        // Outside a run the busy share says nothing about a stream: the next one starts afresh.
        busy = 0;
        interval = o.baseMs;
        return interval;
      }
      busy = SMOOTHING * sample + (1 - SMOOTHING) * busy;
      // The work between frames grows more slowly than the interval (per-delta work stays), so
      // scaling the interval by busy/target brings the share down towards the target.
      interval = Math.round(Math.min(o.maxMs, Math.max(o.baseMs, (o.baseMs * busy) / o.targetBusy)));
      return interval;
    },
  };
}
