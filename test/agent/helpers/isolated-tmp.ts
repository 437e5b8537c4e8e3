// The run's temp dir (TMPDIR), made and removed by test/setup/shared-tmp.ts (vitest's
// globalSetup), so the suite leaves nothing in /tmp. Helpers that build a child env pass TEST_TMP.
// Without that setup (a file run by hand outside vitest.config.ts) the file makes its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

export const TEST_TMP: string = process.env["AGENT_TEST_TMP"] ?? mkdtempSync(join(tmpdir(), "agent-test-tmp-"));
if (process.env["AGENT_TEST_TMP"] === undefined) {
  process.env["AGENT_TEST_TMP"] = TEST_TMP;
  process.env["TMPDIR"] = TEST_TMP;
  afterAll(() => {
    rmSync(TEST_TMP, { recursive: true, force: true });
    delete process.env["AGENT_TEST_TMP"];
  });
}
