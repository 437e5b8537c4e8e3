// Editor lines: pasted control characters never reach the terminal.
import { describe, expect, it } from "vitest";
import { editorLines } from "../../../src/tui/render/editor-lines.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";

describe("editor rendering", () => {
  it("never writes control characters from pasted text: they are drawn as placeholders", () => {
    const rows = editorLines("a\u001b[2Jb\u0007c\u202ed", 0, 40, 3);
    expect(rows.join("")).not.toMatch(/\u001b\[2J|\u0007|\u202e/);
    expect(stripSgr(rows[0] ?? "")).toContain("a␛[2Jb␇c<U+202E>d");
  });
});
