// A live worker masks credentials too: a provider 401 echoing the key reaches the attached
// client, the session file and the worker's log file (its stderr) without the key.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFakeAgentHome } from "../../fixtures/fake-agent-home.js";
import { spawnRpc } from "../helpers/agent-process.js";
import { isProcessAlive, listLiveEntries } from "../../../src/agent/live/live-registry.js";
import { waitUntil } from "./live-harness.js";

const KEY = "sk-live-SECRET-0123456789";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

describe("live worker credentials", () => {
  it("never writes the key to the client, the session or the log", async () => {
    const home = await createFakeAgentHome({
      prefix: "live-cred-",
      script: [{ kind: "error", status: 401, body: { error: { message: `Invalid API key provided: ${KEY}` } } }],
      settings: { retry: { enabled: false } },
    });
    const relay = spawnRpc({
      cwd: home.cwd,
      home: home.agentDir,
      userHome: home.root,
      prefix: ["attach", "--or-start", "--mode", "rpc"],
      args: [],
      env: { OPENAI_API_KEY: KEY },
    });
    try {
      await relay.waitFor((f) => f.type === "ready");
      await relay.request({ type: "prompt", message: "hello" });
      const end = await relay.waitFor(
        (f) => f.type === "message_end" && (f["message"] as { role?: string }).role === "assistant",
      );
      expect((end["message"] as { errorMessage?: string }).errorMessage).toContain(
        "Invalid API key provided: [REDACTED]",
      );
      await relay.waitFor((f) => f.type === "agent_settled");
      expect(JSON.stringify(relay.frames)).not.toContain(KEY);
      for (const path of filesUnder(home.root).filter((p) => !p.endsWith("models.json")))
        expect(readFileSync(path, "latin1"), path).not.toContain(KEY);
    } finally {
      const pids = listLiveEntries(join(home.agentDir, "live")).map((e) => e.pid);
      await relay.kill();
      for (const pid of pids) if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
      await waitUntil(() => pids.every((pid) => !isProcessAlive(pid)), "live workers to die");
      await home.dispose();
    }
  }, 30_000);
});
