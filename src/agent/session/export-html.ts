// export_html: the active branch of a session as one self-contained HTML file (inline CSS
// and JS, no network assets): markdown rendered, code highlighted, thinking and tool calls
// collapsible, tool output, usage and cost. Secrets are redacted before rendering.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { writePrivateFileAtomic } from "../../protocol/private-files.js";
import { maskSecrets } from "../security/credential-guard.js";
import { Marked, type Tokens } from "marked";
import type { AssistantMessage, Usage } from "@mariozechner/pi-ai";
import { escapeHtml, highlightToHtml } from "./export-highlight.js";
import { createRedactor, redactDeep, type Redactor } from "./export-redact.js";
import { EXPORT_CSS, EXPORT_JS } from "./export-style.js";
import { entryToMessage } from "./context.js";
import type { SessionManager } from "./session-manager.js";
import type { SessionMessage } from "./types.js";

function createMarkdown(): Marked {
  const md = new Marked({ gfm: true, async: false });
  md.use({
    renderer: {
      code(token: Tokens.Code): string {
        const lang = (token.lang ?? "").trim().split(/\s+/)[0] ?? "";
        const label = lang ? `<span class="lang">${escapeHtml(lang)}</span>` : "";
        return `<pre class="code">${label}<code>${highlightToHtml(token.text, lang)}</code></pre>\n`;
      },
      // Raw HTML in messages is shown as text: an export must not run or load anything.
      html(token: Tokens.HTML | Tokens.Tag): string {
        return escapeHtml(token.text);
      },
      link(token: Tokens.Link): string {
        const text = this.parser.parseInline(token.tokens);
        if (!/^(https?:|mailto:)/i.test(token.href)) return text;
        return `<a href="${escapeHtml(token.href)}" rel="noopener noreferrer">${text}</a>`;
      },
      image(token: Tokens.Image): string {
        return `<span class="image-ref">[image: ${escapeHtml(token.text || token.href)}]</span>`;
      },
    },
  });
  return md;
}

type Renderer = { markdown: (text: string) => string };

function textBlocks(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("\n");
}

function imageCount(content: string | readonly { type: string }[]): number {
  return typeof content === "string" ? 0 : content.filter((block) => block.type === "image").length;
}

function formatCost(cost: number): string {
  return `$${cost.toFixed(cost < 0.01 ? 4 : 2)}`;
}

function usageLine(usage: Usage): string {
  const parts = [`in ${usage.input}`, `out ${usage.output}`];
  if (usage.cacheRead) parts.push(`cache read ${usage.cacheRead}`);
  if (usage.cacheWrite) parts.push(`cache write ${usage.cacheWrite}`);
  parts.push(formatCost(usage.cost.total));
  return parts.join(" · ");
}

function details(summary: string, body: string, className: string, open = false): string {
  return `<details class="${className}"${open ? " open" : ""}><summary>${summary}</summary>${body}</details>`;
}

function pre(text: string): string {
  return `<pre class="output">${escapeHtml(text)}</pre>`;
}

function renderAssistant(message: AssistantMessage, r: Renderer): string {
  const parts: string[] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      if (block.thinking.trim())
        parts.push(details("Thinking", `<div class="md">${r.markdown(block.thinking)}</div>`, "thinking"));
    } else if (block.type === "text") {
      parts.push(`<div class="md">${r.markdown(block.text)}</div>`);
    } else {
      const args = JSON.stringify(block.arguments, null, 2);
      parts.push(
        details(
          `Tool call: <code>${escapeHtml(block.name)}</code>`,
          `<pre class="code"><code>${highlightToHtml(args, "json")}</code></pre>`,
          "tool-call",
        ),
      );
    }
  }
  if (message.stopReason === "error" || message.stopReason === "aborted") {
    const error = message.errorMessage ?? (message.stopReason === "aborted" ? "Aborted" : "Error");
    parts.push(`<div class="error">${escapeHtml(error)}</div>`);
  }
  const usage = escapeHtml(usageLine(message.usage));
  const meta = `${escapeHtml(message.provider)}/${escapeHtml(message.model)} · ${usage}`;
  return section("assistant", "Assistant", parts.join("\n"), meta);
}

function section(role: string, title: string, body: string, meta = ""): string {
  const metaHtml = meta ? `<span class="meta">${meta}</span>` : "";
  const header = `<header><span class="role">${escapeHtml(title)}</span>${metaHtml}</header>`;
  return `<section class="msg ${role}">${header}${body}</section>`;
}

/** A compaction or branch summary: collapsed, its markdown rendered. */
function summarySection(title: string, summaryHtml: string): string {
  return `<section class="msg summary">${details(title, `<div class="md">${summaryHtml}</div>`, "summary")}</section>`;
}

function renderMessage(message: SessionMessage, r: Renderer): string {
  switch (message.role) {
    case "user": {
      const images = imageCount(message.content);
      const note = images > 0 ? `<div class="note">${images} image(s) attached</div>` : "";
      return section("user", "User", `<div class="md">${r.markdown(textBlocks(message.content))}</div>${note}`);
    }
    case "assistant":
      return renderAssistant(message, r);
    case "toolResult": {
      const title = `${message.isError ? "Tool error" : "Tool result"}: <code>${escapeHtml(message.toolName)}</code>`;
      const body =
        pre(textBlocks(message.content)) +
        (imageCount(message.content) > 0 ? `<div class="note">image output omitted</div>` : "");
      const errorClass = message.isError ? " is-error" : "";
      return `<section class="msg tool-result${errorClass}">${details(title, body, "tool-output")}</section>`;
    }
    case "bashExecution": {
      const status = message.cancelled ? "cancelled" : message.exitCode !== undefined ? `exit ${message.exitCode}` : "";
      const body = `<pre class="code"><code>$ ${escapeHtml(message.command)}</code></pre>${pre(message.output)}`;
      return section("bash", "Bash", body, escapeHtml(status));
    }
    case "custom":
      if (!message.display) return "";
      return section("custom", message.customType, `<div class="md">${r.markdown(textBlocks(message.content))}</div>`);
    case "compactionSummary":
      return summarySection(`Compaction summary (${message.tokensBefore} tokens before)`, r.markdown(message.summary));
    case "branchSummary":
      return summarySection("Branch summary", r.markdown(message.summary));
    default: {
      const exhaustive: never = message;
      return exhaustive;
    }
  }
}

/** Every message of the active branch, with compaction summaries where they happened. */
function branchTranscript(session: SessionManager): SessionMessage[] {
  return session.getBranch().flatMap((entry): SessionMessage[] => {
    if (entry.type === "compaction") {
      return [
        {
          role: "compactionSummary",
          summary: entry.summary,
          tokensBefore: entry.tokensBefore,
          timestamp: Date.parse(entry.timestamp) || 0,
        },
      ];
    }
    const message = entryToMessage(entry);
    return message ? [message] : [];
  });
}

/** Inline style and script only: the exported file loads nothing. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'";

const TOOLBAR =
  '<div class="toolbar">' +
  '<button type="button" id="expand-all">Expand all</button>' +
  '<button type="button" id="collapse-all">Collapse all</button>' +
  "</div>";

export type ExportInput = {
  session: SessionManager;
  /** Messages of the active branch, root → leaf (the whole path, compacted parts included). */
  messages?: SessionMessage[];
  modelLabel?: string;
  env?: NodeJS.ProcessEnv;
};

/** Render the export document (pure apart from reading the session). */
export function renderSessionHtml(input: ExportInput): string {
  // Token shapes and secret-named variables, plus every configured credential value.
  const byShape = createRedactor(input.env ?? process.env);
  const redact: Redactor = (text) => maskSecrets(byShape(text));
  const md = createMarkdown();
  const renderer: Renderer = { markdown: (text) => md.parse(text, { async: false }) };
  const header = input.session.getHeader();
  const source = input.messages ?? branchTranscript(input.session);
  const messages = redactDeep(source, redact);
  const totals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0 };
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    totals.input += message.usage.input;
    totals.output += message.usage.output;
    totals.cacheRead += message.usage.cacheRead;
    totals.cacheWrite += message.usage.cacheWrite;
    totals.cost += message.usage.cost.total;
  }
  const name = input.session.getName();
  const title = redact(name ?? `Session ${header.id}`);
  const facts: [string, string][] = [
    ["Session", header.id],
    ["Started", header.timestamp],
    ["Directory", header.cwd],
  ];
  if (input.modelLabel) facts.push(["Model", input.modelLabel]);
  facts.push(["Messages", String(messages.length)]);
  facts.push([
    "Tokens",
    `in ${totals.input} · out ${totals.output} · cache read ${totals.cacheRead} · cache write ${totals.cacheWrite}`,
  ]);
  facts.push(["Cost", formatCost(totals.cost)]);
  const factHtml = facts
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(redact(value))}</dd>`)
    .join("");
  const body = messages.map((message) => renderMessage(message, renderer)).join("\n");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<title>${escapeHtml(title)}</title>
<style>${EXPORT_CSS}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<dl class="facts">${factHtml}</dl>
${TOOLBAR}
<div id="transcript">
${body}
</div>
</main>
<script>${EXPORT_JS}</script>
</body>
</html>
`;
  // A last pass catches secrets that markdown rendering might have split from their context.
  return redact(html);
}

/**
 * pi's default name with our prefix: `agent-session-<file timestamp>_<sessionId>.html`. The header
 * is the session file's text (a file opened from anywhere): outside letters, digits, `_` and `-`
 * every character becomes `-`, so the name can neither leave the folder (`../`) nor carry a
 * control character into a listing.
 */
export function defaultExportName(session: SessionManager): string {
  const header = session.getHeader();
  const safe = (text: string): string => text.replace(/[^A-Za-z0-9_-]/g, "-");
  return `agent-session-${safe(header.timestamp)}_${safe(header.id)}.html`;
}

/** The default name, or `<name>-2.html`, `-3`, … when an earlier export already took it. */
function freeDefaultName(session: SessionManager, cwd: string): string {
  const base = defaultExportName(session);
  let name = base;
  for (let n = 2; existsSync(resolve(cwd, name)); n++) name = base.replace(/\.html$/, `-${n}.html`);
  return name;
}

/**
 * Write the export (0600, atomically); returns the path as reported to the client (relative
 * when defaulted). An explicit path that exists (a symlink included) is refused unless
 * `overwrite`; a symlink is then replaced, never followed.
 */
export function exportSessionHtml(
  input: ExportInput & { cwd: string; outputPath?: string | undefined; overwrite?: boolean },
): string {
  const reported = input.outputPath ?? freeDefaultName(input.session, input.cwd);
  writePrivateFileAtomic(resolve(input.cwd, reported), renderSessionHtml(input), {
    overwrite: input.overwrite === true,
  });
  return reported;
}
