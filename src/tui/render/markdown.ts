// Markdown -> terminal rows (ANSI SGR) at a given width, via marked's lexer: headings, lists,
// emphasis, links, tables, block quotes, fenced code (highlighted), with a plain fallback.
import { homedir } from "node:os";
import { Lexer, type Token, type Tokens } from "marked";
import { type LinkTarget, linkPathsIn } from "./file-links.js";
import { highlightCode } from "./highlight.js";
import { renderTableRows } from "./markdown-table.js";
import { sanitizeText } from "./sanitize.js";
import type { Palette } from "./palette.js";
import { symbols } from "./theme.js";
import { splitLine, textWidth, truncateLine, wrapText } from "./text-width.js";

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** How one call renders: passed down the block walk, never kept between calls. */
type RenderOptions = {
  highlight: boolean;
  palette: Palette;
  /** Plain text with the file paths in it linked (identity when paths are not linked). */
  linkPaths: (text: string) => string;
};

function renderInline(tokens: Token[] | undefined, fallback: string, options: RenderOptions): string {
  if (!tokens || tokens.length === 0) return options.linkPaths(decodeEntities(fallback));
  return tokens.map((t) => renderInlineToken(t, options)).join("");
}

function renderInlineToken(t: Token, options: RenderOptions): string {
  const { style, theme } = options.palette;
  const inline = (tokens: Token[] | undefined, fallback: string): string => renderInline(tokens, fallback, options);
  switch (t.type) {
    case "strong":
      return style.bold(inline((t as Tokens.Strong).tokens, (t as Tokens.Strong).text));
    case "em":
      return style.italic(inline((t as Tokens.Em).tokens, (t as Tokens.Em).text));
    case "del":
      return style.strike(inline((t as Tokens.Del).tokens, (t as Tokens.Del).text));
    case "codespan":
      return theme.code(options.linkPaths(decodeEntities((t as Tokens.Codespan).text)));
    case "link": {
      const link = t as Tokens.Link;
      // The label is the model's text: a path in it may link to this machine's file, never to the href.
      const label = inline(link.tokens, link.text);
      return link.href && link.href !== link.text
        ? `${theme.link(label)} ${theme.muted(`(${link.href})`)}`
        : theme.link(label);
    }
    case "image":
      return theme.muted(`[image: ${(t as Tokens.Image).text || (t as Tokens.Image).href}]`);
    case "br":
      return "\n";
    case "text": {
      const text = t as Tokens.Text;
      return text.tokens ? inline(text.tokens, text.text) : options.linkPaths(decodeEntities(text.text));
    }
    case "escape":
      return decodeEntities((t as Tokens.Escape).text);
    default:
      return "raw" in t && typeof t.raw === "string" ? t.raw : "";
  }
}

function renderCode(code: Tokens.Code, width: number, options: RenderOptions): string[] {
  const lang = code.lang ?? "";
  const { theme } = options.palette;
  const body = options.highlight ? highlightCode(code.text, lang, options.palette) : code.text;
  // Long lines wrap losslessly (nothing cut, highlighting carried over); continuation rows
  // start with a muted mark instead of the indent so they read as one line.
  const rows = body
    .split("\n")
    .flatMap((line) =>
      splitLine(line, width - 2).map((part, i) =>
        i === 0 ? `  ${part}` : `${theme.muted(`${symbols.continuation} `)}${part}`,
      ),
    );
  const label = lang ? theme.muted(`  ${lang}`) : "";
  return [...(label ? [label] : []), ...rows];
}

function renderTable(table: Tokens.Table, width: number, options: RenderOptions): string[] {
  const header = table.header.map((c) => renderInline(c.tokens, c.text, options));
  const rows = table.rows.map((r) => r.map((c) => renderInline(c.tokens, c.text, options)));
  return renderTableRows(header, rows, table.align, width, options.palette);
}

function renderList(list: Tokens.List, width: number, depth: number, options: RenderOptions): string[] {
  const out: string[] = [];
  const start = typeof list.start === "number" ? list.start : 1;
  list.items.forEach((item, index) => {
    const marker = list.ordered ? `${start + index}.` : item.task ? (item.checked ? "[x]" : "[ ]") : "•";
    const indent = "  ".repeat(depth);
    const prefix = `${indent}${marker} `;
    const hang = " ".repeat(textWidth(prefix));
    const body = renderBlocks(item.tokens, Math.max(10, width - textWidth(prefix)), options, depth + 1, true);
    for (const [i, row] of body.entries())
      out.push(i === 0 ? `${prefix}${row}` : row.startsWith(indent + "  ") ? row : `${hang}${row}`);
    if (body.length === 0) out.push(prefix);
  });
  return out;
}

function renderBlocks(tokens: Token[], width: number, options: RenderOptions, depth = 0, tight = false): string[] {
  const out: string[] = [];
  const { palette } = options;
  const { theme } = palette;
  const gap = (): void => {
    if (!tight && out.length > 0 && out[out.length - 1] !== "") out.push("");
  };
  for (const t of tokens) {
    switch (t.type) {
      case "space":
        break;
      case "heading": {
        const h = t as Tokens.Heading;
        gap();
        const text = renderInline(h.tokens, h.text, options);
        const marker = h.depth <= 2 ? "" : `${"#".repeat(h.depth)} `;
        out.push(...wrapText(theme.heading(marker + text), width));
        break;
      }
      case "paragraph": {
        const p = t as Tokens.Paragraph;
        gap();
        out.push(...wrapText(renderInline(p.tokens, p.text, options), width));
        break;
      }
      case "text": {
        const tx = t as Tokens.Text;
        const inline = tx.tokens
          ? renderInline(tx.tokens, tx.text, options)
          : options.linkPaths(decodeEntities(tx.text));
        out.push(...wrapText(inline, width));
        break;
      }
      case "code":
        gap();
        out.push(...renderCode(t as Tokens.Code, width, options));
        break;
      case "blockquote": {
        gap();
        const inner = renderBlocks((t as Tokens.Blockquote).tokens, Math.max(10, width - 2), options, depth);
        out.push(...inner.map((row) => `${theme.quote("│")} ${theme.quote(row)}`));
        break;
      }
      case "list":
        if (depth === 0) gap();
        out.push(...renderList(t as Tokens.List, width, depth, options));
        break;
      case "table":
        gap();
        out.push(...renderTable(t as Tokens.Table, width, options));
        break;
      case "hr":
        gap();
        out.push(theme.muted("─".repeat(Math.min(width, 40))));
        break;
      case "html":
        gap();
        out.push(...wrapText((t as Tokens.HTML).text.trimEnd(), width));
        break;
      default:
        if ("raw" in t && typeof t.raw === "string" && t.raw.trim() !== "") {
          gap();
          out.push(...wrapText(t.raw.trimEnd(), width));
        }
    }
  }
  return out;
}

/**
 * Render markdown to terminal rows in `palette`, each at most `width` cells wide. Never throws.
 * `links`: where the file paths of the text link to (OSC 8 that we write; file-links.ts).
 */
export function renderMarkdown(
  source: string,
  width: number,
  palette: Palette,
  options: { highlight?: boolean; links?: LinkTarget } = {},
): string[] {
  const text = sanitizeText(source);
  const w = Math.max(10, width);
  try {
    const tokens = new Lexer({ gfm: true }).lex(text);
    // The live tail skips highlighting: it changes every frame and is re-rendered when committed.
    const { links } = options;
    const linkPaths = links
      ? (plain: string): string => linkPathsIn(plain, links, homedir())
      : (plain: string) => plain;
    return renderBlocks(tokens, w, { highlight: options.highlight ?? true, palette, linkPaths }).map((row) =>
      truncateLine(row, w),
    );
  } catch (error) {
    // marked should not throw, but a renderer must never take the UI down: plain text is fine.
    void error;
    return wrapText(text, w);
  }
}
