// The highlighter (highlight.js with every grammar) is not loaded by the modules
// the first screen needs; it loads when a code block is first highlighted and then highlights.
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const requireCache = createRequire(import.meta.url).cache;
const loaded = (): boolean => Object.keys(requireCache).some((k) => k.includes("/highlight.js/"));

// Unit files share a worker (vitest.config.ts): another file may have highlighted code already.
// Start as a fresh process would: our modules re-evaluated (highlight.ts's memo empty) and
// highlight.js out of the require cache.
beforeAll(() => {
  vi.resetModules();
  for (const key of Object.keys(requireCache)) if (key.includes("/highlight.js/")) delete requireCache[key];
});

describe("highlighter loading", () => {
  it("is deferred until a code block needs it", async () => {
    const { renderMarkdown } = await import("../../../src/tui/render/markdown.js");
    const { highlightCode } = await import("../../../src/tui/render/highlight.js");
    expect(loaded()).toBe(false);
    expect(renderMarkdown("Just a paragraph, no code.", 80, PALETTE).join("\n")).toContain("Just a paragraph");
    expect(loaded()).toBe(false);
    const code = "const answer = 42;\n";
    const out = highlightCode(code, "ts", PALETTE);
    expect(loaded()).toBe(true);
    // Coloured (in the palette's colours), and the same text underneath.
    expect(out).not.toBe(code);
    expect(out.replace(/\u001b\[[0-9;]*m/g, "")).toBe(code);
    expect(highlightCode(code, "no-such-language", PALETTE)).toBe(code);
  });
});
