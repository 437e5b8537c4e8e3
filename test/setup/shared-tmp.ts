// vitest globalSetup (vitest.config.ts): one temp dir for the whole run, made TMPDIR before any
// worker starts, so os.tmpdir(), children that inherit the environment, jiti's cache and bash's
// full-output logs land in it, and removed when the run ends: the suite leaves nothing in /tmp.
// Also takes CI out of the tests' environment (below).
// It is per run, not per file: files share a fork (vitest.config.ts), and a dir removed after one
// file would stay TMPDIR for the next. Each test still makes its own mkdtemp under it
// (test/agent/helpers/isolated-tmp.ts exports it as TEST_TMP).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): (() => void) | undefined {
  // A run nested in one that already made it (a test starting vitest, say): nothing to do.
  if (process.env["AGENT_TEST_TMP"] !== undefined) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "agent-test-tmp-"));
  const before = { TMPDIR: process.env["TMPDIR"], CI: process.env["CI"] };
  process.env["AGENT_TEST_TMP"] = dir;
  process.env["TMPDIR"] = dir;
  // Ink reads CI once, when a fork first imports it (is-in-ci), and draws only the last frame
  // under CI; the files sharing that fork would get whatever the first one had. Tests that draw
  // with Ink in-process expect every frame (they delete CI, as the pty harness does for the
  // TUI): with CI gone for the whole run, every file sees the Ink it sees on a developer's machine.
  delete process.env["CI"];
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env["AGENT_TEST_TMP"];
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
