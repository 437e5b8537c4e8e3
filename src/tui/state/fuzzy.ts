// Fuzzy matching shared by the pickers and `@` / `/` completion: every query character must
// appear in order; contiguous runs, word starts and early matches score higher.

export type FuzzyMatch = { score: number; positions: number[] };

const WORD_START = /[\s/_\-.:@]/;

/** Match `query` against `text` (case-insensitive); undefined when it does not match. */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | undefined {
  const q = query.toLowerCase().replace(/\s+/g, "");
  if (q === "") return { score: 0, positions: [] };
  const t = text.toLowerCase();
  const positions: number[] = [];
  let score = 0;
  let from = 0;
  let prev = -2;
  for (const ch of q) {
    const at = t.indexOf(ch, from);
    if (at === -1) return undefined;
    positions.push(at);
    // Contiguous characters and word starts are what people type; gaps cost a little.
    if (at === prev + 1) score += 8;
    if (at === 0 || WORD_START.test(t[at - 1] ?? "")) score += 6;
    score -= Math.min(5, at - from);
    prev = at;
    from = at + 1;
  }
  // A plain substring beats a scattered match; shorter texts beat longer ones.
  if (t.includes(q)) score += 20 + (t.startsWith(q) ? 10 : 0);
  score -= Math.floor(t.length / 16);
  return { score, positions };
}

/** Items whose text matches `query`, best first; a stable order for equal scores. */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  if (query.trim() === "") return [...items];
  const scored: Array<{ item: T; score: number; index: number }> = [];
  items.forEach((item, index) => {
    const m = fuzzyMatch(query, text(item));
    if (m) scored.push({ item, score: m.score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((s) => s.item);
}
