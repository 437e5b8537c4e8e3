// Session files move between the real pi 0.73.1 and agent-rpc in both directions: pi's file
// opens in agent-rpc and continues; ours opens in pi with the same messages.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../../fixtures/fake-llm-server.mjs";
import { makeTempDir } from "./helpers.js";
import { AGENT_BIN, PI_CLI, promptAndWait, spawnRpc, writeAgentHome, type Frame } from "../helpers/agent-process.js";

let llm: FakeLlm;
let dir: string;

beforeAll(async () => {
  dir = makeTempDir("session-interop-");
  llm = await startFakeLlm({ fallback: (lastUser) => ({ kind: "text", chunks: [`Answer to: ${lastUser}`] }) });
  writeAgentHome(join(dir, "home"), llm.baseUrl, { retry: { enabled: false } });
});
afterAll(async () => {
  await llm.close();
  rmSync(dir, { recursive: true, force: true });
});

function messageTexts(frame: Frame): string[] {
  const data = frame["data"] as { messages: { role: string; content: string | { type: string; text?: string }[] }[] };
  return data.messages.map(
    (m) => `${m.role}:${typeof m.content === "string" ? m.content : m.content.map((b) => b.text ?? "").join("")}`,
  );
}

function sessionFiles(sessionDir: string): string[] {
  return readdirSync(sessionDir)
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => join(sessionDir, name));
}

describe("session files with real pi 0.73.1", () => {
  it("a file written by pi opens in agent-rpc and continues", async () => {
    const sessionDir = join(dir, "from-pi");
    const pi = spawnRpc({ cli: PI_CLI, cwd: dir, home: join(dir, "home"), args: ["--session-dir", sessionDir] });
    try {
      await promptAndWait(pi, "pi question one");
      await promptAndWait(pi, "pi question two");
      expect((await pi.request({ type: "set_session_name", name: "named by pi" }))["success"]).toBe(true);
    } finally {
      await pi.stop();
    }
    const [file] = sessionFiles(sessionDir);
    if (!file) throw new Error("pi wrote no session file");

    const ours = spawnRpc({ cli: AGENT_BIN, cwd: dir, home: join(dir, "home"), args: ["--session", file] });
    try {
      const messages = await ours.request({ type: "get_messages" });
      expect(messageTexts(messages)).toEqual([
        "user:pi question one",
        "assistant:Answer to: pi question one",
        "user:pi question two",
        "assistant:Answer to: pi question two",
      ]);
      const state = (await ours.request({ type: "get_state" }))["data"] as Record<string, unknown>;
      expect(state["sessionFile"]).toBe(file);
      expect(state["sessionName"]).toBe("named by pi");
      await promptAndWait(ours, "our question three");
    } finally {
      await ours.stop();
    }
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const ids = new Set(lines.map((l) => l["id"]));
    const appended = lines.slice(-2);
    expect(appended.map((l) => (l["message"] as { role: string }).role)).toEqual(["user", "assistant"]);
    // Our entries chain onto pi's tree.
    expect(ids.has(appended[0]?.["parentId"])).toBe(true);
  }, 30_000);

  it("a file written by agent-rpc opens in pi with the same messages", async () => {
    const sessionDir = join(dir, "from-ours");
    const ours = spawnRpc({ cli: AGENT_BIN, cwd: dir, home: join(dir, "home"), args: ["--session-dir", sessionDir] });
    let expected: string[];
    try {
      await promptAndWait(ours, "our question one");
      await promptAndWait(ours, "our question two");
      expected = messageTexts(await ours.request({ type: "get_messages" }));
    } finally {
      await ours.stop();
    }
    expect(expected).toHaveLength(4);
    const [file] = sessionFiles(sessionDir);
    if (!file) throw new Error("agent-rpc wrote no session file");
    const pi = spawnRpc({ cli: PI_CLI, cwd: dir, home: join(dir, "home"), args: ["--session", file] });
    try {
      expect(messageTexts(await pi.request({ type: "get_messages" }))).toEqual(expected);
      await promptAndWait(pi, "pi continues");
    } finally {
      await pi.stop();
    }
    const roles = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .slice(-2)
      .map((line) => (JSON.parse(line) as { message?: { role: string } }).message?.role);
    expect(roles).toEqual(["user", "assistant"]);
  }, 30_000);
});
