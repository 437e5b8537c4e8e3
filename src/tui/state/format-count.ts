// Counts for people ("1,234,567"), grouped by hand: Number.prototype.toLocaleString's first
// call sets up ICU's number formatting (10-30 ms, measured inside a resumed session's first print).

/** `n` with thousands separators, as `n.toLocaleString("en-US")` writes it. */
export function formatCount(n: number): string {
  // Fractions, NaN, infinities and huge numbers are rare here: Intl handles them.
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
