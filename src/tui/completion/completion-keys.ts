// The keys of the `/` and `@` list under the editor: while it is open it owns the arrows, Tab,
// Enter and Esc (Esc closes it and does not abort); Tab or Enter applies the selection.
import type { EditorAction } from "../input/keymap.js";
import type { Store } from "../state/store.js";
import { menuEdit } from "./completion-menu.js";

/** Returns a handler that is true when the key was the list's. `submit` sends the editor. */
export function createCompletionKeys(store: Store, submit: () => void): (action: EditorAction) => boolean {
  const applyCompletion = (how: "tab" | "enter"): boolean => {
    const menu = store.getState().completion;
    if (!menu) return false;
    const change = menuEdit(menu, how);
    if (!change) return how === "tab"; // an empty list swallows Tab, Enter still sends
    store.dispatch({ type: "editor", op: { op: "replace", start: change.start, end: change.end, text: change.text } });
    if (change.submit) submit();
    return true;
  };
  return (action) => {
    if (!store.getState().completion) return false;
    switch (action) {
      case "history_prev":
        store.dispatch({ type: "completion_move", direction: "up" });
        return true;
      case "history_next":
        store.dispatch({ type: "completion_move", direction: "down" });
        return true;
      case "complete":
        return applyCompletion("tab");
      case "submit":
        return applyCompletion("enter");
      case "abort":
        store.dispatch({ type: "completion", menu: undefined });
        return true;
      default:
        return false;
    }
  };
}
