// Scroll position of a dialog's question when it is taller than the dialog's rows: PgUp/PgDn
// (dialog actions scroll_up / scroll_down) move it a page; the view clamps it when drawing.
import { useRef, useState } from "react";
import { resolveDialogKey } from "../../input/keymap.js";
import { dialogScope, useKeys } from "../../input/use-keys.js";
import { useKeymap } from "../../input/keymap-context.js";

export type QuestionScroll = {
  scroll: number;
  /** Called while drawing: the page size and the largest useful scroll at this size. */
  measure(page: number, maxScroll: number): void;
};

export function useQuestionScroll(id: string): QuestionScroll {
  const [scroll, setScrollState] = useState(0);
  const keymap = useKeymap();
  const ref = useRef({ scroll: 0, page: 1, maxScroll: 0 });
  const setScroll = (next: number): void => {
    ref.current.scroll = Math.min(Math.max(0, next), ref.current.maxScroll);
    setScrollState(ref.current.scroll);
  };
  // Listens beside the dialog's own handler (primary: false): other keys stay the dialog's.
  useKeys(
    (input, key) => {
      const r = resolveDialogKey(input, key, false, keymap);
      if (!r || "text" in r) return;
      if (r.action === "scroll_down") setScroll(ref.current.scroll + ref.current.page);
      else if (r.action === "scroll_up") setScroll(ref.current.scroll - ref.current.page);
    },
    { scope: dialogScope(id), primary: false },
  );
  return {
    scroll: Math.min(scroll, ref.current.maxScroll),
    measure(page, maxScroll) {
      ref.current.page = Math.max(1, page);
      ref.current.maxScroll = maxScroll;
    },
  };
}
