// Ctrl+R reverse search through prompt history, as in a shell: typing narrows to the newest
// prompt containing the query (case-insensitive), Ctrl+R again goes to an older one, accepting
// keeps the found prompt in the editor, cancelling puts the draft back. Pure.
import { draftImages, recalledImages } from "./history-images.js";
import type { EditorState } from "./types.js";

export type SearchOp =
  /** Start searching, or (while searching) go to the next older match. */
  | { op: "search_start" }
  | { op: "search_type"; text: string }
  | { op: "search_backspace" }
  | { op: "search_accept" }
  | { op: "search_cancel" };

/** Newest history index at or below `from` whose prompt contains `query`. */
function findOlder(history: readonly string[], query: string, from: number): number | undefined {
  const q = query.toLowerCase();
  for (let i = Math.min(from, history.length - 1); i >= 0; i -= 1) {
    if ((history[i] ?? "").toLowerCase().includes(q)) return i;
  }
  return undefined;
}

/** Show history entry `index` for `query` (cursor on the match), or keep the text when none. */
function show(s: EditorState, query: string, index: number | undefined): EditorState {
  const search = s.search;
  if (!search) return s;
  if (index === undefined) return { ...s, search: { ...search, query, index: undefined } };
  const text = s.history[index] ?? "";
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  return { ...s, text, cursor: Math.max(0, at), ...recalledImages(s, text), search: { ...search, query, index } };
}

export function reduceSearch(s: EditorState, o: SearchOp): EditorState {
  const search = s.search;
  switch (o.op) {
    case "search_start": {
      if (!search)
        return {
          ...s,
          historyIndex: undefined,
          ...draftImages(s),
          search: { query: "", index: undefined, draft: s.text, draftCursor: s.cursor },
        };
      if (search.query === "" || search.index === undefined) return s;
      const older = findOlder(s.history, search.query, search.index - 1);
      return older === undefined ? s : show(s, search.query, older);
    }
    case "search_type": {
      if (!search) return s;
      const query = search.query + o.text.replace(/[\r\n]+/g, " ");
      return show(s, query, findOlder(s.history, query, search.index ?? s.history.length - 1));
    }
    case "search_backspace": {
      if (!search) return s;
      const query = [...search.query].slice(0, -1).join("");
      if (query === "")
        return {
          ...s,
          text: search.draft,
          cursor: search.draftCursor,
          images: s.draftImages,
          search: { ...search, query, index: undefined },
        };
      return show(s, query, findOlder(s.history, query, s.history.length - 1));
    }
    case "search_accept":
      return search ? { ...s, cursor: s.text.length, search: undefined } : s;
    case "search_cancel":
      return search
        ? { ...s, text: search.draft, cursor: search.draftCursor, images: s.draftImages, search: undefined }
        : s;
    default: {
      const never: never = o;
      return never;
    }
  }
}
