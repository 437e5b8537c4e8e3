// The transcript view's keys: the search line while it is edited, otherwise the view keys
// mapped to view-reducer actions (close and copy are effects, done here).
import type React from "react";
import type { Key } from "ink";
import { useController } from "../components/controller-context.js";
import { resolveDialogKey, resolveViewKey, viewKeypresses, type ViewKeyAction } from "../input/keymap.js";
import { TRANSCRIPT_VIEW_SCOPE, useKeys } from "../input/use-keys.js";
import { useKeymap } from "../input/keymap-context.js";
import { useRef } from "react";
import { parseMouseReport } from "../input/key-chunks.js";
import { useStore } from "../state/use-store.js";
import { GUTTER_CELLS, topRow } from "./screen-rows.js";
import { type MousePress, mouseOutcome } from "./view-mouse.js";
import { blockPlainText } from "./block-content.js";
import type { IdleWork } from "./idle-work.js";
import type { ViewModel } from "./view-model.js";
import type { TranscriptViewState, ViewAction } from "./view-state.js";

/** The reducer action for a view key (close and copy are effects, handled by the component). */
export function viewKeyAction(a: ViewKeyAction, height: number): ViewAction | "close" | "copy" {
  switch (a) {
    case "close":
      return "close";
    case "copy_block":
      return "copy";
    case "line_down":
      return { type: "move", rows: 1 };
    case "line_up":
      return { type: "move", rows: -1 };
    case "page_down":
      return { type: "page", pages: 1 };
    case "page_up":
      return { type: "page", pages: -1 };
    case "half_down":
      return { type: "page", pages: 0.5 };
    case "half_up":
      return { type: "page", pages: -0.5 };
    case "scroll_down":
      return { type: "scroll", rows: 1 };
    case "scroll_up":
      return { type: "scroll", rows: -1 };
    case "wheel_down":
      return { type: "scroll", rows: Math.max(1, Math.min(3, Math.floor(height / 4))) };
    case "wheel_up":
      return { type: "scroll", rows: -Math.max(1, Math.min(3, Math.floor(height / 4))) };
    case "top":
      return { type: "top" };
    case "bottom":
      return { type: "bottom" };
    case "next_prompt":
      return { type: "jump", target: "prompt", dir: 1 };
    case "prev_prompt":
      return { type: "jump", target: "prompt", dir: -1 };
    case "next_tool":
      return { type: "jump", target: "tool", dir: 1 };
    case "prev_tool":
      return { type: "jump", target: "tool", dir: -1 };
    case "toggle_block":
      return { type: "toggle_block" };
    case "expand_all":
      return { type: "fold_all", fold: "full" };
    case "collapse_all":
      return { type: "fold_all", fold: "folded" };
    case "toggle_thinking":
      return { type: "toggle_thinking" };
    case "search":
      return { type: "search_start", dir: 1 };
    case "search_back":
      return { type: "search_start", dir: -1 };
    case "search_next":
      return { type: "search_next", dir: 1 };
    case "search_prev":
      return { type: "search_next", dir: -1 };
    default: {
      const never: never = a;
      return never;
    }
  }
}

/**
 * The view's mouse: `onMouse(input)` takes a press, drag or release report and says whether it
 * was one (the wheel is left to the keymap). The press of a drag in progress is input plumbing,
 * kept here, not view state.
 */
function useViewMouse(
  stateRef: React.RefObject<TranscriptViewState | undefined>,
  modelRef: React.RefObject<ViewModel>,
  apply: (action: ViewAction) => void,
  copy: (text: string, what: string) => void,
): (input: string) => boolean {
  const press = useRef<MousePress | undefined>(undefined);
  return (input) => {
    const report = parseMouseReport(input);
    const s = stateRef.current;
    if (!report || report.kind === "wheel_up" || report.kind === "wheel_down" || !s) return false;
    const model = modelRef.current;
    const geometry = { top: topRow(model, s), rows: s.height, gutter: GUTTER_CELLS };
    const out = mouseOutcome(report, press.current, geometry, model);
    press.current = out.press;
    for (const action of out.actions) apply(action);
    if (out.copy !== undefined && out.copy !== "") copy(out.copy, "Selection");
    return true;
  };
}

/** The view's keys: the search line while it is edited, the view keys otherwise. */
export function useViewKeys(
  stateRef: React.RefObject<TranscriptViewState | undefined>,
  modelRef: React.RefObject<ViewModel>,
  apply: (action: ViewAction) => void,
  idle: IdleWork,
): void {
  const store = useStore();
  const controller = useController();
  const keymap = useKeymap();
  const copy = (text: string, what: string): void => {
    apply({ type: "message", text: "Copying…" });
    void controller.copy(text, what).then((said) => apply({ type: "message", text: said }));
  };
  const onMouse = useViewMouse(stateRef, modelRef, apply, copy);
  const onKey = (input: string, key: Key): void => {
    const s = stateRef.current;
    if (!s) return;
    if (!s.search.editing && onMouse(input)) return;
    if (s.search.editing) {
      const r = resolveDialogKey(input, key, false, keymap);
      if (!r) return;
      if ("text" in r) apply({ type: "search_input", text: r.text });
      else if (r.action === "confirm") apply({ type: "search_submit" });
      else if (r.action === "cancel") apply({ type: "search_cancel" });
      else if (r.action === "backspace") apply({ type: "search_backspace" });
      return;
    }
    const named = resolveViewKey(input, key, keymap);
    if (!named) return;
    const action = viewKeyAction(named, s.height);
    if (action === "close") {
      store.dispatch({ type: "transcript_view", open: false });
      return;
    }
    if (action === "copy") {
      const block = modelRef.current.block(s.cursor.block);
      if (block) copy(blockPlainText(block), "Block");
      return;
    }
    apply(action);
  };
  useKeys(
    (input, key) => {
      idle.keyPressed();
      for (const k of viewKeypresses(input, key)) {
        // A key that closed the view ends the chunk (the rest was typed for the view).
        if (store.getState().ui.transcriptView === undefined) return;
        onKey(k.input, k.key);
      }
    },
    { scope: TRANSCRIPT_VIEW_SCOPE },
  );
}
