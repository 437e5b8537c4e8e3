// Colours under a pty: the light palette when the terminal says its background is light
// (COLORFGBG) or the theme setting asks for it, downsampled to 16 colours on a 16-colour TERM;
// no colour at all with theme mono or NO_COLOR, the highlighted code block included, while
// NO_COLOR keeps bold, underline, italic and inverse.
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { KEYS } from "./pty-harness.js";
import { BUILT, FAKE_MODEL, submitLine, withTuiSession, type TuiSessionOptions } from "./tui-session.js";

const SCRIPT: FakeStep[] = [
  { kind: "text", chunks: ["# Heading\n\n", "```ts\nconst answer = 42;\n```\n\n", "Done with code."], delayMs: 5 },
];
/** The dark palette uses the terminal's 16 colours only: a 256-colour code means another palette. */
const COLOUR_256 = /\u001b\[38;5;\d+m/;
const ANY_COLOUR = /\u001b\[(3[0-7]|9[0-7]|38;[25];[0-9;]+)m/;

/** Ask for the code block, wait for it, return everything the TUI wrote. */
async function outputWith(o: TuiSessionOptions): Promise<string> {
  let raw = "";
  await withTuiSession(SCRIPT, { args: [...FAKE_MODEL, "--no-session"], ...o }, async ({ tui }) => {
    await tui.type("show code");
    tui.write(KEYS.enter);
    await tui.waitForText("Done with code.");
    await tui.waitForText("const answer = 42;");
    raw = tui.output();
  });
  return raw;
}

describe.skipIf(!BUILT)("themes under a pty", () => {
  it("a light background (COLORFGBG) picks the light palette, in 256 colours on a 256-colour terminal", async () => {
    const light = await outputWith({ env: { COLORFGBG: "0;15" } });
    expect(light).toMatch(COLOUR_256);
    const dark = await outputWith({ env: { COLORFGBG: "15;0" } });
    expect(dark).not.toMatch(COLOUR_256);
    expect(dark).toMatch(ANY_COLOUR);
  });

  it("a 16-colour terminal gets the light theme (settings.json) downsampled to 16 colours", async () => {
    const raw = await outputWith({ sandbox: { settings: { theme: "light" } }, env: { TERM: "xterm" } });
    expect(raw).toMatch(ANY_COLOUR);
    expect(raw).not.toMatch(/\u001b\[38;[25];/);
  });

  it("/settings sets the theme: saved in settings.json, the output that follows painted in it", async () => {
    await withTuiSession(
      SCRIPT,
      { args: [...FAKE_MODEL, "--no-session"], env: { COLORFGBG: "15;0" } },
      async ({ tui, sandbox }) => {
        expect(tui.output()).not.toMatch(COLOUR_256);
        await submitLine(tui, "/settings");
        await tui.waitForText(/^Settings(?: {2}|\s*$)/m);
        await tui.type("theme");
        await tui.waitForText(/› +Theme +auto/);
        tui.write(KEYS.enter);
        await tui.waitForText(/Theme: colours/);
        await tui.type("light");
        tui.write(KEYS.enter);
        await tui.waitForText("Theme: light (saved)");
        // The menu comes back with the new value; Esc closes it.
        await tui.waitForText(/› +Theme +light/);
        tui.write(KEYS.esc);
        await tui.waitForNoText(/^Settings(?: {2}|\s*$)/m);
        await submitLine(tui, "show code");
        await tui.waitForText("Done with code.");
        expect(tui.output()).toMatch(COLOUR_256);
        const saved = JSON.parse(
          readFileSync(join(sandbox.env["AGENT_TUI_HOME"] ?? "", "settings.json"), "utf8"),
        ) as Record<string, unknown>;
        expect(saved).toMatchObject({ theme: "light", defaultProvider: "fake" });
      },
    );
  });

  it("NO_COLOR keeps the attributes: the heading bold and underlined, inline code italic, the selection inverse", async () => {
    const script: FakeStep[] = [
      { kind: "text", chunks: ["# Heading\n\n", "Run `make all` now.\n\n", "Done with attributes."], delayMs: 5 },
    ];
    await withTuiSession(script, { args: [...FAKE_MODEL, "--no-session"], env: { NO_COLOR: "1" } }, async ({ tui }) => {
      await submitLine(tui, "show attributes");
      await tui.waitForText("Done with attributes.");
      tui.write("/");
      await tui.waitForText(/^› \/\S+/m);
      const raw = tui.output();
      expect(raw).not.toMatch(ANY_COLOUR);
      // The attributes a text was written with: the parameters of the SGR sequences just before it.
      const attributes = (text: string): Set<string> => {
        const before = raw.slice(0, raw.indexOf(text));
        const sgr = /(?:\u001b\[[0-9;]*m)+$/.exec(before)?.[0] ?? "";
        return new Set(sgr.match(/[0-9]+/g) ?? []);
      };
      expect([...attributes("Heading")]).toEqual(expect.arrayContaining(["1", "4"]));
      expect([...attributes("make all")]).toContain("3");
      // The highlighted row of the / list is inverse.
      expect(raw).toMatch(/\u001b\[(?:[0-9]+;)*7(?:;[0-9]+)*m/);
      tui.write(KEYS.ctrlC);
    });
  });

  it("theme mono and NO_COLOR write no colour, not even in highlighted code", async () => {
    expect(await outputWith({ sandbox: { settings: { theme: "mono" } } })).not.toMatch(ANY_COLOUR);
    expect(await outputWith({ env: { NO_COLOR: "1" } })).not.toMatch(ANY_COLOUR);
  });
});
