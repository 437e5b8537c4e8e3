// A small, dependency-free code highlighter for the HTML export: comments, strings,
// numbers and keywords become <span class="hl-*"> around HTML-escaped text.

const KEYWORDS = new Set(
  (
    "abstract as async await break case catch class const continue def default del delete do elif else enum " +
    "export extends false final finally fn for from func function go if impl import in instanceof interface " +
    "is lambda let match mod module mut new nil none not null or package pass private protected pub public " +
    "raise return self static struct super switch this throw throws true try type typeof undefined use var " +
    "void while with yield True False None"
  ).split(" "),
);

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const HASH_COMMENT_LANGS = new Set([
  "python",
  "py",
  "sh",
  "bash",
  "shell",
  "zsh",
  "ruby",
  "rb",
  "yaml",
  "yml",
  "toml",
  "perl",
  "r",
  "makefile",
  "dockerfile",
]);

function tokenPattern(lang: string): RegExp {
  const comment = HASH_COMMENT_LANGS.has(lang) ? String.raw`#[^\n]*` : String.raw`\/\/[^\n]*|\/\*[\s\S]*?\*\/`;
  return new RegExp(
    [
      `(${comment})`,
      String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + "`(?:[^`\\\\]|\\\\.)*`)",
      String.raw`(\b\d+(?:\.\d+)?\b)`,
      String.raw`([A-Za-z_$][\w$]*)`,
    ].join("|"),
    "g",
  );
}

/** Highlighted HTML for `code` (always escaped, whatever the language). */
export function highlightToHtml(code: string, lang: string | undefined): string {
  const language = (lang ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  if (language === "" || language === "text" || language === "plain" || code.length > 200_000) return escapeHtml(code);
  const pattern = tokenPattern(language);
  let out = "";
  let last = 0;
  for (const match of code.matchAll(pattern)) {
    const index = match.index;
    out += escapeHtml(code.slice(last, index));
    const [whole, comment, str, num, word] = match;
    if (comment) out += `<span class="hl-comment">${escapeHtml(comment)}</span>`;
    else if (str) out += `<span class="hl-string">${escapeHtml(str)}</span>`;
    else if (num) out += `<span class="hl-number">${escapeHtml(num)}</span>`;
    else if (word && KEYWORDS.has(word)) out += `<span class="hl-keyword">${escapeHtml(word)}</span>`;
    else out += escapeHtml(whole);
    last = index + whole.length;
  }
  return out + escapeHtml(code.slice(last));
}
