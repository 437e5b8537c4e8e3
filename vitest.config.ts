// One runner for unit and end-to-end tests. e2e tests spawn the built bins in dist/,
// so `npm test` builds first.
import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest starts the files that took longest last time first, so the two forks finish together.
 * A clean clone (CI) has no such record, and vitest falls back to the largest files first: half of
 * test/e2e (half of the suite's time, up to a minute a file) would start after small unit files
 * (theme.test.ts is the 106th largest of 234) and one could end up running alone at the end.
 * Without a record, test/e2e starts first.
 */
class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (f: TestSpecification): string => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    const recorded = (f: TestSpecification): boolean => this.ctx.cache.getFileTestResults(key(f)) !== undefined;
    if (sorted.every(recorded)) return sorted;
    const e2e = (f: TestSpecification): boolean => f.moduleId.includes("/test/e2e/");
    return [...sorted.filter(e2e), ...sorted.filter((f) => !e2e(f))];
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    sequence: { sequencer: EndToEndFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
