// Opens the one picker and resolves the opener's promise with the chosen item. The picker's
// state (list, query, selection) is the store's `picker`, so it survives a dialog taking the
// screen for a moment; the host keeps only what is not state: the opener's callbacks.
// Opening sets the store's overlay slot; closing clears it.
import type { PickerAction } from "../input/keymap.js";
import type { TuiAction } from "../state/actions.js";
import type { Store } from "../state/store.js";
import {
  createPickerState,
  reducePicker,
  selectedItem,
  type PickerItem,
  type PickerOp,
  type PickerState,
} from "../state/picker-state.js";

export const PICKER_OVERLAY = "picker";

/** Picker keys that only some pickers give a meaning (keymap.ts PICKER_BINDINGS). */
export type PickerKeyAction = Extract<PickerAction, "fold" | "unfold" | "toggle_settings">;

export type PickerOptions = {
  hint?: string;
  /** The keymap's extra picker keys (tree folding): return the next state, or undefined to ignore the key. */
  onKey?: (action: PickerKeyAction, state: PickerState) => PickerState | undefined;
  /** Called after the query changes (e.g. the tree searches folded nodes too). */
  onQuery?: (state: PickerState) => PickerState;
};

type Open = { options: PickerOptions; resolve: (item: PickerItem | undefined) => void };

export type PickerHost = {
  /** Show a picker; resolves with the chosen item, or undefined when cancelled. */
  open(title: string, items: PickerItem[], options?: PickerOptions): Promise<PickerItem | undefined>;
  state(): PickerState | undefined;
  apply(op: PickerOp): void;
  /** A key the base picker does not handle (fold, unfold, …: the opener's onKey). */
  key(action: PickerKeyAction): void;
  choose(): void;
  cancel(): void;
};

export function createPickerHost(store: Store): PickerHost {
  let open: Open | undefined;
  const current = (): PickerState | undefined => (open ? store.getState().picker : undefined);
  const close = (item: PickerItem | undefined): void => {
    const o = open;
    if (!o) return;
    open = undefined;
    const closing: TuiAction[] = [{ type: "picker", state: undefined }];
    if (store.getState().ui.overlay === PICKER_OVERLAY) closing.push({ type: "overlay", name: undefined });
    store.dispatchAll(closing);
    o.resolve(item);
  };
  const set = (state: PickerState): void => {
    if (open) store.dispatch({ type: "picker", state });
  };
  return {
    open(title, items, options = {}) {
      close(undefined); // one picker at a time: a new one replaces (cancels) the old
      return new Promise((resolve) => {
        open = { options, resolve };
        store.dispatchAll([
          { type: "picker", state: createPickerState(title, items, options.hint) },
          { type: "overlay", name: PICKER_OVERLAY },
        ]);
      });
    },
    state: current,
    apply(op) {
      const state = current();
      if (!open || !state) return;
      let next = reducePicker(state, op);
      if ((op.op === "type" || op.op === "backspace") && open.options.onQuery) next = open.options.onQuery(next);
      set(next);
    },
    key(action) {
      const state = current();
      if (!open || !state) return;
      const next = open.options.onKey?.(action, state);
      if (next) set(next);
    },
    choose() {
      const state = current();
      const item = state ? selectedItem(state) : undefined;
      if (item) close(item);
    },
    cancel: () => close(undefined),
  };
}
