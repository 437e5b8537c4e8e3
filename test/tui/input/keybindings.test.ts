// keybindings.json: parsed with the line of every problem, applied over the defaults (unknown
// names, impossible keys and conflicts leave the keys in force), and resolved as the views do.
import { describe, expect, it } from "vitest";
import type { Key } from "ink";
import { parseKeyBindings } from "../../../src/tui/input/keybindings-parse.js";
import { parseUserKey } from "../../../src/tui/input/key-names.js";
import { DEFAULT_KEYMAP, KEY_CONTEXTS, resolveEditorKey, resolveViewKey } from "../../../src/tui/input/keymap.js";
import { applyKeyBindings } from "../../../src/tui/input/user-keymap.js";
import { controlKeypress, codepointKeypress } from "../../../src/tui/input/key-chunks.js";

const plain: Key = controlKeypress("a").key;
const key = (over: Partial<Key>): Key => ({ ...plain, ctrl: false, ...over });

function apply(text: string, previous = DEFAULT_KEYMAP) {
  return applyKeyBindings(parseKeyBindings(text), previous);
}

const editorKeys = (keymap: typeof DEFAULT_KEYMAP, action: string): string[] | undefined =>
  keymap.editor.bindings.find((b) => b.action === action)?.keys;

describe("key names", () => {
  it("canonicalises chords and aliases to the names keypresses get", () => {
    expect(parseUserKey("Ctrl+G", "editor")).toEqual({ key: "ctrl+g" });
    expect(parseUserKey("shift+ctrl+meta+x", "editor")).toEqual({ key: "ctrl+alt+shift+x" });
    expect(parseUserKey("ctrl+X", "editor")).toEqual({ key: "ctrl+x" });
    expect(parseUserKey("ctrl+shift+x", "editor")).toEqual({ key: "ctrl+shift+x" });
    expect(parseUserKey("option+Return", "editor")).toEqual({ key: "alt+enter" });
    expect(parseUserKey("page_up", "picker")).toEqual({ key: "pageup" });
    expect(parseUserKey("esc", "view")).toEqual({ key: "escape" });
    expect(parseUserKey("shift+g", "view")).toEqual({ key: "G" });
    expect(parseUserKey("+", "view")).toEqual({ key: "+" });
    expect(parseUserKey("ctrl++", "editor")).toEqual({ key: "ctrl++" });
  });

  it("refuses keys no keypress can be", () => {
    for (const [k, context] of [
      ["x", "editor"],
      ["shift+x", "picker"],
      ["super+x", "editor"],
      ["hyper+a", "view"],
      ["f13", "editor"],
      ["ctrl+", "editor"],
      ["alt+escape", "editor"],
      ["ctrl+ctrl+a", "editor"],
      ["wheel_up", "view"],
      ["", "editor"],
    ] as const)
      expect(parseUserKey(k, context), `${k} in ${context}`).toHaveProperty("error");
  });
});

describe("parseKeyBindings", () => {
  it("reports unknown actions and impossible keys with their lines; the defaults stay for those", () => {
    const text = [
      "{",
      '  "open_transcript": ["ctrl+g"],',
      '  "no_such_action": ["ctrl+x"],',
      '  "submit": [',
      '    "enter",',
      '    "hyper+q"',
      "  ]",
      "}",
    ].join("\n");
    const { keymap, problems } = apply(text);
    expect(problems).toEqual([
      { line: 2, message: expect.stringMatching(/"ctrl\+g" is already external_editor's/) },
      { line: 3, message: expect.stringContaining('unknown action "no_such_action"') },
      { line: 6, message: expect.stringContaining('"hyper+q"') },
    ]);
    expect(editorKeys(keymap, "open_transcript")).toEqual(["ctrl+o"]);
    expect(editorKeys(keymap, "submit")).toEqual(["enter"]);
    expect(keymap.editor.fromFile.size).toBe(0);
  });

  it("rebinds, unbinds with [], and marks what came from the file", () => {
    const { keymap, problems } = apply('{\n "open_transcript": ["ctrl+y", "alt+shift+t"],\n "external_editor": []\n}');
    expect(problems).toEqual([]);
    expect(editorKeys(keymap, "open_transcript")).toEqual(["ctrl+y", "alt+shift+t"]);
    expect(editorKeys(keymap, "external_editor")).toEqual([]);
    expect([...keymap.editor.fromFile].sort()).toEqual(["external_editor", "open_transcript"]);
    expect(resolveEditorKey("y", key({ ctrl: true }), keymap)).toEqual({ action: "open_transcript" });
    expect(resolveEditorKey("o", key({ ctrl: true }), keymap)).toBeUndefined();
    expect(resolveEditorKey("g", key({ ctrl: true }), keymap)).toBeUndefined();
    // The chord arrives as kitty reports it: ESC [ 84 ; 4 u (alt+shift, "T").
    const chord = codepointKeypress(116, 4);
    expect(chord && resolveEditorKey(chord.input, chord.key, keymap)).toEqual({ action: "open_transcript" });
    // The defaults are untouched.
    expect(resolveEditorKey("o", key({ ctrl: true }))).toEqual({ action: "open_transcript" });
  });

  it("reports a conflict in one context with the later entry's line, and leaves that entry's keys as they were", () => {
    const text = '{\n  "history_search": ["ctrl+y"],\n  "open_transcript": ["ctrl+y"],\n  "view.close": ["ctrl+r"]\n}';
    const { keymap, problems } = apply(text);
    expect(problems).toEqual([{ line: 3, message: expect.stringMatching(/"ctrl\+y".*history_search/) }]);
    expect(editorKeys(keymap, "open_transcript")).toEqual(["ctrl+o"]);
    expect(editorKeys(keymap, "history_search")).toEqual(["ctrl+y"]);
    // Another context may use the same key.
    expect(resolveViewKey("r", key({ ctrl: true }), keymap)).toBe("close");
    // A key a default still holds: the file's entry gives way.
    const second = apply('{\n\n "cycle_model": ["ctrl+t"]\n}');
    expect(second.problems).toEqual([{ line: 3, message: expect.stringContaining("toggle_thinking") }]);
    expect(editorKeys(second.keymap, "cycle_model")).toEqual(["ctrl+p"]);
  });

  it("a file that is not a JSON object: one problem with its line, nothing changes", () => {
    const before = apply('{"open_transcript": ["ctrl+y"]}').keymap;
    const broken = apply('{\n  "open_transcript": ["ctrl+g"],\n  oops\n}', before);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]?.message).toMatch(/not valid JSON/);
    expect(broken.problems[0]?.line).toBe(3);
    expect(broken.keymap).toBe(before);
    expect(apply("[1]").problems[0]?.message).toMatch(/not a JSON object/);
  });

  it("read again, an entry with a problem keeps the keys the last good file gave it", () => {
    const before = apply('{"open_transcript": ["ctrl+y"]}').keymap;
    const after = apply('{"open_transcript": ["ctrl+y", "super+y"]}', before).keymap;
    expect(editorKeys(after, "open_transcript")).toEqual(["ctrl+y"]);
    expect(after.editor.fromFile.has("open_transcript")).toBe(true);
    // Its entry gone, an action is back on its defaults.
    expect(editorKeys(apply("{}", before).keymap, "open_transcript")).toEqual(["ctrl+o"]);
  });

  it("every shown action of every context can be bound by the name /hotkeys gives it", () => {
    for (const [context, rows] of Object.entries(KEY_CONTEXTS)) {
      for (const b of rows.filter((r) => r.help !== "")) {
        const name = context === "editor" ? b.action : `${context}.${b.action}`;
        const { problems, keymap } = apply(JSON.stringify({ [name]: ["ctrl+alt+z"] }));
        expect(problems, name).toEqual([]);
        const table = keymap[context as keyof typeof keymap];
        expect(table.index.get("ctrl+alt+z"), name).toBe(b.action);
      }
    }
  });

  it("the defaults have no conflicts of their own", () => {
    for (const [context, rows] of Object.entries(KEY_CONTEXTS)) {
      const keys = rows.flatMap((r) => r.keys);
      expect(new Set(keys).size, context).toBe(keys.length);
    }
  });
});
