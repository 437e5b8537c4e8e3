// vitest globalSetup (vitest.config.ts): one temp dir for the whole run, made TMPDIR before any
// worker starts, so os.tmpdir(), children that inherit the environment, jiti's cache and bash's
// full-output logs land in it, and removed when the run ends: the suite leaves nothing in /tmp.
// It is per run, not per file, because unit files share one worker and its module cache
// (test/helpers' TEST_TMP is read once); each test still makes its own mkdtemp under it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): (() => void) | undefined {
  // A second project's setup, or a run nested in one that already made it: nothing to do.
  if (process.env["AGENT_TEST_TMP"] !== undefined) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "agent-test-tmp-"));
  const before = process.env["TMPDIR"];
  process.env["AGENT_TEST_TMP"] = dir;
  process.env["TMPDIR"] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env["AGENT_TEST_TMP"];
    if (before === undefined) delete process.env["TMPDIR"];
    else process.env["TMPDIR"] = before;
  };
}
