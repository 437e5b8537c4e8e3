// Which keys vim mode takes from the editor's keymap: Esc's rule (INSERT → NORMAL; in NORMAL
// with nothing pending it stays the keymap's, i.e. abort), Enter always the keymap's.
import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { routeVimKey } from "../../../src/tui/input/vim-keys.js";
import { initialEditor } from "../../../src/tui/state/editor.js";
import { initialVim, type VimState } from "../../../src/tui/state/vim/vim-types.js";
import { inkKey } from "../helpers/ink-key.js";

const key = inkKey;

const NORMAL: VimState = { ...initialVim, mode: "normal" };
const route = (vim: VimState, input: string, k: Partial<Key> = {}, editor = initialEditor) =>
  routeVimKey(vim, editor, input, key(k));
const ENGINE = (...keys: string[]) => ({ kind: "engine", keys });
const KEYMAP = { kind: "keymap", leaveVisual: false };

describe("vim key routing", () => {
  it("INSERT: Esc to the engine, everything else to the keymap", () => {
    expect(route(initialVim, "", { escape: true })).toEqual(ENGINE("escape"));
    expect(route(initialVim, "a")).toEqual(KEYMAP);
    expect(route(initialVim, "\r", { return: true })).toEqual(KEYMAP);
  });

  it("INSERT: Esc and a key in one read (Alt+key) is Esc, then that key in NORMAL; Alt+Enter stays the keymap's", () => {
    expect(route(initialVim, "v", { meta: true })).toEqual(ENGINE("escape", "v"));
    expect(route(initialVim, "0", { meta: true })).toEqual(ENGINE("escape", "0"));
    expect(route(initialVim, "\r", { meta: true, return: true })).toEqual(KEYMAP);
    expect(route(initialVim, "b", { meta: true, ctrl: true })).toEqual(KEYMAP);
  });

  it("NORMAL: Esc with nothing pending is the keymap's (abort); with a pending command it cancels it", () => {
    expect(route(NORMAL, "", { escape: true })).toEqual(KEYMAP);
    expect(route({ ...NORMAL, pending: ["d"] }, "", { escape: true })).toEqual(ENGINE("escape"));
    expect(route({ ...NORMAL, mode: "visual" }, "", { escape: true })).toEqual(ENGINE("escape"));
  });

  it("NORMAL: characters one by one, Ctrl+R redo, Backspace left; Enter and Ctrl keys stay the keymap's", () => {
    expect(route(NORMAL, "d2w")).toEqual(ENGINE("d", "2", "w"));
    expect(route(NORMAL, "r", { ctrl: true })).toEqual(ENGINE("ctrl+r"));
    expect(route(NORMAL, "", { backspace: true })).toEqual(ENGINE("backspace"));
    expect(route(NORMAL, "", { delete: true })).toEqual(ENGINE("backspace"));
    expect(route(NORMAL, "\r", { return: true })).toEqual(KEYMAP);
    expect(route(NORMAL, "c", { ctrl: true })).toEqual(KEYMAP);
  });

  it("VISUAL: a keymap key (Enter) ends the selection first", () => {
    expect(route({ ...NORMAL, mode: "visual" }, "\r", { return: true })).toEqual({ kind: "keymap", leaveVisual: true });
  });

  it("a paste and Ctrl+R's search keep their own keys", () => {
    expect(route(NORMAL, "x", {}, { ...initialEditor, pasting: true })).toEqual(KEYMAP);
    const search = { query: "", index: undefined, draft: "", draftCursor: 0 };
    expect(route(NORMAL, "x", {}, { ...initialEditor, search })).toEqual(KEYMAP);
  });
});
