// The built worker tells its client what it skipped in a session file, as a `notify`
// warning after `ready` (not only on stderr), stays up, and only appends to the file.
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../../fixtures/fake-llm-server.mjs";
import { writeCorruptCase } from "../../fixtures/corrupt-sessions.js";
import { defaultSessionDir } from "../../../src/agent/session/index.js";
import { promptAndWait, spawnRpc, writeAgentHome } from "../helpers/agent-process.js";

describe("session notices from the built worker", () => {
  let dir: string;
  let llm: FakeLlm;
  beforeAll(async () => {
    dir = mkdtempSync(join(TEST_TMP, "session-notices-"));
    llm = await startFakeLlm({ fallback: () => ({ kind: "text", chunks: ["ok"] }) });
    writeAgentHome(join(dir, "home"), llm.baseUrl, { retry: { enabled: false } });
  });
  afterAll(async () => {
    await llm.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("--session on a file with garbage: notify after ready, then only appends", async () => {
    const file = writeCorruptCase(dir, "garbage-in-the-middle");
    const original = readFileSync(file);
    const agent = spawnRpc({ cwd: dir, home: join(dir, "home"), args: ["--session", file] });
    try {
      const notice = await agent.waitFor((f) => f.type === "extension_ui_request" && f["method"] === "notify");
      expect(agent.frames[0]?.type).toBe("ready");
      expect(notice).toMatchObject({ notifyType: "warning", message: `Session ${file}: skipped 1 malformed line (3)` });
      await promptAndWait(agent, "continue it");
      const now = readFileSync(file);
      expect(now.subarray(0, original.length).equals(original)).toBe(true);
      expect(now.subarray(original.length).toString("utf8")).toContain("continue it");
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  }, 20_000);

  it("-c passes over a newer file that is not a session, says so, and continues the older one", async () => {
    const cwd = join(dir, "project");
    mkdirSync(cwd);
    const sessions = defaultSessionDir(join(dir, "home"), cwd);
    mkdirSync(sessions, { recursive: true });
    const good = writeCorruptCase(sessions, "crlf");
    const bad = writeCorruptCase(sessions, "binary");
    utimesSync(good, new Date(1_000_000), new Date(1_000_000));
    const agent = spawnRpc({ cwd, home: join(dir, "home"), args: ["-c"] });
    try {
      const notice = await agent.waitFor((f) => f.type === "extension_ui_request" && f["method"] === "notify");
      expect(notice["message"]).toBe(`Not continuing ${bad}: it is not a readable session file (left untouched)`);
      const state = await agent.request({ type: "get_state" });
      expect((state["data"] as { sessionFile: string }).sessionFile).toBe(good);
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  }, 20_000);
});
