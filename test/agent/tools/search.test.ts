// grep, find and ls: output formats, .gitignore (root and nested), skipped node_modules/.git,
// limits with their notices, errors for missing paths and bad patterns.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createFindTool } from "../../../src/agent/tools/find.js";
import { createGrepTool } from "../../../src/agent/tools/grep.js";
import { createLsTool } from "../../../src/agent/tools/ls.js";
import { createPathMatcher } from "../../../src/agent/tools/glob.js";
import { isIgnored, parseGitignore } from "../../../src/agent/tools/gitignore.js";
import { makeTempDir, textOf } from "./helpers.js";

let dir: string;
let cleanup: () => void;

function put(rel: string, content = ""): void {
  const abs = join(dir, rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
}

beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
  put(".gitignore", "dist/\n*.log\n!keep.log\n/rootonly.txt\n");
  put("src/a.ts", "export const alpha = 1;\n// TODO: alpha\n");
  put("src/nested/b.ts", "const beta = 2;\nconst Alpha = 3;\n");
  put("src/nested/.gitignore", "secret.ts\n");
  put("src/nested/secret.ts", "alpha secret\n");
  put("src/rootonly.txt", "alpha not ignored here\n");
  put("rootonly.txt", "alpha ignored\n");
  put("dist/out.js", "alpha built\n");
  put("node_modules/pkg/index.js", "alpha dep\n");
  put(".git/config", "alpha git\n");
  put("debug.log", "alpha log\n");
  put("keep.log", "alpha kept\n");
  put(".hidden/h.ts", "alpha hidden\n");
  put("bin.dat", "alpha\u0000binary");
});
afterEach(() => cleanup());

describe("grep", () => {
  test("finds matches with path:line, honouring .gitignore and skipping binaries", async () => {
    const text = textOf(await createGrepTool(dir).execute("t", { pattern: "alpha" }));
    expect(text.split("\n").sort()).toEqual(
      [
        ".hidden/h.ts:1: alpha hidden",
        "keep.log:1: alpha kept",
        "src/a.ts:1: export const alpha = 1;",
        "src/a.ts:2: // TODO: alpha",
        "src/rootonly.txt:1: alpha not ignored here",
      ].sort(),
    );
  });

  test("ignoreCase, literal, glob and a single-file path", async () => {
    const tool = createGrepTool(dir);
    expect(textOf(await tool.execute("t", { pattern: "alpha", ignoreCase: true, glob: "**/nested/*.ts" }))).toBe(
      "src/nested/b.ts:2: const Alpha = 3;",
    );
    expect(textOf(await tool.execute("t", { pattern: "alpha = 1;", literal: true, glob: "*.ts" }))).toBe(
      "src/a.ts:1: export const alpha = 1;",
    );
    expect(textOf(await tool.execute("t", { pattern: "(", literal: true }))).toBe("No matches found");
    expect(textOf(await tool.execute("t", { pattern: "beta", path: "src/nested/b.ts" }))).toBe(
      "b.ts:1: const beta = 2;",
    );
  });

  test("context lines use path-N- and overlapping windows print once", async () => {
    put("ctx.txt", "one\ntwo\nthree\nfour\nfive\n");
    const text = textOf(await createGrepTool(dir).execute("t", { pattern: "two|three", path: "ctx.txt", context: 1 }));
    expect(text).toBe(["ctx.txt-1- one", "ctx.txt:2: two", "ctx.txt:3: three", "ctx.txt-4- four"].join("\n"));
  });

  test("match limit with a notice and details", async () => {
    put("many.txt", Array.from({ length: 10 }, (_, i) => `hit ${i}`).join("\n"));
    const result = await createGrepTool(dir).execute("t", { pattern: "hit", limit: 3 });
    expect(textOf(result)).toBe(
      "many.txt:1: hit 0\nmany.txt:2: hit 1\nmany.txt:3: hit 2\n\n[3 matches limit reached. Use limit=6 for more, or refine pattern]",
    );
    expect(result.details).toEqual({ matchLimitReached: 3 });
  });

  test("the limit cuts across files in walk order, however many files are read at once", async () => {
    for (let f = 0; f < 40; f++) put(`lim/f${String(f).padStart(2, "0")}.txt`, "hit a\nhit b\n");
    const text = textOf(await createGrepTool(dir).execute("t", { pattern: "hit", path: "lim", limit: 5 }));
    expect(text).toBe(
      "f00.txt:1: hit a\nf00.txt:2: hit b\nf01.txt:1: hit a\nf01.txt:2: hit b\nf02.txt:1: hit a\n\n[5 matches limit reached. Use limit=10 for more, or refine pattern]",
    );
  });

  test("an aborted signal stops the search", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(createGrepTool(dir).execute("t", { pattern: "alpha" }, controller.signal)).rejects.toThrow(
      "Operation aborted",
    );
    await expect(createFindTool(dir).execute("t", { pattern: "*" }, controller.signal)).rejects.toThrow(
      "Operation aborted",
    );
  });

  test("long lines are cut with a notice", async () => {
    put("long.txt", `needle ${"z".repeat(600)}`);
    const result = await createGrepTool(dir).execute("t", { pattern: "needle", path: "long.txt" });
    expect(textOf(result)).toMatch(
      /\.\.\. \[truncated\]\n\n\[Some lines truncated to 500 chars\. Use read tool to see full lines\]$/,
    );
  });

  test("errors: missing path, invalid regex", async () => {
    await expect(createGrepTool(dir).execute("t", { pattern: "x", path: "nope" })).rejects.toThrow(/^Path not found: /);
    await expect(createGrepTool(dir).execute("t", { pattern: "(" })).rejects.toThrow(/^Invalid regex pattern: /);
  });
});

describe("find", () => {
  test("matches names at any depth, relative paths, .gitignore honoured", async () => {
    const text = textOf(await createFindTool(dir).execute("t", { pattern: "*.ts" }));
    expect(text.split("\n")).toEqual([".hidden/h.ts", "src/a.ts", "src/nested/b.ts"]);
  });

  test("patterns with a slash match the relative path; directories end in /", async () => {
    const tool = createFindTool(dir);
    expect(textOf(await tool.execute("t", { pattern: "src/**/*.ts" }))).toBe("src/a.ts\nsrc/nested/b.ts");
    expect(textOf(await tool.execute("t", { pattern: "nested" }))).toBe("src/nested/");
    expect(textOf(await tool.execute("t", { pattern: "*.ts", path: "src/nested" }))).toBe("b.ts");
    expect(textOf(await tool.execute("t", { pattern: "*.{log,txt}" }))).toBe("keep.log\nsrc/rootonly.txt");
  });

  test("no match, limit notice, missing path", async () => {
    const tool = createFindTool(dir);
    expect(textOf(await tool.execute("t", { pattern: "*.rs" }))).toBe("No files found matching pattern");
    const limited = await tool.execute("t", { pattern: "*", limit: 2 });
    expect(textOf(limited)).toMatch(/\n\n\[2 results limit reached\. Use limit=4 for more, or refine pattern\]$/);
    expect(limited.details).toEqual({ resultLimitReached: 2 });
    await expect(tool.execute("t", { pattern: "*", path: "nope" })).rejects.toThrow(/^Path not found: /);
  });
});

describe("ls", () => {
  test("lists entries sorted case-insensitively with / for directories, dotfiles included", async () => {
    put("Zeta.md");
    const text = textOf(await createLsTool(dir).execute("t", { path: "." }));
    expect(text.split("\n")).toEqual([
      ".git/",
      ".gitignore",
      ".hidden/",
      "bin.dat",
      "debug.log",
      "dist/",
      "keep.log",
      "node_modules/",
      "rootonly.txt",
      "src/",
      "Zeta.md",
    ]);
  });

  test("limit notice, empty directory, errors", async () => {
    const tool = createLsTool(dir);
    const limited = await tool.execute("t", { limit: 2 });
    expect(textOf(limited)).toBe(".git/\n.gitignore\n\n[2 entries limit reached. Use limit=4 for more]");
    mkdirSync(join(dir, "empty"));
    expect(textOf(await tool.execute("t", { path: "empty" }))).toBe("(empty directory)");
    await expect(tool.execute("t", { path: "nope" })).rejects.toThrow(/^Path not found: /);
    await expect(tool.execute("t", { path: "keep.log" })).rejects.toThrow(/^Not a directory: /);
  });
});

describe("glob and gitignore matching", () => {
  test("path matcher", () => {
    expect(createPathMatcher("*.ts")("a/b/c.ts")).toBe(true);
    expect(createPathMatcher("*.ts")("a/b/c.tsx")).toBe(false);
    expect(createPathMatcher("src/*.ts")("x/src/a.ts")).toBe(true);
    expect(createPathMatcher("/src/*.ts")("x/src/a.ts")).toBe(false);
    expect(createPathMatcher("**/test/**")("a/test/b/c")).toBe(true);
    expect(createPathMatcher("file[0-9].txt")("file7.txt")).toBe(true);
    expect(createPathMatcher("file[!0-9].txt")("file7.txt")).toBe(false);
  });

  test("gitignore rules: anchoring, negation, directory-only", () => {
    const rules = [parseGitignore("# c\nbuild/\n/top.txt\n*.tmp\n!keep.tmp\ndocs/*.md\n", "")];
    expect(isIgnored(rules, "build", true)).toBe(true);
    expect(isIgnored(rules, "build", false)).toBe(false);
    expect(isIgnored(rules, "top.txt", false)).toBe(true);
    expect(isIgnored(rules, "sub/top.txt", false)).toBe(false);
    expect(isIgnored(rules, "a/b.tmp", false)).toBe(true);
    expect(isIgnored(rules, "a/keep.tmp", false)).toBe(false);
    expect(isIgnored(rules, "docs/x.md", false)).toBe(true);
    expect(isIgnored(rules, "other/docs/x.md", false)).toBe(false);
  });
});
