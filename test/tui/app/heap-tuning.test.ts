// The TUI process's V8 heap settings (src/tui/app/heap-tuning.ts, applied first by bin/agent-tui.js),
// measured in child processes (the flags are process-wide) on the built module, each beside the
// same workload run without them: the control shows the workload does grow the heap.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const MODULE = resolve(import.meta.dirname, "..", "..", "..", "dist", "tui", "app", "heap-tuning.js");

/** Runs `workload` (an ES module body that prints one number) with or without the settings. */
function run(tuned: boolean, workload: string[]): number {
  const script = [
    'import { getHeapSpaceStatistics } from "node:v8";',
    tuned ? `(await import(${JSON.stringify(pathToFileURL(MODULE).href)})).keepHeapSmall();` : "",
    ...workload,
  ].join("\n");
  return Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

/** Peak young generation (MB) while objects survive a few collections each. */
const YOUNG = [
  "const size = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;",
  "let peak = size(); let batch = []; const kept = [];",
  "for (let i = 0; i < 1e6; i += 1) {",
  "  batch.push({ i, text: 'x' + i });",
  "  if (batch.length === 100000) { kept.push(batch.slice(0, 1000)); batch = []; peak = Math.max(peak, size()); }",
  "}",
  "process.stdout.write(String(peak / 1048576));",
];

/** Peak heap in use (MB) over ~30 MB alive while arrays that outlive many collections die in turn. */
const OLD = [
  "const alive = Array.from({ length: 300000 }, (_, i) => ({ i, text: 'alive' + i }));",
  "let peak = 0; const ring = new Array(50).fill(null);",
  "for (let i = 0; i < 3000; i += 1) {",
  "  ring[i % 50] = Array.from({ length: 2000 }, (_, k) => ({ k, text: 'g' + k }));",
  "  if (i % 20 === 0) { await new Promise((r) => setImmediate(r)); peak = Math.max(peak, process.memoryUsage().heapUsed); }",
  "}",
  "process.stdout.write(String(alive.length > 0 ? peak / 1048576 : 0));",
];

describe.skipIf(!existsSync(MODULE))("the TUI's heap settings", () => {
  it("keep the young generation at its initial two 1 MB semi-spaces where it would grow to many times that", () => {
    expect(run(false, YOUNG)).toBeGreaterThan(8);
    expect(run(true, YOUNG)).toBeLessThanOrEqual(2.5);
  });

  it("collect the old generation before its garbage outgrows what is alive", () => {
    const untuned = run(false, OLD);
    const tuned = run(true, OLD);
    // ~30 MB alive and ~12 MB of arrays in the ring: untuned, garbage piled up to ~90 MB.
    expect(untuned).toBeGreaterThan(75);
    expect(tuned).toBeLessThan(untuned * 0.8);
  });
});
