// Minimal front matter reader for prompt templates and SKILL.md: flat `key: value` lines between
// `---` fences. Enough for name/description/argument-hint; nested YAML is ignored, not rejected.

export interface FrontMatter {
  fields: Record<string, string>;
  body: string;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2) {
    const first = trimmed[0];
    const last = trimmed[trimmed.length - 1];
    if ((first === '"' || first === "'") && first === last) return trimmed.slice(1, -1);
  }
  return trimmed;
}

export function parseFrontMatter(text: string): FrontMatter {
  const normalized = text.replace(/\r\n/g, "\n");
  if (!normalized.startsWith("---\n")) return { fields: {}, body: normalized };
  const end = normalized.indexOf("\n---", 4);
  if (end === -1) return { fields: {}, body: normalized };
  const head = normalized.slice(4, end);
  const afterFence = normalized.indexOf("\n", end + 4);
  const body = afterFence === -1 ? "" : normalized.slice(afterFence + 1);
  const fields: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const match = /^([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) fields[match[1]] = unquote(match[2]);
  }
  return { fields, body };
}
