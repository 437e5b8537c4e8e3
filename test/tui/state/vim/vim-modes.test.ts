// The vim mode's modes and its place in the store: INSERT at start, Esc to NORMAL, v and V, the
// footer's label, j and k reaching history at the prompt's first and last line, the store's
// actions, and /hotkeys listing the vim keys only while vim mode is on.
import { describe, expect, it } from "vitest";
import { initialEditor } from "../../../../src/tui/state/editor.js";
import { createInitialState, reduce } from "../../../../src/tui/state/reducer.js";
import { initialVim, vimModeLabel } from "../../../../src/tui/state/vim/vim-types.js";
import { hotkeysText } from "../../../../src/tui/slash/hotkeys-text.js";
import { DEFAULT_KEYMAP } from "../../../../src/tui/input/keymap.js";
import { editorAt, marked, press } from "./vim-keys-helper.js";

const PALETTE = { name: "dark", level: 0 } as const;

describe("vim modes", () => {
  it("starts in INSERT; Esc goes to NORMAL one character left; the footer names each mode", () => {
    const start = { editor: editorAt("abc|"), vim: initialVim };
    expect(vimModeLabel(start.vim)).toBe("INSERT");
    const normal = press(start, "<esc>");
    expect(normal.vim.mode).toBe("normal");
    expect(marked(normal.editor)).toBe("ab|c");
    expect(vimModeLabel(normal.vim)).toBe("NORMAL");
    expect(vimModeLabel(press(normal, "d2").vim)).toBe("NORMAL d2");
    expect(vimModeLabel(press(normal, "v").vim)).toBe("VISUAL");
    expect(vimModeLabel(press(normal, "V").vim)).toBe("VISUAL LINE");
    expect(press(normal, "v<esc>").vim.mode).toBe("normal");
    expect(press(normal, "vV").vim.mode).toBe("visual_line");
    expect(press(normal, "vv").vim.mode).toBe("normal");
  });

  it("Esc in NORMAL drops a pending command and changes nothing", () => {
    const r = press("|one two", "d2<esc>w");
    expect(r.vim.pending).toEqual([]);
    expect(marked(r.editor)).toBe("one |two");
  });

  it("an unknown key drops the pending command", () => {
    const r = press("|one two", "dQx");
    expect(marked(r.editor)).toBe("|ne two");
  });

  it("j and k move inside the prompt and recall history at its last and first line", () => {
    const history = ["first prompt", "second prompt"];
    const editor = { ...editorAt("line one\nline |two"), history };
    const up = press({ editor, vim: { ...initialVim, mode: "normal" } }, "k");
    expect(marked(up.editor)).toBe("line |one\nline two");
    const recalled = press(up, "k");
    expect(recalled.editor.text).toBe("second prompt");
    expect(recalled.editor.historyIndex).toBe(1);
    // Back down past the newest entry gives the draft again.
    const back = press(recalled, "j");
    expect(back.editor.text).toBe("line one\nline two");
    expect(back.editor.historyIndex).toBeUndefined();
  });

  it("an operator with j or k at the edge does nothing (no history)", () => {
    const r = press(
      { editor: { ...editorAt("only |line"), history: ["old"] }, vim: { ...initialVim, mode: "normal" } },
      "dj",
    );
    expect(marked(r.editor)).toBe("only |line");
  });

  it("a burst of text after i is typed (the rest of a read after the command)", () => {
    expect(marked(press("|", "ihello<esc>").editor)).toBe("hell|o");
  });
});

describe("vim in the store", () => {
  const state = createInitialState(80, 24, PALETTE);

  it("/vim's action turns it on in INSERT and off again", () => {
    const on = reduce(state, { type: "vim", op: { op: "enable", on: true } });
    expect(on.vim?.mode).toBe("insert");
    expect(reduce(on, { type: "vim", op: { op: "enable", on: false } }).vim).toBeUndefined();
  });

  it("a key edits the store's editor; NORMAL ends VISUAL before a send", () => {
    let s = reduce(state, { type: "vim", op: { op: "enable", on: true } });
    s = { ...s, editor: { ...initialEditor, text: "abc", cursor: 3 } };
    for (const key of ["escape", "0", "x", "v", "l"]) s = reduce(s, { type: "vim", op: { op: "key", key } });
    expect(s.editor.text).toBe("bc");
    expect(s.vim?.mode).toBe("visual");
    s = reduce(s, { type: "vim", op: { op: "normal" } });
    expect(s.vim?.mode).toBe("normal");
  });

  it("keys without vim mode change nothing", () => {
    expect(reduce(state, { type: "vim", op: { op: "key", key: "x" } })).toBe(state);
  });
});

describe("/hotkeys and vim mode", () => {
  it("lists the vim keys only while vim mode is on", () => {
    expect(hotkeysText(DEFAULT_KEYMAP, undefined, true)).toContain("Vim mode (/vim; the footer shows the mode):");
    expect(hotkeysText(DEFAULT_KEYMAP, undefined, true)).toMatch(/objects\s+iw aw/);
    expect(hotkeysText(DEFAULT_KEYMAP, undefined, false)).not.toContain("objects");
    expect(hotkeysText(DEFAULT_KEYMAP, undefined, false)).toContain("Vim mode: off (/vim turns it on)");
  });
});

describe("vim and the editor's text replaced from outside", () => {
  const on = reduce(createInitialState(80, 24, PALETTE), { type: "vim", op: { op: "enable", on: true } });
  const typed = (s: typeof on, keys: string[]) =>
    keys.reduce((acc, key) => reduce(acc, { type: "vim", op: { op: "key", key } }), s);

  it("a cleared prompt (sent, Ctrl+C) ends VISUAL and a pending command", () => {
    let s = { ...on, editor: { ...initialEditor, text: "abc def", cursor: 7 } };
    s = typed(s, ["escape", "0", "v", "e"]);
    expect(s.vim?.mode).toBe("visual");
    s = reduce(s, { type: "editor", op: { op: "clear" } });
    expect(s.vim?.mode).toBe("normal");
    s = typed({ ...s, editor: { ...s.editor, text: "xyz", cursor: 0 } }, ["d"]);
    s = reduce(s, { type: "editor", op: { op: "set", text: "given back", keepUndo: false } });
    expect(s.vim?.pending).toEqual([]);
    // NORMAL's cursor on the last character, not past it.
    expect(s.editor.cursor).toBe(9);
  });

  it("u in a new prompt never brings back the one sent; an insert under way when it was sent ends", () => {
    let s = { ...on, editor: { ...initialEditor, text: "old", cursor: 3 } };
    s = typed(s, ["escape", "A", "!"]);
    expect(s.editor.text).toBe("old!");
    s = reduce(s, { type: "editor", op: { op: "clear" } });
    expect(s.vim?.insert).toBeUndefined();
    s = typed(s, ["n", "e", "w", "escape", "u"]);
    expect(s.editor.text).toBe("new");
  });
});
