// No import circles: inside the checked areas of src/, the files import each other one way only, type-only
// and dynamic imports included, so each file can be read (and loaded) after the files it imports. A circle
// is a strongly connected component of the import graph with more than one file, or a file importing itself.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "..", "src");

/** The areas of src/ kept free of circles: all of them. */
const CHECKED = ["agent", "bridge", "protocol", "tui"];

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

// The same matching as test/import-rules.test.ts, static, type-only and dynamic imports alike.
const IMPORT_RE = new RegExp(
  [
    String.raw`(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']`, // import / import type / export ... from "x"
    String.raw`import\(\s*["']([^"']+)["']\s*\)`, // import("x"), also in `typeof import("x")`
    String.raw`import\s+["']([^"']+)["']`, // import "x"
  ].join("|"),
  "g",
);

/** The source file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`), if it is one of `files`. */
function resolveSpecifier(from: string, spec: string, files: Set<string>): string | undefined {
  const target = resolve(dirname(from), spec);
  const stem = target.replace(/\.js$/, "");
  return [target, `${stem}.ts`, `${stem}.tsx`].find((candidate) => files.has(candidate));
}

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT_RE)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? "";
      const target = spec.startsWith(".") ? resolveSpecifier(file, spec, known) : undefined;
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Tarjan's algorithm, iterative so a long import chain cannot overflow the stack. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      components.push(component);
    }
  }
  return components;
}

/** Each circle among the files of `areas` (folders of `root`), as its sorted root-relative paths joined by " <-> ". */
function findCircles(root: string, areas: string[]): string[] {
  const files = areas.flatMap((area) => listFiles(join(root, area)));
  const graph = importGraph(files);
  const name = (file: string): string => relative(root, file).split(sep).join("/");
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0]!) ?? []).includes(component[0]!))
    .map((component) => `${component.length} files: ${component.map(name).sort().join(" <-> ")}`)
    .sort();
}

describe("import circles", () => {
  it(`src/{${CHECKED.join(",")}} has no import circle`, () => {
    expect(findCircles(SRC, CHECKED)).toEqual([]);
  });

  it("finds circles, type-only and dynamic ones included, in a synthetic tree", () => {
    const root = mkdtempSync(join(tmpdir(), "import-circles-"));
    try {
      const write = (path: string, text: string): void => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write("agent/a.ts", 'import { b } from "./b.js";\nexport const a = b;\n');
      write("agent/b.ts", 'import type { A } from "./a.js";\nexport const b = 1;\n');
      write("agent/view.tsx", 'export const load = () => import("./deep/c.js");\n');
      write("agent/deep/c.ts", 'export { load } from "../view.js";\nimport "./c.js";\n');
      write("agent/leaf.ts", 'import { a } from "./a.js";\nimport { x } from "../protocol/p.js";\nimport "node:fs";\n');
      write("protocol/p.ts", "export const x = 1;\n");
      write("tui/t.ts", 'import { u } from "./u.js";\n');
      write("tui/u.ts", 'import { t } from "./t.js";\n');
      const typeOnly = "2 files: agent/a.ts <-> agent/b.ts";
      const dynamicAndReexport = "2 files: agent/deep/c.ts <-> agent/view.tsx";
      expect(findCircles(root, ["agent", "protocol"])).toEqual([typeOnly, dynamicAndReexport]);
      expect(findCircles(root, ["tui"])).toEqual(["2 files: tui/t.ts <-> tui/u.ts"]);
      write("protocol/self.ts", 'import { s } from "./self.js";\nexport const s = 1;\n');
      expect(findCircles(root, ["protocol"])).toEqual(["1 files: protocol/self.ts"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
