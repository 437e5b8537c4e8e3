// Enforces ARCHITECTURE.md's import table: each src/ area may import only what the table allows.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, dirname, sep } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "..", "src");
type Area = "protocol" | "agent" | "bridge" | "tui";

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function areaOf(root: string, file: string): Area | undefined {
  const first = relative(root, file).split(sep)[0];
  return first === "protocol" || first === "agent" || first === "bridge" || first === "tui" ? first : undefined;
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

function findViolations(root: string): string[] {
  const problems: string[] = [];
  for (const file of listFiles(root)) {
    const from = areaOf(root, file);
    if (!from) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT_RE)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? "";
      const line = text.slice(0, match.index).split("\n").length;
      const where = `${relative(root, file)}:${line} imports ${spec}`;
      const typeOnly = /^(?:import|export)\s+type\s/.test(match[0]);
      if (spec.startsWith(".")) {
        const target = resolve(dirname(file), spec);
        const to = areaOf(root, target);
        if (!to || to === from) continue;
        const ok =
          (from === "agent" && to === "protocol") ||
          (from === "bridge" && to === "protocol") ||
          (from === "tui" && to === "bridge" && relative(root, target).replace(/\.(js|ts)$/, "") === join("bridge", "index"));
        if (!ok) problems.push(where);
      } else {
        const isInk = /^(ink|react|ink-[\w-]+)(\/|$)/.test(spec);
        const isPi = spec.startsWith("@mariozechner/pi-ai") || spec.startsWith("@mariozechner/pi-agent-core");
        if (isInk && from !== "tui") problems.push(where);
        if (isPi && (from === "bridge" || from === "tui")) problems.push(where);
        if (isPi && from === "protocol" && !typeOnly) problems.push(where);
      }
    }
  }
  return problems;
}

describe("import rules", () => {
  it("src/ respects the ARCHITECTURE.md import table", () => {
    expect(findViolations(SRC)).toEqual([]);
  });

  it("reports each kind of forbidden import in a synthetic tree", () => {
    const root = mkdtempSync(join(tmpdir(), "import-rules-"));
    try {
      const write = (path: string, text: string): void => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write("protocol/a.ts", 'import { x } from "../agent/b.js";\nimport type { Model } from "@mariozechner/pi-ai";\n');
      write("agent/b.ts", 'import { y } from "../bridge/c.js";\nimport { Box } from "ink";\n');
      write("bridge/c.ts", 'import { stream } from "@mariozechner/pi-ai";\n');
      write("bridge/index.ts", "export {};\n");
      write("tui/d.tsx", 'import { z } from "../bridge/c.js";\nimport { ok } from "../bridge/index.js";\nimport { P } from "../protocol/a.js";\n');
      expect(findViolations(root).sort()).toEqual([
        "agent/b.ts:1 imports ../bridge/c.js",
        "agent/b.ts:2 imports ink",
        "bridge/c.ts:1 imports @mariozechner/pi-ai",
        "protocol/a.ts:1 imports ../agent/b.js",
        "tui/d.tsx:1 imports ../bridge/c.js",
        "tui/d.tsx:3 imports ../protocol/a.js",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
