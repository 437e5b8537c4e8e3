// The completion list under the editor, as pure data: the token being completed (`/name` or
// `@path`), its ranked candidates as a picker list (selection, scroll window: the pickers'
// state), and the edit that Tab or Enter applies. The driver computes it, keys move it.
import { type PickerItem, createPickerState, selectedItem } from "../state/picker-state.js";
import type { CompletionMenu } from "../state/types.js";
import { filterSuggestions, type SlashSuggestion, slashQuery } from "../slash/completion.js";
import { atReplacement, atToken, rankPaths } from "./at-completion.js";

export type MenuSources = {
  slash: () => readonly SlashSuggestion[];
  /** Candidate paths, or undefined while they are being fetched (the menu says so). */
  files: () => readonly string[] | undefined;
  /** A line shown under file candidates (where they come from), if any. */
  filesNote?: () => string | undefined;
};

const SOURCE_TAG: Record<SlashSuggestion["source"], string> = {
  builtin: "",
  extension: "extension",
  prompt: "prompt",
  skill: "skill",
};

function slashItems(items: readonly SlashSuggestion[]): PickerItem[] {
  return items.map((s) => {
    const tag = SOURCE_TAG[s.source];
    return { id: s.name, label: `/${s.name}`, detail: tag === "" ? s.description : `${s.description} (${tag})` };
  });
}

function pathItems(paths: readonly string[]): PickerItem[] {
  return paths.map((p) => ({ id: p, label: p }));
}

/** The menu for the editor text at `cursor`, or undefined when nothing is being completed. */
export function computeMenu(text: string, cursor: number, sources: MenuSources): CompletionMenu | undefined {
  const q = slashQuery(text, cursor);
  if (q !== undefined) {
    const items = filterSuggestions(sources.slash(), q);
    if (items.length === 0 || (items.length === 1 && items[0]?.name === q)) return undefined;
    return {
      kind: "slash",
      start: 0,
      end: cursor,
      query: q,
      list: createPickerState("commands", slashItems(items)),
      note: undefined,
    };
  }
  const tok = atToken(text, cursor);
  if (!tok) return undefined;
  const files = sources.files();
  const note = sources.filesNote?.();
  if (files === undefined)
    return {
      kind: "at",
      start: tok.start,
      end: cursor,
      query: tok.query,
      list: createPickerState("files", []),
      note: "reading the worker's files…",
    };
  const items = rankPaths(files, tok.query);
  if (items.length === 0 || (items.length === 1 && items[0] === tok.query)) return undefined;
  return {
    kind: "at",
    start: tok.start,
    end: cursor,
    query: tok.query,
    list: createPickerState("files", pathItems(items)),
    note,
  };
}

/**
 * What Tab or Enter does with the selected candidate: the text replacing the token and whether
 * the editor is then sent. Enter runs a command (`/name`); Tab leaves it to type arguments
 * (`/name `). A path is inserted either way (Enter must not send a half-written prompt).
 */
export function menuEdit(
  menu: CompletionMenu,
  how: "tab" | "enter",
): { start: number; end: number; text: string; submit: boolean } | undefined {
  const item = selectedItem(menu.list);
  if (!item) return undefined;
  if (menu.kind === "slash")
    return {
      start: menu.start,
      end: menu.end,
      text: how === "enter" ? `/${item.id}` : `/${item.id} `,
      submit: how === "enter",
    };
  return { start: menu.start, end: menu.end, text: atReplacement(item.id), submit: false };
}
