// Small files with one role, small functions with one job: no file in src/ over 400 lines and no
// function (declaration, method, arrow or function expression) over 80 lines.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "..", "src");
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function functionName(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(sf);
  return "<anonymous>";
}

function findOversize(root: string): string[] {
  const problems: string[] = [];
  for (const file of listFiles(root)) {
    const text = readFileSync(file, "utf8");
    const where = relative(root, file);
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_FILE_LINES) problems.push(`${where}: ${lines} lines`);
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const last = sf.getLineAndCharacterOfPosition(node.end).line;
        if (last - first + 1 > MAX_FUNCTION_LINES) problems.push(`${where}:${first + 1} ${functionName(node, sf)}: ${last - first + 1} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return problems;
}

describe("code size", () => {
  it(`no file in src/ is over ${MAX_FILE_LINES} lines and no function over ${MAX_FUNCTION_LINES}`, () => {
    expect(findOversize(SRC)).toEqual([]);
  });

  it("finds a long function, a long method and a long file in a synthetic tree", () => {
    const root = mkdtempSync(join(tmpdir(), "code-size-"));
    try {
      const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
      writeFileSync(join(root, "fine.ts"), `export function ok(): void {\n${body(78)}\n}\n`);
      writeFileSync(join(root, "long.ts"), `export function tooLong(): void {\n${body(79)}\n}\n`);
      writeFileSync(join(root, "method.ts"), `export class C {\n  run(): void {\n${body(79)}\n  }\n}\n`);
      writeFileSync(join(root, "big.ts"), `${Array.from({ length: 401 }, (_, i) => `export const c${i} = ${i};`).join("\n")}\n`);
      expect(findOversize(root).sort()).toEqual(["big.ts: 401 lines", "long.ts:1 tooLong: 81 lines", "method.ts:2 run: 81 lines"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
