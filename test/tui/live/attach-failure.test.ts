// An id that matches no live session is agent-tui's one line naming agent-tui's commands, in
// `agent-tui attach ID` and `agent-tui sessions stop ID`: not a worker that failed to start,
// and not agent-rpc's own words (the person typed agent-tui).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BridgeError, type WorkerExitInfo } from "../../../src/bridge/index.js";
import { EXIT_NO_SESSION, EXIT_SESSION_BUSY } from "../../../src/agent/live/relay.js";
import { startFailureLine } from "../../../src/tui/app/start-failure.js";
import * as failure from "../../../src/tui/live/attach-failure.js";
import { runSessionsCli } from "../../../src/tui/live/live-plan.js";

const ID = "01a24fef-48a0";
const exited = (code: number, stderrTail: string): BridgeError => {
  const exit: WorkerExitInfo = { generation: 1, code, signal: null, intentional: false, stderrTail };
  return new BridgeError("worker_exit", "Worker exited", { exit });
};

describe("agent-tui attach with an id no live session has", () => {
  it("uses agent-rpc attach's exit code for no live session", () => {
    expect(failure.NO_LIVE_SESSION_EXIT).toBe(EXIT_NO_SESSION);
    expect(failure.LIVE_SESSION_BUSY_EXIT).toBe(EXIT_SESSION_BUSY);
  });

  it("a live session print or plain mode left alone is the worker's reason alone, not a start failure", () => {
    const reach = `agent-tui attach ${ID} reaches it; agent-tui sessions stop ${ID} ends it.`;
    const reason = `the session ${ID} is live and working. ${reach}`;
    const command = ["agent-rpc", "attach", "--or-run", "--continue"];
    expect(startFailureLine(command, exited(6, `agent-rpc attach: ${reason}\n`))).toBe(reason);
  });

  it("is one line naming agent-tui sessions, not a worker start failure", () => {
    const error = exited(4, "agent-rpc attach: no live session matches nosuchid (agent-rpc sessions lists them)\n");
    const lists = "(agent-tui sessions lists them)";
    expect(failure.attachFailureLine("nosuchid", "/tmp", error)).toBe(`no live session matches nosuchid ${lists}`);
    expect(failure.attachFailureLine("", "/work/proj", error)).toBe(`no live session runs in /work/proj ${lists}`);
  });

  it("leaves other failures (and starts that were no attach) to the start-failure line", () => {
    expect(failure.attachFailureLine("abc1", "/tmp", exited(1, "boom"))).toBeUndefined();
    expect(failure.attachFailureLine(undefined, "/tmp", exited(4, "boom"))).toBeUndefined();
  });
});

describe("agent-tui sessions stop with an id no live session has", () => {
  let dir: string | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** An agent-rpc stand-in that answers `sessions …` as agent-rpc does, with `code`. */
  function fakeAgentRpc(code: number, says: string): string[] {
    dir = mkdtempSync(join(tmpdir(), "attach-failure-"));
    const script = join(dir, "agent-rpc.js");
    writeFileSync(script, `process.stderr.write(${JSON.stringify(says)}); process.exit(${code});\n`);
    return [process.execPath, script];
  }

  async function stderrOf(run: () => Promise<number>): Promise<{ code: number; stderr: string }> {
    let stderr = "";
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    });
    const code = await run();
    vi.restoreAllMocks();
    return { code, stderr };
  }

  it("says so in agent-tui's words, with agent-rpc's exit code", async () => {
    const workerCommand = fakeAgentRpc(4, "agent-rpc sessions: no live session matches nosuchid\n");
    const r = await stderrOf(() => runSessionsCli({ args: ["--stop", "nosuchid"], workerCommand }));
    expect(r.code).toBe(4);
    expect(r.stderr).toBe("agent-tui sessions: no live session matches nosuchid (agent-tui sessions lists them)\n");
  });

  it("passes any other failure of stop on as agent-rpc said it", async () => {
    const workerCommand = fakeAgentRpc(1, "agent-rpc sessions: something else\n");
    const r = await stderrOf(() => runSessionsCli({ args: ["--stop", "abcd1"], workerCommand }));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("agent-rpc sessions: something else\n");
  });
});
