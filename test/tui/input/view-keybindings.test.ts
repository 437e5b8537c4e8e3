// keybindings.json for the full-screen views' own keys: the review (/diff) as `review.*`, the
// fleet view as `fleet.*`; and vim mode's Esc and Ctrl+R as `vim.*`. Bare characters are keys there; unknown names and conflicts are
// reported per scope with their lines; the views resolve with the keymap in force; /hotkeys
// lists both scopes by those names with the file's keys marked.
import { describe, expect, it } from "vitest";
import type { Key } from "ink";
import { parseKeyBindings } from "../../../src/tui/input/keybindings-parse.js";
import { parseUserKey } from "../../../src/tui/input/key-names.js";
import { controlKeypress } from "../../../src/tui/input/key-chunks.js";
import { DEFAULT_KEYMAP } from "../../../src/tui/input/keymap.js";
import { fleetHint, resolveFleetKey } from "../../../src/tui/input/fleet-keymap.js";
import { resolveReviewKey, reviewHint } from "../../../src/tui/input/review-keymap.js";
import { applyKeyBindings } from "../../../src/tui/input/user-keymap.js";
import { routeVimKey } from "../../../src/tui/input/vim-keys.js";
import { hotkeysText } from "../../../src/tui/slash/hotkeys-text.js";
import { initialEditor } from "../../../src/tui/state/editor.js";
import { initialVim, type VimState } from "../../../src/tui/state/vim/vim-types.js";

const plain: Key = { ...controlKeypress("a").key, ctrl: false };
const shifted: Key = { ...plain, shift: true };

const apply = (lines: string[]) => applyKeyBindings(parseKeyBindings(lines.join("\n")));

describe("review.* and fleet.* in keybindings.json", () => {
  it("takes bare characters in both views, as in the transcript view", () => {
    expect(parseUserKey("u", "review")).toEqual({ key: "u" });
    expect(parseUserKey("shift+u", "review")).toEqual({ key: "U" });
    expect(parseUserKey("!", "fleet")).toEqual({ key: "!" });
    expect(parseUserKey("shift+1", "fleet")).toHaveProperty("error");
  });

  it("rebinds and unbinds review and fleet actions; their defaults are as before otherwise", () => {
    const { keymap, problems } = apply([
      "{",
      '  "review.revert_hunk": ["u"],',
      '  "review.reject": [],',
      '  "fleet.answer": ["enter", "A"],',
      '  "fleet.open": ["o"]',
      "}",
    ]);
    expect(problems).toEqual([]);
    expect(resolveReviewKey("u", plain, keymap)).toBe("revert_hunk");
    expect(resolveReviewKey("r", plain, keymap)).toBeUndefined();
    expect(resolveReviewKey("x", plain, keymap)).toBeUndefined();
    expect(resolveReviewKey("R", shifted, keymap)).toBe("revert_file");
    expect(resolveFleetKey("\r", { ...plain, return: true }, keymap)).toBe("answer");
    expect(resolveFleetKey("A", shifted, keymap)).toBe("answer");
    expect(resolveFleetKey("a", plain, keymap)).toBeUndefined();
    expect(resolveFleetKey("o", plain, keymap)).toBe("open");
    expect([...keymap.review.fromFile].sort()).toEqual(["reject", "revert_hunk"]);
    expect([...keymap.fleet.fromFile].sort()).toEqual(["answer", "open"]);
    // Without the file: today's keys.
    expect(resolveReviewKey("r", plain)).toBe("revert_hunk");
    expect(resolveReviewKey("x", plain, DEFAULT_KEYMAP)).toBe("reject");
    expect(resolveFleetKey("a", plain)).toBe("answer");
    expect(resolveFleetKey("\r", { ...plain, return: true })).toBe("open");
  });

  it("reports unknown names and conflicts per scope with their lines; the same key in two scopes is fine", () => {
    const { keymap, problems } = apply([
      "{",
      '  "review.revert": ["u"],',
      '  "review.revert_hunk": ["j"],',
      '  "fleet.peek": ["n"],',
      '  "fleet.stop": ["s"],',
      '  "fleet.filter": ["s"],',
      '  "view.search": ["s"]',
      "}",
    ]);
    expect(problems).toEqual([
      { line: 2, message: expect.stringContaining('unknown action "review.revert"') },
      { line: 3, message: expect.stringMatching(/"j" is already review\.next_hunk's key; review\.revert_hunk keeps/) },
      { line: 4, message: expect.stringMatching(/"n" is already fleet\.new's key; fleet\.peek keeps/) },
      { line: 6, message: expect.stringMatching(/"s" is already fleet\.stop's key; fleet\.filter keeps/) },
    ]);
    expect(resolveReviewKey("r", plain, keymap)).toBe("revert_hunk");
    expect(resolveFleetKey("p", plain, keymap)).toBe("peek");
    // fleet.stop moved to "s"; "x" is no key now.
    expect(resolveFleetKey("s", plain, keymap)).toBe("stop");
    expect(resolveFleetKey("x", plain, keymap)).toBeUndefined();
    expect(resolveFleetKey("/", plain, keymap)).toBe("filter");
    // "s" in the fleet and in the transcript view: two scopes, no conflict.
    expect(keymap.view.index.get("s")).toBe("search");
  });

  it("/hotkeys lists both scopes by the names the file takes, marking the file's keys", () => {
    const { keymap } = apply(["{", '  "review.revert_hunk": ["u"],', '  "review_changes": ["alt+r"]', "}"]);
    const rows = hotkeysText(keymap, "/home/me/keybindings.json").split("\n");
    const row = (name: string): string => rows.find((r) => r.endsWith(`[${name}]`))?.trim() ?? "";
    expect(row("review.revert_hunk")).toMatch(/^u \*\s+revert this change/);
    expect(row("review.revert_file")).toMatch(/^R\s+revert the whole file/);
    expect(row("fleet.answer")).toMatch(/^a\s+answer its question here/);
    expect(rows).toContain("In the review of changes (/diff, alt+r):");
    expect(rows).toContain("In the fleet view (/fleet, agent-tui fleet, ctrl+x):");
    expect(rows.join("\n")).not.toContain("not rebindable");
  });
});

describe("the views' hint rows", () => {
  it("show today's keys by default and the keys in force after a rebinding", () => {
    expect(reviewHint()).toBe(
      "j/k change · tab file · a keep · r revert · R revert file · x reject with a reason · q close",
    );
    expect(fleetHint()).toBe("j/k move · enter switch · a answer · p peek · x stop · n new · / filter · q close");
    const { keymap } = apply([
      "{",
      '  "review.revert_hunk": ["u"],',
      '  "review.reject": [],',
      '  "fleet.peek": ["space"]',
      "}",
    ]);
    expect(reviewHint(keymap)).toBe("j/k change · tab file · a keep · u revert · R revert file · q close");
    expect(fleetHint(keymap)).toContain("a answer · space peek · x stop");
  });
});

describe("vim.* in keybindings.json", () => {
  const esc: Key = { ...plain, escape: true };
  const ctrl: Key = { ...plain, ctrl: true };
  const NORMAL: VimState = { ...initialVim, mode: "normal" };

  it("moves vim's Esc and Ctrl+R; the defaults stay Esc and Ctrl+R", () => {
    const { keymap, problems } = apply(["{", '  "vim.normal_mode": ["ctrl+c"],', '  "vim.redo": ["ctrl+y"]', "}"]);
    expect(problems).toEqual([]);
    expect(routeVimKey(initialVim, initialEditor, "c", ctrl, keymap)).toEqual({ kind: "engine", keys: ["escape"] });
    // Esc is the editor's again in INSERT (it aborts there), as the file asked.
    expect(routeVimKey(initialVim, initialEditor, "", esc, keymap)).toEqual({ kind: "keymap", leaveVisual: false });
    expect(routeVimKey(NORMAL, initialEditor, "y", ctrl, keymap)).toEqual({ kind: "engine", keys: ["ctrl+r"] });
    expect(routeVimKey(NORMAL, initialEditor, "r", ctrl, keymap)).toEqual({ kind: "keymap", leaveVisual: false });
    expect(routeVimKey(initialVim, initialEditor, "", esc)).toEqual({ kind: "engine", keys: ["escape"] });
    expect(routeVimKey(NORMAL, initialEditor, "r", ctrl)).toEqual({ kind: "engine", keys: ["ctrl+r"] });
  });

  it("refuses a bare character and reports a conflict inside vim's scope with its line", () => {
    const { keymap, problems } = apply(["{", '  "vim.normal_mode": ["j"],', '  "vim.redo": ["escape"]', "}"]);
    expect(problems).toEqual([
      { line: 2, message: expect.stringContaining('"j" types text here') },
      { line: 3, message: expect.stringMatching(/"escape" is already vim\.normal_mode's key; vim\.redo keeps/) },
    ]);
    expect(keymap.vim.index.get("escape")).toBe("normal_mode");
    expect(keymap.vim.index.get("ctrl+r")).toBe("redo");
  });
});
