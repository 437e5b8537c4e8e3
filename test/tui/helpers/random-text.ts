// Random text for the editor's model-based tests: a seeded PRNG (the same cases on every run)
// and text mixing what makes editing hard: line breaks, tabs, surrogate pairs, wide and
// combining characters, control bytes.

/** mulberry32: `rand(n)` is an integer in [0, n). */
export function random(seed: number): (n: number) => number {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

export const PIECES = ["word ", "x", "\n", "  ", "日本語", "👍🏽", "e\u0301", "\t", "ab\ncd", "\u001b[2J"];

/** At least `units` UTF-16 units of PIECES in random order. */
export function randomText(rand: (n: number) => number, units: number): string {
  let s = "";
  while (s.length < units) s += PIECES[rand(PIECES.length)];
  return s;
}
