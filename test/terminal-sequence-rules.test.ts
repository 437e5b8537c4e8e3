// Escape sequences have one grammar, src/protocol/terminal-sequences.ts: a regular expression
// anywhere else in src/ that spells out an escape sequence (ESC or the C1 CSI, written any way,
// or CSI's byte classes) fails here. Build such a pattern from the module's sources instead
// (`new RegExp(`${CSI_OPEN_SOURCE}>(\\d+)u`)`), or list the file below with the reason.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "..", "src");
/** The one module of terminal sequences. */
const HOME = "protocol/terminal-sequences.ts";

/** Files allowed patterns of their own, each with why the shared grammar does not fit. */
const EXCEPTIONS: Record<string, string> = {
  // FN_KEY and KITTY are Ink 6.8's own fnKeyRe and kitty key pattern (parse-keypress.js), copied
  // so the guard drops exactly the sequences Ink would mis-handle: they follow Ink's parser, quirks
  // included (ESC+, `[[`), not the ECMA-48 grammar, and change when Ink does.
  "tui/ink/ink-input-guard.ts": "copies of Ink's parse-keypress patterns",
};

/** ESC in any spelling (\u001b, \x1b, \u{1b}, \033, \e, the raw character). */
const ESC_SPELLING = /\\u001b|\\x1b|\\u\{0*1b\}|\\033|\\+e\\+\[|\u001b/i;
/** The C1 CSI in any spelling, or CSI's byte classes (a CSI without its ESC, as Ink hands keys over). */
const CSI_SPELLING = /\\u009b|\\x9b|\\u\{0*9b\}|\u009b|\[@-~\]|\[0-\?\]/i;
const spellsSequence = (text: string): boolean => ESC_SPELLING.test(text) || CSI_SPELLING.test(text);

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/**
 * A string that spells ESC for a regular expression (`"\\u001b\\["`, an even run of backslashes
 * before u001b): a pattern's source kept for later. An odd run is the ESC character itself, output.
 */
const PATTERN_SOURCE_STRING = /(?<!\\)(?:\\\\)+(?:u001b|x1b|u009b|x9b)/i;

/** The first argument of `RegExp(…)` or `new RegExp(…)`. */
function regExpArgument(node: ts.Node): ts.Expression | undefined {
  if (!ts.isNewExpression(node) && !ts.isCallExpression(node)) return undefined;
  return ts.isIdentifier(node.expression) && node.expression.text === "RegExp" ? node.arguments?.[0] : undefined;
}

/**
 * The source text of every pattern in a file: regex literals, the first argument of RegExp(…),
 * and strings that spell ESC escaped for a pattern (a source handed to RegExp elsewhere).
 */
function patternsOf(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, { line: number; text: string }>();
  const add = (node: ts.Node): void => {
    const start = node.getStart(sf);
    found.set(start, { line: sf.getLineAndCharacterOfPosition(start).line + 1, text: node.getText(sf) });
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) add(node);
    const argument = regExpArgument(node);
    if (argument) add(argument);
    const stringLike = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    if ((stringLike || ts.isTemplateExpression(node)) && PATTERN_SOURCE_STRING.test(node.getText(sf))) add(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...found.values()];
}

/** "path:line pattern" for each pattern outside HOME that spells out an escape sequence, by file. */
function findSequencePatterns(root: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const file of listFiles(root)) {
    const where = relative(root, file).split(sep).join("/");
    const text = readFileSync(file, "utf8");
    // Parsing is the slow part: a file that spells no sequence anywhere has no such pattern.
    if (where === HOME || !spellsSequence(text)) continue;
    for (const pattern of patternsOf(file, text)) {
      if (!spellsSequence(pattern.text)) continue;
      byFile.set(where, [...(byFile.get(where) ?? []), `${where}:${pattern.line} ${pattern.text}`]);
    }
  }
  return byFile;
}

describe("terminal sequence rules", () => {
  it("no file in src/ but the sequences module and the listed exceptions spells out an escape-sequence pattern", () => {
    const found = findSequencePatterns(SRC);
    const outside = [...found].filter(([file]) => !(file in EXCEPTIONS)).flatMap(([, hits]) => hits);
    expect(outside).toEqual([]);
    // An exception that no longer has a pattern of its own is removed from the list.
    expect(Object.keys(EXCEPTIONS).filter((file) => !found.has(file))).toEqual([]);
  });

  it("finds each spelling in a synthetic tree and leaves strings, comments and composed patterns alone", () => {
    const root = mkdtempSync(join(tmpdir(), "sequence-rules-"));
    try {
      const write = (path: string, text: string): void => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write(HOME, "export const SGR_SOURCE = '\\\\u001b\\\\[[0-9;:]*m';\nconst A = /\\u001b\\[/;\n");
      write(
        "tui/a.ts",
        [
          "const SGR = /\\u001b\\[[0-9;]*m/g;",
          'const CSI = new RegExp("\\\\x1b\\\\[[0-9;]*[A-Z]");',
          "const KEY = /^\\[[0-?]*[ -/]*[@-~]$/;",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source of a synthetic file, not a template
          "const C1 = RegExp(`\\\\u009b${x}`);",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source of a synthetic file, not a template
          "const OK = new RegExp(`${SGR_SOURCE}|[\\\\u0000-\\\\u001f]`);",
          'const SOURCE = "\\\\u001b\\\\[[0-9;]*m";',
          'const OUT = "\\u001b]11;?\\u001b\\\\\\u001b[c"; // \\u001b in a string or a comment is no pattern',
        ].join("\n"),
      );
      const found = findSequencePatterns(root);
      expect([...found.keys()]).toEqual(["tui/a.ts"]);
      const lines = (found.get("tui/a.ts") ?? []).map((hit) => hit.split(" ")[0]);
      expect(lines).toEqual(["tui/a.ts:1", "tui/a.ts:2", "tui/a.ts:3", "tui/a.ts:4", "tui/a.ts:6"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
