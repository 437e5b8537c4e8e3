// The help agent-tui shows when no model provider is configured, under a pty at two widths: a
// wrapped bullet continues under its text (not at the notice's edge), and the models.json
// example, copied off the screen, is valid JSON (it is never broken inside a string).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnTui } from "./pty-harness.js";
import { BUILT } from "./tui-session.js";

/** The rows of the example: from a row that is only "{" to the row that is only "}" in the same column. */
function exampleRows(screen: readonly string[]): string[] {
  const start = screen.findIndex((r) => r.trim() === "{");
  const column = screen[start]?.indexOf("{");
  const end = screen.findIndex((r, i) => i > start && r.trim() === "}" && r.indexOf("}") === column);
  return start >= 0 && end > start ? screen.slice(start, end + 1) : [];
}

describe.skipIf(!BUILT)("the no-provider help under a pty", () => {
  for (const cols of [80, 52]) {
    it(`at ${cols} columns: hanging bullets and a models.json example that parses`, async () => {
      const home = mkdtempSync(join(tmpdir(), "no-provider-"));
      // No API key and no models.json: the bundled agent falls back to the demo model.
      const env = {
        HOME: home,
        AGENT_TUI_HOME: join(home, ".agent-tui"),
        PATH: process.env["PATH"] ?? "",
        TERM: "xterm-256color",
      };
      const tui = spawnTui({ args: ["--no-session"], cwd: home, env, cols, rows: 50 });
      try {
        await tui.waitForText("then pick it with /model", 20_000);
        const screen = tui.screen();
        const json = exampleRows(screen).join("\n");
        expect(() => JSON.parse(json), json).not.toThrow();
        expect(JSON.parse(json)).toHaveProperty(["providers", "local", "baseUrl"], "http://localhost:11434/v1");
        // Every bullet that wrapped goes on in the column its text starts in.
        const bullets = screen.map((r, i) => ({ r, i })).filter(({ r }) => /^\s*• /.test(r));
        expect(bullets.length).toBe(3);
        let wrapped = 0;
        for (const { r, i } of bullets) {
          const textColumn = r.indexOf("• ") + 2;
          const next = screen[i + 1] ?? "";
          if (/^\s*• /.test(next) || /^\s*(then pick|\{)/.test(next)) continue;
          wrapped += 1;
          expect(next.length - next.trimStart().length, `${r}\n${next}`).toBe(textColumn);
        }
        expect(wrapped).toBeGreaterThan(0);
      } finally {
        tui.kill();
        rmSync(home, { recursive: true, force: true });
      }
    }, 30_000);
  }
});
