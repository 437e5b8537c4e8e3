// No tool process outlives its worker: kill -9 of agent-rpc while its bash tool runs a
// command with a background job leaves neither running; a clean exit reaps a background job
// the tool left behind too.
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../../fixtures/fake-llm-server.mjs";
import { spawnRpc, writeAgentHome } from "../helpers/agent-process.js";

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitUntilGone(pgid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) {
      process.kill(-pgid, "SIGKILL");
      throw new Error(`process group ${pgid} still running ${timeoutMs} ms after its worker died`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("tool processes die with their worker", () => {
  let dir: string;
  let llm: FakeLlm;
  beforeAll(async () => {
    dir = mkdtempSync(join(TEST_TMP, "reaper-"));
    llm = await startFakeLlm({
      script: [
        {
          kind: "tool_call",
          matchLastUser: "hang",
          calls: [{ id: "call-hang", name: "bash", arguments: { command: 'echo "pgid=$$"; sleep 300 & sleep 300' } }],
        },
        {
          kind: "tool_call",
          matchLastUser: "background",
          calls: [
            { id: "call-bg", name: "bash", arguments: { command: 'echo "pgid=$$"; (sleep 300 &) ; echo started' } },
          ],
        },
        { kind: "text", match: "call-bg", chunks: ["left it running"] },
      ],
    });
    writeAgentHome(join(dir, "home"), llm.baseUrl, { retry: { enabled: false } });
  });
  afterAll(async () => {
    await llm.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pgidFrom = (text: string): number => Number(/pgid=(\d+)/.exec(text)?.[1] ?? Number.NaN);

  it("kill -9 of agent-rpc mid-command: the command and its background job are reaped", async () => {
    const agent = spawnRpc({ cwd: dir, home: join(dir, "home"), args: ["--no-session"] });
    await agent.request({ type: "prompt", message: "hang" });
    const update = await agent.waitFor(
      (f) => f.type === "tool_execution_update" && /pgid=\d/.test(JSON.stringify(f["partialResult"])),
    );
    const pgid = pgidFrom(JSON.stringify(update["partialResult"]));
    expect(groupAlive(pgid)).toBe(true);
    await agent.kill();
    await waitUntilGone(pgid);
  }, 30_000);

  it("a background job a finished command left is reaped when the worker exits", async () => {
    const agent = spawnRpc({ cwd: dir, home: join(dir, "home"), args: ["--no-session"] });
    await agent.request({ type: "prompt", message: "background" });
    const end = await agent.waitFor((f) => f.type === "tool_execution_end");
    const pgid = pgidFrom(JSON.stringify(end["result"]));
    await agent.waitFor((f) => f.type === "agent_settled");
    expect(groupAlive(pgid)).toBe(true);
    expect(await agent.stop()).toBe(0);
    await waitUntilGone(pgid);
  }, 30_000);
});
