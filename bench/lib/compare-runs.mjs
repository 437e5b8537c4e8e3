// The runs of a bench that compares TUIs, and its table: each target runs once per round, in
// turn, so a change in the machine's load falls on all of them; the table prints the median of
// each figure per target, our ratio to pi and the verdict beside the target.
import { median } from "./process-stats.mjs";

/** `runOnce(name)` for every name, `runs` rounds; the results by name (BENCH_VERBOSE prints each). */
export async function runAlternating(names, runs, runOnce) {
  const results = Object.fromEntries(names.map((n) => [n, []]));
  for (let run = 0; run < runs; run++) {
    for (const n of names) {
      const r = await runOnce(n);
      results[n].push(r);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `  run ${run + 1} ${n}: ${JSON.stringify(r, (_, v) => (typeof v === "number" ? Number(v.toFixed(3)) : v))}`,
        );
    }
  }
  return results;
}

/** The median of `key` over `name`'s runs (NaN for a target that did not run). */
export const medianOf = (results) => (name, key) =>
  results[name] ? median(results[name].map((r) => r[key])) : Number.NaN;

const num = (x, digits) => (Number.isNaN(x) ? "n/a" : x.toFixed(digits));

/**
 * One line per `[label, key, digits, target text, check(ours, pi)]`: pi's median, the other
 * targets' (a base build, Ink's own writer) between, ours, ours / pi, ok or MISS, the target.
 */
export function printComparison(results, rows, { pi, ours }) {
  const med = medianOf(results);
  const others = Object.keys(results).filter((n) => n !== pi && n !== ours);
  console.log(
    `  ${"figure".padEnd(40)} ${pi.padStart(10)}${others.map((n) => ` ${n.padStart(14)}`).join("")} ${ours.padStart(10)}  ours/pi  target`,
  );
  for (const [label, key, digits, target, check] of rows) {
    const p = med(pi, key);
    const o = med(ours, key);
    const ratio = p > 0 && !Number.isNaN(o) ? (o / p).toFixed(2) : "";
    const verdict = check && !Number.isNaN(o) ? (check(o, p) ? "ok  " : "MISS") : "    ";
    const b = others.map((n) => ` ${num(med(n, key), digits).padStart(14)}`).join("");
    console.log(
      `  ${label.padEnd(40)} ${num(p, digits).padStart(10)}${b} ${num(o, digits).padStart(10)}  ${ratio.padStart(7)}  ${verdict} ${target}`,
    );
  }
}
