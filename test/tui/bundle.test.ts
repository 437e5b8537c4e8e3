// The bundle bin/agent-tui.js runs (npm run build, scripts/bundle-tui.mjs): Ink, React and the
// rest are inside it, React only in its production build, the patches of Ink reach the Ink the
// bundle renders with, and the highlighter (highlight.js) is its own single file that works.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/** What the TUI uses of highlight.js (src/tui/render/highlighter-engine.ts). */
type Hljs = {
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
  getLanguage(name: string): unknown;
};

const OUT = resolve(import.meta.dirname, "..", "..", "dist", "tui-bundle");
const BUILT = existsSync(join(OUT, "main.js"));
const chunks = (): string[] => (BUILT ? readdirSync(OUT).filter((f) => f.endsWith(".js")) : []);
const text = (file: string): string => readFileSync(join(OUT, file), "utf8");

describe.skipIf(!BUILT)("the TUI bundle", () => {
  it("imports no package at run time except node builtins, and holds only React's production build", () => {
    for (const file of chunks()) {
      const source = text(file);
      const packages = [...source.matchAll(/^import .*? from "([^"]+)";$|\bimport\("([^"]+)"\)/gm)].map(
        (m) => m[1] ?? m[2] ?? "",
      );
      // Ink's devtools (DEV=true only) are the one chunk that names a package it does not carry.
      const allowed = (name: string): boolean =>
        name.startsWith("node:") ||
        builtinModules.includes(name) ||
        name.startsWith("./") ||
        (file.startsWith("devtools") && name === "react-devtools-core");
      expect(
        packages.filter((name) => !allowed(name)),
        file,
      ).toEqual([]);
      expect(source, file).not.toMatch(/react(-reconciler)?\.development/);
    }
  });

  it("finds no Ink file at run time: a patch of Ink reaches the bundled Ink through ink-internals.ts", () => {
    // A module that locates node_modules/ink itself would patch a copy the bundle never renders with.
    for (const file of chunks()) expect(text(file), file).not.toContain('.resolve("ink")');
  });

  it("installs both patches of Ink on the bundled Ink", async () => {
    // The patches are bundled with ink-writer-switch, whose chunk main.ts imports before the first frame.
    const file = chunks().find((f) => f.startsWith("ink-writer-switch-"));
    expect(file).toBeDefined();
    const mod = (await import(pathToFileURL(join(OUT, file ?? "")).href)) as Record<string, unknown>;
    const install = Object.values(mod).find(
      (v): v is (writer: string) => Promise<unknown> => typeof v === "function" && v.name === "installInkWriter",
    );
    expect(await install?.("own")).toEqual({ rowCache: true, instanceHooks: true });
  });

  it("carries highlight.js as one file that highlights", () => {
    const engine = createRequire(import.meta.url)(join(OUT, "highlight.cjs")) as Hljs;
    expect(engine.getLanguage("typescript")).toBeDefined();
    expect(engine.highlight("const answer = 1;", { language: "typescript", ignoreIllegals: true }).value).toContain(
      "answer",
    );
  });

  it("keeps highlight.js's grammars out of that file: each is its own, required on first use", () => {
    // A distinctive part of one grammar: in its own file, not in the highlighter's.
    expect(text("highlight.cjs")).not.toContain("Dockerfile");
    expect(readFileSync(join(OUT, "highlight-languages", "dockerfile.cjs"), "utf8")).toContain("Dockerfile");
  });

  it("highlights as the whole highlight.js does: embedded languages too, every language and alias", () => {
    const require = createRequire(import.meta.url);
    const whole = createRequire(require.resolve("cli-highlight"))("highlight.js") as Hljs & {
      listLanguages(): string[];
    };
    const file = join(OUT, "highlight.cjs");
    /** A copy that has registered no grammar yet. */
    const fresh = (): Hljs & { listLanguages(): string[] } => {
      delete require.cache[file];
      return require(file) as Hljs & { listLanguages(): string[] };
    };
    // HTML embeds CSS and JavaScript; markdown embeds HTML; http detects its body among all languages.
    const samples: [string, string][] = [
      ["html", '<style>p { color: red; }</style><script>const a = `x` + 1;</script><p class="x">hi</p>'],
      ["markdown", "# Title\n\n<div>html</div>\n\n```js\nlet b = 2;\n```"],
      ["http", 'POST /x HTTP/1.1\nContent-Type: application/json\n\n{"a": [1, 2]}'],
      ["tsx", "export const C = () => <div style={{ a: 1 }}>{'x'}</div>;"],
      ["sh", 'for f in *.ts; do echo "$f"; done'],
      ["dockerfile", "FROM node:20\nRUN npm ci && echo ok"],
    ];
    for (const [language, code] of samples) {
      const options = { language, ignoreIllegals: true };
      expect(fresh().highlight(code, options).value, language).toBe(whole.highlight(code, options).value);
    }
    const lazy = fresh();
    const names = whole.listLanguages();
    expect(lazy.listLanguages().sort()).toEqual([...names].sort());
    const aliases = names.flatMap(
      (name) => (whole.getLanguage(name) as { aliases?: string[] } | undefined)?.aliases ?? [],
    );
    for (const name of [...names, ...aliases, "TS", "Shell"]) expect(lazy.getLanguage(name), name).toBeDefined();
    expect(lazy.getLanguage("no-such-language")).toBeUndefined();
  });
});
