// Palettes and their choice: the theme setting, COLORFGBG and the OSC 11 answer decide light or
// dark; NO_COLOR turns colour off; chalk downsamples the light palette to the terminal's level;
// mono keeps attributes only; syntax highlighting paints with the current palette.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { highlightCode } from "../../../src/tui/render/highlight.js";
import { buildPalette, refusesColour } from "../../../src/tui/render/palette.js";
import { backgroundFromOsc11, queryBackground } from "../../../src/tui/terminal/terminal-background.js";
import { backgroundFromColorFgBg, paletteFor, readThemeSetting } from "../../../src/tui/terminal/theme-choice.js";

/** Any foreground colour: 16-colour, bright, 256-colour or truecolor. */
const FG_COLOUR = /\u001b\[(3[0-7]|9[0-7]|38;[25];[0-9;]+)m/;

describe("theme choice", () => {
  it("reads the background from COLORFGBG and from an OSC 11 answer", () => {
    expect(backgroundFromColorFgBg("15;0")).toBe("dark");
    expect(backgroundFromColorFgBg("0;15")).toBe("light");
    expect(backgroundFromColorFgBg("0;default;7")).toBe("light");
    expect(backgroundFromColorFgBg("nonsense")).toBeUndefined();
    expect(backgroundFromColorFgBg(undefined)).toBeUndefined();
    expect(backgroundFromOsc11("\u001b]11;rgb:ffff/ffff/ffff\u001b\\")).toBe("light");
    expect(backgroundFromOsc11("\u001b]11;rgb:1e1e/1e1e/2e2e\u0007")).toBe("dark");
    expect(backgroundFromOsc11("\u001b]11;rgb:fd/f6/e3\u0007")).toBe("light");
    expect(backgroundFromOsc11("\u001b[?62;22c")).toBeUndefined();
  });

  it("the setting wins over the background; NO_COLOR means no colour unless FORCE_COLOR insists", () => {
    expect(paletteFor("auto", "light")).toBe("light");
    expect(paletteFor("auto", undefined)).toBe("dark");
    expect(paletteFor("mono", "light")).toBe("mono");
    expect(refusesColour({ NO_COLOR: "1" })).toBe(true);
    expect(refusesColour({ NO_COLOR: "1", FORCE_COLOR: "1" })).toBe(false);
    expect(refusesColour({ NO_COLOR: "" })).toBe(false);
    expect(paletteFor("light", "light", true)).toBe("mono");
  });

  it("NO_COLOR takes the colour away, not bold, underline, italic or inverse", () => {
    const palette = buildPalette(paletteFor("auto", "dark", refusesColour({ NO_COLOR: "1" })), 3);
    for (const paint of [...Object.values(palette.theme), ...Object.values(palette.style)])
      expect(paint("x")).not.toMatch(FG_COLOUR);
    expect(palette.theme.heading("x")).toContain("\u001b[1m");
    expect(palette.theme.heading("x")).toContain("\u001b[4m");
    expect(palette.theme.code("x")).toContain("\u001b[3m");
    expect(palette.style.inverse("x")).toContain("\u001b[7m");
  });

  it("reads the theme key of settings.json in AGENT_TUI_HOME", () => {
    const home = mkdtempSync(join(tmpdir(), "theme-setting-"));
    try {
      expect(readThemeSetting({ AGENT_TUI_HOME: home })).toBe("auto");
      writeFileSync(join(home, "settings.json"), JSON.stringify({ theme: "light" }));
      expect(readThemeSetting({ AGENT_TUI_HOME: home })).toBe("light");
      writeFileSync(join(home, "settings.json"), JSON.stringify({ theme: "neon" }));
      expect(readThemeSetting({ AGENT_TUI_HOME: home })).toBe("auto");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("palettes", () => {
  it("dark keeps the terminal's 16 colours; light is downsampled to the level; level 0 paints nothing", () => {
    expect(buildPalette("dark", 3).theme.accent("x")).toBe("\u001b[36mx\u001b[39m");
    expect(buildPalette("light", 3).theme.accent("x")).toMatch(/^\u001b\[38;2;\d+;\d+;\d+mx/);
    expect(buildPalette("light", 2).theme.accent("x")).toMatch(/^\u001b\[38;5;\d+mx/);
    expect(buildPalette("light", 1).theme.accent("x")).toMatch(/^\u001b\[(3[0-7]|9[0-7])mx/);
    expect(buildPalette("light", 0).theme.heading("x")).toBe("x");
  });

  it("mono has no colour, only attributes, and diffs keep their text", () => {
    const mono = buildPalette("mono", 3);
    const painted = Object.values(mono.theme).map((paint) => paint("x"));
    for (const p of painted) expect(p).not.toMatch(FG_COLOUR);
    expect(mono.theme.heading("x")).toBe("\u001b[1m\u001b[4mx\u001b[24m\u001b[22m");
    expect(mono.theme.diffAdd("+ added")).toBe("+ added");
  });

  it("styles and highlighting follow the palette they are given", () => {
    const mono = buildPalette("mono", 2);
    expect(mono.theme.accent("x")).toBe("\u001b[1mx\u001b[22m");
    expect(highlightCode("const answer = 'text'; // note\n", "ts", mono)).not.toMatch(FG_COLOUR);
    expect(highlightCode("const answer = 1;\n", "ts", buildPalette("dark", 0))).toBe("const answer = 1;\n");
    expect(highlightCode("const answer = 1;\n", "ts", buildPalette("light", 2))).toMatch(/\u001b\[38;5;\d+mconst/);
  });
});

describe("OSC 11 query", () => {
  it("reads the answer before the DA1 fence and hands keys typed meanwhile back to stdin", async () => {
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      isRaw: false,
      setRawMode: (raw: boolean) => Object.assign(stdin, { isRaw: raw }),
    });
    let asked = "";
    const stdout = Object.assign(new PassThrough(), { isTTY: true });
    stdout.on("data", (d: Buffer) => {
      asked += d.toString();
      stdin.write("a\u001b]11;rgb:ffff/ffff/ffff\u001b\\b\u001b[?62;22c");
    });
    const answer = await queryBackground(
      stdin as unknown as NodeJS.ReadStream,
      stdout as unknown as NodeJS.WriteStream,
      5000,
    );
    expect(answer).toBe("light");
    expect(asked).toBe("\u001b]11;?\u001b\\\u001b[c");
    expect(stdin.isRaw).toBe(false);
    expect(String(stdin.read())).toBe("ab");
  });

  it("reads a reply that came while the UI's modules held the event loop past the timeout", async () => {
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      isRaw: false,
      setRawMode: (raw: boolean) => Object.assign(stdin, { isRaw: raw }),
    });
    const stdout = Object.assign(new PassThrough(), { isTTY: true });
    const answer = queryBackground(stdin as unknown as NodeJS.ReadStream, stdout as unknown as NodeJS.WriteStream, 10);
    // The reply is due with the timeout; both are overdue once the loop is free again.
    setTimeout(() => stdin.write("\u001b]11;rgb:ffff/ffff/ffff\u001b\\\u001b[?62;22c"), 10);
    const busyUntil = Date.now() + 50;
    let spins = 0;
    while (Date.now() < busyUntil) spins++;
    expect(spins).toBeGreaterThan(0);
    expect(await answer).toBe("light");
    expect(stdin.read()).toBeNull();
  });
});
