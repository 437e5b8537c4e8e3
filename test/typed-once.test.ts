// Typed once: the bridge decodes what the worker sends and hands the TUI typed values, so src/tui
// defines no record guard of its own and has no `json-values` module; each layer has at most one
// record guard; and `as unknown as` (a cast no check backs) stays rare, each with its reason.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "..", "src");
const MAX_DOUBLE_CASTS = 3;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const relativePath = (path: string): string => relative(SRC, path).split(sep).join("/");
const files = listFiles(SRC).map((path) => ({ path: relativePath(path), text: readFileSync(path, "utf8") }));
const layerOf = (path: string): string => path.split("/")[0] ?? "";

/** Names of the record guards `text` defines (`function isRecord(`, `const isObject = (`…). */
function recordGuards(text: string): string[] {
  const definition = /^\s*(?:export\s+)?(?:function\s+(isRecord|isObject)\s*\(|const\s+(isRecord|isObject)\s*=\s*\()/gm;
  return [...text.matchAll(definition)].map((m) => m[1] ?? m[2] ?? "");
}

/** `as unknown as` casts of `text`: line (1-based), and whether a comment is on that line or the one before. */
function doubleCasts(text: string): { line: number; reasoned: boolean }[] {
  const lines = text.split("\n");
  const out: { line: number; reasoned: boolean }[] = [];
  lines.forEach((line, i) => {
    if (!line.includes("as unknown as")) return;
    const before = lines[i - 1] ?? "";
    out.push({ line: i + 1, reasoned: /\/\/|\/\*|\*\//.test(line) || /^\s*(\/\/|\*|\/\*)/.test(before) });
  });
  return out;
}

describe("the checks themselves", () => {
  it("find guard definitions and unexplained casts", () => {
    const source = "const isRecord = (v: unknown) => true;\nexport function isObject(v: unknown) {}\nisRecord(x);";
    expect(recordGuards(source)).toEqual(["isRecord", "isObject"]);
    const casts = doubleCasts("a as unknown as B;\n// why\nc as unknown as D;\ne as unknown as F; // why");
    expect(casts).toEqual([
      { line: 1, reasoned: false },
      { line: 3, reasoned: true },
      { line: 4, reasoned: true },
    ]);
  });
});

describe("typed once", () => {
  it("src/tui defines no record guard: it gets typed values from the bridge", () => {
    const found = files.filter((f) => layerOf(f.path) === "tui" && recordGuards(f.text).length > 0).map((f) => f.path);
    expect(found, "use the bridge's typed values (or its exported isRecord for the TUI's own files)").toEqual([]);
  });

  it("src/tui has no json-values module", () => {
    const modules = files.filter((f) => f.path.startsWith("tui/") && /(^|\/)json-values\.tsx?$/.test(f.path));
    expect(modules.map((f) => f.path)).toEqual([]);
  });

  it("each layer defines at most one record guard", () => {
    const byLayer = new Map<string, string[]>();
    for (const f of files) {
      const defined = recordGuards(f.text).map((name) => `${f.path} ${name}`);
      byLayer.set(layerOf(f.path), [...(byLayer.get(layerOf(f.path)) ?? []), ...defined]);
    }
    const twice = [...byLayer.values()].filter((defs) => defs.length > 1);
    expect(twice, "import the protocol's isObject or the bridge's isRecord instead").toEqual([]);
  });

  it(`\`as unknown as\` appears at most ${MAX_DOUBLE_CASTS} times in src/, each with its reason beside it`, () => {
    const casts = files.flatMap((f) => doubleCasts(f.text).map((c) => ({ ...c, at: `${f.path}:${c.line}` })));
    expect(
      casts.filter((c) => !c.reasoned).map((c) => c.at),
      "say why no check can replace the cast",
    ).toEqual([]);
    expect(casts.length, casts.map((c) => c.at).join("\n")).toBeLessThanOrEqual(MAX_DOUBLE_CASTS);
  });
});
