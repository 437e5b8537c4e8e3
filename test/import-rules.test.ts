// Enforces ARCHITECTURE.md's import table: each src/ area may import only what the table allows.
import { readdirSync, readFileSync, statSync } from "node:fs";
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

function areaOf(file: string): Area | undefined {
  const first = relative(SRC, file).split(sep)[0];
  return first === "protocol" || first === "agent" || first === "bridge" || first === "tui" ? first : undefined;
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

export function findViolations(): string[] {
  const problems: string[] = [];
  for (const file of listFiles(SRC)) {
    const from = areaOf(file);
    if (!from) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT_RE)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? "";
      const line = text.slice(0, match.index).split("\n").length;
      const where = `${relative(SRC, file)}:${line} imports ${spec}`;
      const typeOnly = /^(?:import|export)\s+type\s/.test(match[0]);
      if (spec.startsWith(".")) {
        const target = resolve(dirname(file), spec);
        const to = areaOf(target);
        if (!to || to === from) continue;
        const ok =
          (from === "agent" && to === "protocol") ||
          (from === "bridge" && to === "protocol") ||
          (from === "tui" && to === "bridge" && relative(SRC, target).replace(/\.(js|ts)$/, "") === join("bridge", "index"));
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
    expect(findViolations()).toEqual([]);
  });
});
