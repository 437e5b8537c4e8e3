// Prompt templates: `<dir>/*.md` files invoked as `/<file name> args`, with pi's argument
// placeholders ($1…, $@, $ARGUMENTS, ${@:N}, ${@:N:L}) substituted in one pass.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { parseFrontMatter } from "./frontmatter.js";

export interface PromptTemplate {
  name: string;
  description: string;
  argumentHint?: string;
  content: string;
  filePath: string;
  scope: "user" | "project";
}

export interface TemplateDir {
  dir: string;
  scope: "user" | "project";
}

function firstLine(body: string): string {
  for (const line of body.split("\n")) {
    const trimmed = line.trim();
    if (trimmed) return trimmed.length > 60 ? `${trimmed.slice(0, 60)}...` : trimmed;
  }
  return "";
}

/** Non-recursive, as pi; an earlier directory wins a name collision. Unreadable files are skipped. */
export function loadPromptTemplates(
  dirs: readonly TemplateDir[],
  warn: (message: string) => void = () => {},
): PromptTemplate[] {
  const byName = new Map<string, PromptTemplate>();
  for (const { dir, scope } of dirs) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith(".md")) continue;
      const filePath = join(dir, file);
      const name = basename(file, ".md");
      if (byName.has(name)) continue;
      try {
        if (!statSync(filePath).isFile()) continue;
        const { fields, body } = parseFrontMatter(readFileSync(filePath, "utf8"));
        byName.set(name, {
          name,
          description: fields.description ?? firstLine(body),
          argumentHint: fields["argument-hint"],
          content: body.trim(),
          filePath,
          scope,
        });
      } catch (error) {
        warn(`prompt template ${filePath} skipped: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return [...byName.values()];
}

/** Splits an argument string like a shell would for quoting: "a b" and 'a b' are one argument. */
export function parseCommandArgs(text: string): string[] {
  const args: string[] = [];
  let current = "";
  let quote: '"' | "'" | undefined;
  let inArg = false;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inArg = true;
    } else if (/\s/.test(ch)) {
      if (inArg) args.push(current);
      current = "";
      inArg = false;
    } else {
      current += ch;
      inArg = true;
    }
  }
  if (inArg) args.push(current);
  return args;
}

const PLACEHOLDER_RE = /\$\{@:(\d+)(?::(\d+))?\}|\$ARGUMENTS|\$@|\$(\d+)/g;

/** One pass over the template, so argument text that looks like a placeholder stays literal. */
export function substituteArgs(content: string, args: readonly string[]): string {
  const all = args.join(" ");
  return content.replace(PLACEHOLDER_RE, (match, start?: string, length?: string, index?: string) => {
    if (index !== undefined) return args[Number(index) - 1] ?? "";
    if (start !== undefined) {
      const from = Math.max(Number(start) - 1, 0);
      const slice = length === undefined ? args.slice(from) : args.slice(from, from + Number(length));
      return slice.join(" ");
    }
    return match === "$ARGUMENTS" || match === "$@" ? all : match;
  });
}

/** `/name args` → the template's content with args substituted; anything else unchanged. */
export function expandPromptTemplate(text: string, templates: readonly PromptTemplate[]): string {
  if (!text.startsWith("/")) return text;
  const space = text.search(/\s/);
  const name = space === -1 ? text.slice(1) : text.slice(1, space);
  const template = templates.find((t) => t.name === name);
  if (!template) return text;
  const argText = space === -1 ? "" : text.slice(space + 1);
  return substituteArgs(template.content, parseCommandArgs(argText));
}
