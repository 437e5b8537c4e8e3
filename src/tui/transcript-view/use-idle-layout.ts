// What the transcript view does while no key comes (idle-work.ts), one short step at a time:
// for the screen as it is now, lay out the blocks a page above and below it and the session's
// first page (the next page, jump or `g` finds them laid out); then count the rest of the
// session so the position is exact. The count is redrawn now and then.
import type React from "react";
import { useEffect, useMemo, useRef } from "react";
import { createIdleWork, type IdleWork } from "./idle-work.js";
import type { ViewModel } from "./view-model.js";
import { sameAnchor, type TranscriptViewState } from "./view-state.js";

/** Steps this long, this far apart, once keys paused this long. */
const STEP_MS = 4;
const PAUSE_MS = 20;
const AFTER_KEY_MS = 100;
/** The screen's stages (see step); counting the session comes after. */
const LAST_STAGE = 1;
/** Count steps between two redraws of the position. */
const REDRAW_EVERY = 20;

/** The screen the work was done for, and how far it got. */
type Done = { model: ViewModel; view: TranscriptViewState; stage: number };

/** Returns the work, for the key handler to postpone it. */
export function useIdleLayout(
  model: ViewModel,
  stateRef: React.RefObject<TranscriptViewState | undefined>,
  rerender: () => void,
): IdleWork {
  const modelRef = useRef(model);
  modelRef.current = model;
  const idle = useMemo(() => {
    let done: Done | undefined;
    let counted = 0;
    let dirty = false;
    const step = (): boolean => {
      const m = modelRef.current;
      const view = stateRef.current;
      // The work for the screen starts again when it moved, resized or the model changed.
      const same =
        view !== undefined &&
        done !== undefined &&
        done.model === m &&
        done.view.height === view.height &&
        sameAnchor(done.view.top, view.top);
      const stage = same && done ? done.stage : 0;
      if (view && stage <= LAST_STAGE) {
        // Stage 0: the pages around the screen; stage 1: the session's first page.
        const r = m.prefetch(
          stage === 0 ? view.top : { block: 0, offset: 0 },
          view.height,
          stage === 0 ? view.height : 0,
          STEP_MS,
        );
        done = { model: m, view, stage: r.done ? stage + 1 : stage };
        if (r.changed) rerender();
        return true;
      }
      if (!m.pending()) return false;
      dirty = m.realizeSome(STEP_MS) || dirty;
      counted += 1;
      if (dirty && (!m.pending() || counted % REDRAW_EVERY === 0)) {
        dirty = false;
        rerender();
      }
      return m.pending();
    };
    return createIdleWork(step, {
      idleMs: AFTER_KEY_MS,
      pauseMs: PAUSE_MS,
      now: () => performance.now(),
      schedule: (fn, ms) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      },
    });
  }, [stateRef, rerender]);
  useEffect(() => () => idle.stop(), [idle]);
  // After every render: the screen may have moved, or the model changed.
  useEffect(() => idle.kick());
  return idle;
}
