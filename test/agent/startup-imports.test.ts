// Startup path (start-up speed): the modules agent-rpc loads before `ready` (its static
// import graph from main.ts) must not include typebox, pi-ai or pi-agent-core; those load
// lazily (first run, or the warm-up after ready). Also: the built-in tool names known up front
// match the tools. Modules only some commands use (the live socket, `bash`, list_files) load
// at their first use; so does extensions' pi.exec, which alone brought node:child_process.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { expect, it } from "vitest";
import { BUILTIN_TOOL_NAMES } from "../../src/agent/tools/prompt-info.js";
import { createCodingTools } from "../../src/agent/tools/index.js";

const MAIN = resolve(import.meta.dirname, "..", "..", "src", "agent", "main.ts");
// Static value imports only: `import type`, `export type` and dynamic import() do not load at startup.
const STATIC_RE = /^(?:import|export)\s+(?!type\s)[^;]*?from\s*["']([^"']+)["']|^import\s+["']([^"']+)["']/gm;

function staticGraph(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(STATIC_RE)) {
      // `import { type A, type B } from` loads nothing either.
      if (/^import\s*\{\s*(?:type\s+\w+\s*,?\s*)+\}/.test(match[0])) continue;
      const spec = match[1] ?? match[2] ?? "";
      if (spec.startsWith(".")) visit(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
      else if (!spec.startsWith("node:")) packages.set(spec, file);
    }
  };
  visit(entry);
  return { files, packages };
}

it("loads no schema library and no LLM packages before ready", () => {
  const { files, packages } = staticGraph(MAIN);
  expect(files.size).toBeGreaterThan(10);
  const heavy = [...packages.entries()].filter(([spec]) =>
    /^(typebox|@sinclair\/typebox|@mariozechner\/pi-ai|@mariozechner\/pi-agent-core)/.test(spec),
  );
  expect(heavy).toEqual([]);
});

it("leaves what no first answer needs to first use: the live transport, process spawning, the file walker, worker-frame decoders", () => {
  const { files } = staticGraph(MAIN);
  const src = resolve(import.meta.dirname, "..", "..", "src");
  const late = [...files]
    .map((file) => file.slice(src.length + 1))
    .filter((file) =>
      /^agent\/live\/|bash-executor|process-reaper|extensions\/exec|file-walk|protocol\/decode\/(index|worker-frame|events)/.test(
        file,
      ),
    );
  expect(late).toEqual([]);
});

it("knows the built-in tool names without loading the tools", () => {
  expect(BUILTIN_TOOL_NAMES).toEqual(createCodingTools({ cwd: "/" }).map((tool) => tool.name));
});
