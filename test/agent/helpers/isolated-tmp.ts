// Importing this gives the test file its own temp dir as TMPDIR (os.tmpdir(), children that
// inherit the environment, jiti's cache, bash full-output logs), removed after the file's
// tests, so the suite leaves nothing in /tmp. Helpers that build a child env pass TEST_TMP.
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
