// Starting a fleet session on a session file that is not there (a worker that died before its
// first message was saved, or a file removed since): a plain answer, and no worker is started.
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startFleetSession } from "../../../src/bridge/index.js";
import { TEST_TMP } from "../../agent/helpers/isolated-tmp.js";

describe("startFleetSession", () => {
  it("says nothing was saved at a session file that does not exist, without starting a worker", async () => {
    const cwd = mkdtempSync(join(TEST_TMP, "new-session-"));
    const file = join(cwd, "never-written.jsonl");
    // A reach that would fail loudly if it were run: the answer must come before any spawn.
    const result = await startFleetSession(["/nonexistent/agent-rpc"], { cwd, session: file });
    expect(result).toEqual({ ok: false, error: `there is no session file at ${file}: nothing of it was saved there` });
  });
});
