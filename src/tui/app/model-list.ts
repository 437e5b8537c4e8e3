// Models as text: the `--list-models [search]` table (pi's columns: provider, model, context,
// max-out, thinking, images; fuzzy search over "provider id"), and the close matches named when
// `--model` matches none of the worker's models.
import type { Model } from "../../bridge/index.js";
import { fuzzyFilter } from "../state/fuzzy.js";
import { sanitizeLine } from "../render/sanitize.js";

function tokens(n: number): string {
  if (n >= 1_000_000) return `${Number.isInteger(n / 1_000_000) ? n / 1_000_000 : (n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${Number.isInteger(n / 1_000) ? n / 1_000 : (n / 1_000).toFixed(1)}K`;
  return String(n);
}

/** The table printed by --list-models, or the line saying why there is none. */
export function modelTable(models: readonly Model[], search: string | undefined): string[] {
  if (models.length === 0)
    return [
      "No models are available: set an API key (e.g. ANTHROPIC_API_KEY, OPENAI_API_KEY) " +
        "or add a provider to models.json.",
    ];
  const found = search ? fuzzyFilter(models, search, (m) => `${m.provider} ${m.id}`) : [...models];
  if (found.length === 0) return [`No models matching "${sanitizeLine(search ?? "")}"`];
  found.sort((a, b) => a.provider.localeCompare(b.provider) || a.id.localeCompare(b.id));
  const header = ["provider", "model", "context", "max-out", "thinking", "images"];
  const rows = found.map((m) => [
    sanitizeLine(m.provider),
    sanitizeLine(m.id),
    tokens(m.contextWindow),
    tokens(m.maxTokens),
    m.reasoning ? "yes" : "no",
    (m.input ?? []).includes("image") ? "yes" : "no",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** Edit distance, for typos that a subsequence match misses ("gtp-4o" for "gpt-4o"). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row.push(
        Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)),
      );
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** Up to `limit` `provider/id` names close to `pattern`: fuzzy matches first, then near typos. */
export function closeModels(models: readonly Model[], pattern: string, limit = 3): string[] {
  const want = pattern.replace(/:[a-z]+$/, "").toLowerCase(); // pi's ":<thinking>" suffix
  const full = (m: Model): string => `${m.provider}/${m.id}`;
  const fuzzy = fuzzyFilter(models, want, (m) => `${full(m)} ${m.name}`).map(full);
  const typos = [...models]
    .map((m) => ({
      name: full(m),
      d: Math.min(distance(want, m.id.toLowerCase()), distance(want, full(m).toLowerCase())),
    }))
    .filter((x) => x.d <= Math.max(2, Math.floor(want.length / 3)))
    .sort((a, b) => a.d - b.d)
    .map((x) => x.name);
  return [...new Set([...fuzzy, ...typos])].slice(0, limit).map(sanitizeLine);
}

/** The one line shown for a --model that the worker does not know. */
export function unknownModelLine(pattern: string, models: readonly Model[]): string {
  const close = closeModels(models, pattern);
  const hint = close.length > 0 ? ` Close matches: ${close.join(", ")}.` : "";
  const where = "(agent-tui --list-models lists them all; /model or Ctrl+L picks one.)";
  return `Unknown model "${sanitizeLine(pattern)}": the worker has no such model.${hint} ${where}`;
}
