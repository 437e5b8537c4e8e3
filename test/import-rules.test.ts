// Enforces the layer table of docs/architecture.md: each src/ area may import only what the
// table allows, src/tui/state imports neither render/ nor components/, and every file sits in a
// folder this test knows (a new folder is a decision to record here, not an accident).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "..", "src");
type Area = "protocol" | "agent" | "bridge" | "tui";

/** Every folder of src/ (relative, "/"-separated) and its layer. */
const KNOWN_FOLDERS: Record<string, Area> = {
  protocol: "protocol",
  "protocol/decode": "protocol",
  "protocol/types": "protocol",
  agent: "agent",
  "agent/checkpoints": "agent",
  "agent/commands": "agent",
  "agent/extensions": "agent",
  "agent/extensions/builtin": "agent",
  "agent/live": "agent",
  "agent/providers": "agent",
  "agent/rpc": "agent",
  "agent/runtime": "agent",
  "agent/security": "agent",
  "agent/session": "agent",
  "agent/tools": "agent",
  bridge: "bridge",
  "bridge/fleet": "bridge",
  tui: "tui",
  "tui/app": "tui",
  "tui/blocks": "tui",
  "tui/blocks/tools": "tui",
  "tui/completion": "tui",
  "tui/images": "tui",
  "tui/fleet": "tui",
  "tui/components": "tui",
  "tui/components/dialogs": "tui",
  "tui/ink": "tui",
  "tui/input": "tui",
  "tui/intents": "tui",
  "tui/live": "tui",
  "tui/pickers": "tui",
  "tui/plain": "tui",
  "tui/print": "tui",
  "tui/recovery": "tui",
  "tui/render": "tui",
  "tui/review": "tui",
  "tui/session": "tui",
  "tui/settings": "tui",
  "tui/slash": "tui",
  "tui/state": "tui",
  "tui/state/vim": "tui",
  "tui/terminal": "tui",
  "tui/transcript-view": "tui",
};

/** Inside one layer: folders (prefixes) that must not import other folders. */
const INNER_RULES: { from: string; notInto: string[]; onlyInto?: string[]; why: string }[] = [
  {
    from: "tui/state",
    notInto: [],
    onlyInto: ["tui/state", "bridge"],
    why: "state is pure data and reducers, the bottom of the TUI: everything above depends on it, not the reverse",
  },
  {
    from: "tui/blocks",
    notInto: [],
    onlyInto: ["tui/blocks", "tui/render", "tui/state", "bridge"],
    why: "every surface draws entries through blocks/, plain and print mode included: no Ink, no surface of its own",
  },
  {
    from: "tui/print",
    notInto: ["tui/components", "tui/transcript-view", "tui/pickers", "tui/plain"],
    why: "print mode runs without Ink; what it shares with plain mode lives in blocks/, render/ or state/",
  },
  {
    from: "tui/plain",
    notInto: ["tui/components", "tui/transcript-view", "tui/pickers", "tui/print"],
    why: "plain mode runs without Ink; what it shares with print mode lives in blocks/, render/ or state/",
  },
];

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const folderOf = (root: string, file: string): string => relative(root, dirname(file)).split(sep).join("/");
const within = (folder: string, prefix: string): boolean => folder === prefix || folder.startsWith(`${prefix}/`);

const IMPORT_RE =
  /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

function layerAllows(from: Area, to: Area, targetFolder: string, targetFile: string): boolean {
  if (from === to) return true;
  if (from === "agent" || from === "bridge") return to === "protocol";
  if (from === "tui") return to === "bridge" && targetFolder === "bridge" && /^index\.(js|ts)$/.test(targetFile);
  return false;
}

function packageProblem(from: Area, spec: string, typeOnly: boolean): boolean {
  const isInk = /^(ink|react|ink-[\w-]+)(\/|$)/.test(spec);
  const isPi = spec.startsWith("@mariozechner/pi-ai") || spec.startsWith("@mariozechner/pi-agent-core");
  if (isInk && from !== "tui") return true;
  if (isPi && (from === "bridge" || from === "tui")) return true;
  return isPi && from === "protocol" && !typeOnly;
}

function findViolations(root: string): string[] {
  const problems: string[] = [];
  for (const file of listFiles(root)) {
    const folder = folderOf(root, file);
    const from = KNOWN_FOLDERS[folder];
    if (!from) {
      problems.push(`${relative(root, file)} is in a folder the import rules do not know (${folder || "src/"})`);
      continue;
    }
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT_RE)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? "";
      const where = `${relative(root, file)}:${text.slice(0, match.index).split("\n").length} imports ${spec}`;
      if (!spec.startsWith(".")) {
        if (packageProblem(from, spec, /^(?:import|export)\s+type\s/.test(match[0]))) problems.push(where);
        continue;
      }
      const target = resolve(dirname(file), spec);
      const targetFolder = folderOf(root, target);
      const to = KNOWN_FOLDERS[targetFolder];
      if (!to || !layerAllows(from, to, targetFolder, basename(target))) {
        problems.push(where);
        continue;
      }
      for (const rule of INNER_RULES) {
        if (!within(folder, rule.from)) continue;
        const outside = rule.onlyInto !== undefined && !rule.onlyInto.some((p) => within(targetFolder, p));
        if (outside || rule.notInto.some((p) => within(targetFolder, p))) problems.push(`${where} (${rule.why})`);
      }
    }
  }
  return problems;
}

/** The root of src/tui holds the entry and the composition only; everything else sits in a folder of its role. */
const TUI_ROOT_MAX_FILES = 10;

describe("import rules", () => {
  it("src/ respects the layer table and the rules inside src/tui", () => {
    expect(findViolations(SRC)).toEqual([]);
  });

  it(`src/tui keeps at most ${TUI_ROOT_MAX_FILES} files in its root`, () => {
    const loose = readdirSync(join(SRC, "tui")).filter((name) => /\.(ts|tsx)$/.test(name));
    expect(loose.length, loose.join(", ")).toBeLessThanOrEqual(TUI_ROOT_MAX_FILES);
  });

  it("reports each kind of violation in a synthetic tree", () => {
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
      write(
        "tui/d.tsx",
        'import { z } from "../bridge/c.js";\nimport { ok } from "../bridge/index.js";\nimport { P } from "../protocol/a.js";\n',
      );
      write(
        "tui/state/s.ts",
        'import { line } from "../render/r.js";\nimport { View } from "../components/v.js";\nimport { t } from "./t.js";\nimport { d } from "../d.js";\n',
      );
      write("tui/render/r.ts", 'import { s } from "../state/s.js";\n');
      write("tui/components/v.tsx", 'import { line } from "../render/r.js";\n');
      write("utils/u.ts", "export {};\n");
      write("tui/newfeature/n.ts", "export {};\n");
      expect(findViolations(root).sort()).toEqual([
        "agent/b.ts:1 imports ../bridge/c.js",
        "agent/b.ts:2 imports ink",
        "bridge/c.ts:1 imports @mariozechner/pi-ai",
        "protocol/a.ts:1 imports ../agent/b.js",
        "tui/d.tsx:1 imports ../bridge/c.js",
        "tui/d.tsx:3 imports ../protocol/a.js",
        "tui/newfeature/n.ts is in a folder the import rules do not know (tui/newfeature)",
        "tui/state/s.ts:1 imports ../render/r.js (state is pure data and reducers, the bottom of the TUI: everything above depends on it, not the reverse)",
        "tui/state/s.ts:2 imports ../components/v.js (state is pure data and reducers, the bottom of the TUI: everything above depends on it, not the reverse)",
        "tui/state/s.ts:4 imports ../d.js (state is pure data and reducers, the bottom of the TUI: everything above depends on it, not the reverse)",
        "utils/u.ts is in a folder the import rules do not know (utils)",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
