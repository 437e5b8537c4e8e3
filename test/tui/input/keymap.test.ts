// The keymap: every named action resolves from one table; dialogs and the transcript view have their own bindings.
import { describe, expect, it } from "vitest";
import type { Key } from "ink";
import {
  EDITOR_BINDINGS,
  VIEW_BINDINGS,
  resolveDialogKey,
  resolvePickerKey,
  resolveViewKey,
  viewKeypresses,
  resolveEditorKey,
} from "../../../src/tui/input/keymap.js";
import { dialogKeyHelp, keyHelp, pickerKeyHelp, viewKeyHelp } from "../../../src/tui/input/key-help.js";
import { createRepeatTracker, SEQUENCE_MS } from "../../../src/tui/input/key-repeat.js";
import { resolveReviewKey } from "../../../src/tui/input/review-keymap.js";
import { inkKey } from "../helpers/ink-key.js";

const key = inkKey;

describe("keymap", () => {
  it("never inserts a lone control character: Alt+Ctrl+letter reaches it as ESC + C0, which Ink leaves unnamed", () => {
    // Ink 6.8 parses ESC U+0015 (Alt+Ctrl+U) to no name and no modifier, with the ESC stripped.
    for (const input of ["\u0015", "\u0002", "\u0007", "\u0014", "\u007f", "\u001b\u0015"]) {
      expect(resolveEditorKey(input, key()), JSON.stringify(input)).toBeUndefined();
      expect(resolvePickerKey(input, key()), JSON.stringify(input)).toBeUndefined();
      expect(resolveDialogKey(input, key(), false), JSON.stringify(input)).toBeUndefined();
    }
    expect(resolveEditorKey("a", key())).toEqual({ text: "a" });
    expect(resolveEditorKey("héllo wörld", key())).toEqual({ text: "héllo wörld" });
  });

  it("maps every named action from one table", () => {
    expect(resolveEditorKey("\r", key({ return: true }))).toEqual({ action: "submit" });
    expect(resolveEditorKey("\r", key({ return: true, meta: true }))).toEqual({ action: "follow_up" });
    expect(resolveEditorKey("f", key({ ctrl: true }))).toEqual({ action: "follow_up" });
    expect(resolveEditorKey("\r", key({ return: true, shift: true }))).toEqual({ action: "newline" });
    expect(resolveEditorKey("\n", key())).toEqual({ action: "newline" });
    expect(resolveEditorKey("", key({ escape: true, meta: true }))).toEqual({ action: "abort" });
    expect(resolveEditorKey("", key({ upArrow: true, meta: true }))).toEqual({ action: "pull_queue" });
    expect(resolveEditorKey("", key({ upArrow: true, shift: true }))).toEqual({ action: "pull_queue" });
    expect(resolveEditorKey("", key({ tab: true, shift: true }))).toEqual({ action: "cycle_thinking" });
    for (const [ch, action] of [
      ["c", "clear_or_exit"],
      ["d", "exit_or_delete"],
      ["p", "cycle_model"],
      ["o", "open_transcript"],
      ["t", "toggle_thinking"],
      ["g", "external_editor"],
      ["k", "kill_line"],
      ["u", "delete_to_line_start"],
    ] as const) {
      expect(resolveEditorKey(ch, key({ ctrl: true }))).toEqual({ action });
    }
    expect(resolveEditorKey("o", key({ meta: true }))).toEqual({ action: "toggle_tool_output" });
    expect(resolveEditorKey("[200~", key())).toEqual({ action: "paste_start" });
    // A mouse report that arrives after the transcript view closed is never typed in.
    expect(resolveEditorKey("[<64;10;5M", key())).toBeUndefined();
    expect(resolveEditorKey("hello", key())).toEqual({ text: "hello" });
  });
  it("transcript view keys: less/vim letters, named keys and the mouse wheel", () => {
    expect(resolveViewKey("j", key())).toBe("line_down");
    expect(resolveViewKey("", key({ downArrow: true }))).toBe("line_down");
    expect(resolveViewKey("G", key({ shift: true }))).toBe("bottom");
    expect(resolveViewKey("", key({ pageUp: true }))).toBe("page_up");
    expect(resolveViewKey(" ", key())).toBe("toggle_block");
    expect(resolveViewKey("\r", key({ return: true }))).toBe("toggle_block");
    expect(resolveViewKey("/", key())).toBe("search");
    expect(resolveViewKey("N", key({ shift: true }))).toBe("search_prev");
    expect(resolveViewKey("", key({ escape: true, meta: true }))).toBe("close");
    expect(resolveViewKey("o", key({ ctrl: true }))).toBe("close");
    expect(resolveViewKey("[<64;10;5M", key())).toBe("wheel_up");
    expect(resolveViewKey("[<65;10;5M", key())).toBe("wheel_down");
    expect(resolveViewKey("[<0;10;5M", key())).toBeUndefined();
    expect(resolveViewKey("x", key())).toBeUndefined();
    // Keys typed faster than one read arrive together: each character is a key of its own.
    expect(viewKeypresses("/qG", key()).map((k) => [k.input, k.key.shift])).toEqual([
      ["/", false],
      ["q", false],
      ["G", true],
    ]);
    expect(viewKeypresses("[<64;10;5M", key())).toHaveLength(1);
    expect(viewKeypresses("[?1;2c", key())).toEqual([]);
  });
  it("y/n are actions only in confirm dialogs", () => {
    expect(resolveDialogKey("y", key(), true)).toEqual({ action: "yes" });
    expect(resolveDialogKey("y", key(), false)).toEqual({ text: "y" });
  });
  it("no key is bound twice, and help lists every action with keys", () => {
    const all = EDITOR_BINDINGS.flatMap((b) => b.keys);
    expect(new Set(all).size).toBe(all.length);
    expect(keyHelp().join("\n")).toContain("alt+enter, ctrl+f");
  });
  it("/hotkeys lists both line cuts: ctrl+u to the start of the line, ctrl+k to its end", () => {
    const rows = keyHelp();
    expect(rows.find((r) => r.includes("ctrl+u"))).toContain("delete to start of line");
    expect(rows.find((r) => r.includes("ctrl+k"))).toContain("delete to end of line");
  });
  it("the help tables keep every key name inside one column, its help after two spaces", () => {
    const tables = [
      { rows: keyHelp(), bindings: EDITOR_BINDINGS },
      { rows: viewKeyHelp(), bindings: VIEW_BINDINGS },
    ];
    const columns = new Set<number>();
    for (const { rows, bindings } of tables) {
      const helps = bindings.filter((b) => b.help !== "").map((b) => b.help);
      rows.forEach((row, i) => {
        const at = row.lastIndexOf(helps[i] ?? "");
        expect(row.slice(at - 2, at), row).toBe("  ");
        columns.add(at);
      });
    }
    for (const row of [...pickerKeyHelp(), ...dialogKeyHelp()])
      expect(row.slice(0, [...columns][0]).endsWith("  "), row).toBe(true);
    expect(columns.size).toBe(1);
  });
  it("picker keys come from the keymap too: Tab moves, arrows fold the tree, letters search", () => {
    expect(resolvePickerKey("", key({ tab: true }))).toEqual({ action: "down" });
    expect(resolvePickerKey("", key({ tab: true, shift: true }))).toEqual({ action: "up" });
    expect(resolvePickerKey("", key({ pageDown: true }))).toEqual({ action: "page_down" });
    expect(resolvePickerKey("", key({ leftArrow: true }))).toEqual({ action: "fold" });
    expect(resolvePickerKey("", key({ rightArrow: true }))).toEqual({ action: "unfold" });
    expect(resolvePickerKey("o", key({ ctrl: true }))).toEqual({ action: "toggle_settings" });
    expect(resolvePickerKey("\r", key({ return: true }))).toEqual({ action: "choose" });
    expect(resolvePickerKey("y", key())).toEqual({ text: "y" });
    // A bracketed paste's markers are no key in a picker; the pasted text searches.
    expect(resolvePickerKey("[200~", key())).toBeUndefined();
    // /hotkeys lists them, Tab included.
    expect(pickerKeyHelp().some((row) => /^down, ctrl\+n, tab\s/.test(row))).toBe(true);
    expect(dialogKeyHelp().some((row) => /^down, ctrl\+n, tab\s/.test(row))).toBe(true);
  });
});

describe("keys pressed twice (Esc Esc: rewind)", () => {
  const esc = { ctrl: false, meta: false, shift: false, escape: true } as Key;
  const none = { ctrl: false, meta: false, shift: false } as Key;

  it.each([
    { presses: [0, 100], fires: [undefined, "rewind"] },
    { presses: [0, SEQUENCE_MS + 1], fires: [undefined, undefined] },
    // A third quick press starts a new pair instead of firing again.
    { presses: [0, 100, 200, 300], fires: [undefined, "rewind", undefined, "rewind"] },
  ])("escape at $presses ms gives $fires", ({ presses, fires }) => {
    const repeat = createRepeatTracker();
    expect(presses.map((at) => repeat("", esc, at))).toEqual(fires);
  });

  it("another key between the two presses breaks the pair; a key without a double binding never fires", () => {
    const repeat = createRepeatTracker();
    expect([repeat("", esc, 0), repeat("a", none, 10), repeat("", esc, 20)]).toEqual([undefined, undefined, undefined]);
    expect([repeat("\r", { ...none, return: true }, 0), repeat("\r", { ...none, return: true }, 10)]).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("names the review keys", () => {
    expect(resolveReviewKey("r", none)).toBe("revert_hunk");
    expect(resolveReviewKey("R", { ...none, shift: true })).toBe("revert_file");
    expect(resolveReviewKey(" ", none)).toBe("page_down");
    expect(resolveReviewKey("", { ...none, tab: true })).toBe("next_file");
    expect(resolveEditorKey("d", { ...none, meta: true })).toEqual({ action: "review_changes" });
  });
});
