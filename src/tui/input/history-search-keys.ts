// The editor's keys while Ctrl+R searches prompt history (state/history-search.ts): Ctrl+R
// again goes to an older match, Backspace shortens the query, Enter sends the found prompt,
// Esc keeps it in the editor to edit, Ctrl+C puts the draft back; any other key ends the
// search and then acts as usual.
import type { EditorAction } from "./keymap.js";
import type { SearchOp } from "../state/history-search.js";
import type { Store } from "../state/store.js";

/** Returns a handler that is true when the key was the search's. */
export function createHistorySearchKeys(store: Store, submit: () => void): (action: EditorAction) => boolean {
  const search = (op: Exclude<SearchOp["op"], "search_type">): void => store.dispatch({ type: "editor", op: { op } });
  return (action) => {
    if (!store.getState().editor.search) return false;
    switch (action) {
      case "history_search":
        search("search_start");
        return true;
      case "backspace":
        search("search_backspace");
        return true;
      case "submit":
        search("search_accept");
        submit();
        return true;
      case "abort":
        search("search_accept");
        return true;
      case "clear_or_exit":
        search("search_cancel");
        return true;
      default:
        search("search_accept");
        return false;
    }
  };
}
