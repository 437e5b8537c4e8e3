// One runner for unit and end-to-end tests. e2e tests spawn the built bins in dist/,
// so `npm test` builds first.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A test file that starts processes (the built bins, fixtures, node): those take seconds, the
 * others mostly milliseconds. Read from the file's text, for ordering only.
 */
const STARTS_PROCESSES = /child_process|spawn|execFile|\.mjs["']|harness|agent-process\.js|Sandbox|WorkerConnection/;

/**
 * Vitest starts the files that took longest last time first, so the two forks finish together.
 * A clean clone (CI) has no such record, and vitest falls back to the largest files first, a poor
 * guess: the heap settings test (9 s) is the 167th largest unit file, and a long file starting
 * late runs alone at the end while the other fork waits. Without a record: test/e2e first (half of
 * the suite's time), then the other files that start processes, then the rest, each by size.
 */
class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (f: TestSpecification): string => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    const recorded = (f: TestSpecification): boolean => this.ctx.cache.getFileTestResults(key(f)) !== undefined;
    if (sorted.every(recorded)) return sorted;
    const rank = (f: TestSpecification): number => {
      if (f.moduleId.includes("/test/e2e/")) return 0;
      return STARTS_PROCESSES.test(readFileSync(f.moduleId, "utf8")) ? 1 : 2;
    };
    const ranks = new Map(sorted.map((f) => [f, rank(f)]));
    return [0, 1, 2].flatMap((r) => sorted.filter((f) => ranks.get(f) === r));
  }
}

/**
 * Each file's modules are loaded afresh (module state starts clean, mocks reset), as in a fork of
 * its own; `isolate` here is what the worker does between files.
 */
const freshModules = { forks: { isolate: true } };

export default defineConfig({
  test: {
    globalSetup: ["test/setup/shared-tmp.ts"],
    pool: "forks",
    // Files share a fork instead of starting one each (isolate: false here is the pool's: forks are
    // reused). Node, vitest and node_modules load once per fork, not once per file: about half the
    // suite's CPU. So a file must leave no process state behind (environment variables, timers,
    // children, the require cache, patches to node_modules such as Ink); its own modules are
    // re-evaluated for the next file (freshModules).
    // Two forks, as many as cores; given as maxWorkers (not maxForks) so --maxWorkers can change it.
    maxWorkers: 2,
    minWorkers: 1,
    poolOptions: { forks: { isolate: false } },
    sequence: { sequencer: EndToEndFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    // One project, only so the pool's setting (reused forks) and the worker's (fresh modules)
    // differ. One, not one for unit and one for e2e files: vitest runs projects one after the
    // other, each one's last file alone on its fork.
    projects: [
      {
        extends: true,
        test: { name: "agent-tui", include: ["test/**/*.test.ts", "test/**/*.test.tsx"], poolOptions: freshModules },
      },
    ],
  },
});
