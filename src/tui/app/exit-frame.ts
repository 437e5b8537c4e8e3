// Leaving waits until React has committed the leaving frame (the last frame, or none at all):
// Ink's unmount writes whatever tree is committed at that moment. React's scheduler yields after
// a few milliseconds of work, so under load the commit can land after any fixed number of turns
// of the event loop; waiting one turn left the previous frame on screen. The App reports the
// commit from a layout effect (components/app.tsx), and leaving waits for that report.

export type ExitFrameSignal = {
  /** Called by the App once the leaving frame is committed. */
  committed(): void;
  /** Settles once committed() was called; at the latest after `limitMs`, so a leave never hangs. */
  drawn(limitMs: number): Promise<void>;
};

export function createExitFrameSignal(): ExitFrameSignal {
  let done = false;
  const waiting: (() => void)[] = [];
  return {
    committed() {
      done = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
    drawn(limitMs) {
      if (done) return Promise.resolve();
      return new Promise((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, limitMs).unref();
      });
    },
  };
}
