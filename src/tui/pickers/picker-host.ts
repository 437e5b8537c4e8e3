// Holds the one open picker outside React (so it survives a dialog taking the screen for a
// moment) and resolves the opener's promise with the chosen item. Opening sets the store's
// overlay slot; closing clears it.
import type { Store } from "../state/store.js";
import { createPickerState, reducePicker, selectedItem, type PickerItem, type PickerOp, type PickerState } from "./picker-state.js";

export const PICKER_OVERLAY = "picker";

export type PickerOptions = {
  hint?: string;
  /** Extra keys (e.g. tree folding): return the next state, or undefined to ignore the key. */
  onKey?: (key: string, state: PickerState) => PickerState | undefined;
  /** Called after the query changes (e.g. the tree searches folded nodes too). */
  onQuery?: (state: PickerState) => PickerState;
};

type Open = { state: PickerState; options: PickerOptions; resolve: (item: PickerItem | undefined) => void };

export type PickerHost = {
  /** Show a picker; resolves with the chosen item, or undefined when cancelled. */
  open(title: string, items: PickerItem[], options?: PickerOptions): Promise<PickerItem | undefined>;
  state(): PickerState | undefined;
  apply(op: PickerOp): void;
  /** A named key the base picker does not handle (left, right, pageup…). */
  key(name: string): void;
  choose(): void;
  cancel(): void;
  subscribe(listener: () => void): () => void;
};

export function createPickerHost(store: Store): PickerHost {
  let open: Open | undefined;
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const l of [...listeners]) l();
  };
  const close = (item: PickerItem | undefined): void => {
    const o = open;
    if (!o) return;
    open = undefined;
    if (store.getState().ui.overlay === PICKER_OVERLAY) store.dispatch({ type: "overlay", name: undefined });
    changed();
    o.resolve(item);
  };
  const set = (state: PickerState): void => {
    if (!open) return;
    open = { ...open, state };
    changed();
  };
  return {
    open(title, items, options = {}) {
      close(undefined); // one picker at a time: a new one replaces (cancels) the old
      return new Promise((resolve) => {
        open = { state: createPickerState(title, items, options.hint), options, resolve };
        store.dispatch({ type: "overlay", name: PICKER_OVERLAY });
        changed();
      });
    },
    state: () => open?.state,
    apply(op) {
      if (!open) return;
      let next = reducePicker(open.state, op);
      if ((op.op === "type" || op.op === "backspace") && open.options.onQuery) next = open.options.onQuery(next);
      set(next);
    },
    key(name) {
      if (!open) return;
      const next = open.options.onKey?.(name, open.state);
      if (next) set(next);
    },
    choose() {
      if (!open) return;
      const item = selectedItem(open.state);
      if (item) close(item);
    },
    cancel: () => close(undefined),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
