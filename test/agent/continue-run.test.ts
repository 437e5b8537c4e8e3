// The `continue` command on the built worker (docs/protocol.md §3.1.7): a worker killed while its
// prompt was being answered leaves a session ending with that prompt; the restarted worker opens
// it and `continue` gets the answer without a second copy of the prompt, on the wire, in the
// model's request or in the file. Refusals: nothing awaiting an answer, a run already active.
import { TEST_TMP } from "./helpers/isolated-tmp.js";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm, type FakeStep } from "../fixtures/fake-llm-server.mjs";
import { spawnRpc, writeAgentHome, type Frame, type RpcProcess } from "./helpers/agent-process.js";

const NOTHING = "Nothing to continue: the conversation does not end with a message awaiting an answer";
const BUSY = "Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.";
const PROMPT = "CONTINUE-ME: name three primes";

let dir: string | undefined;
let llm: FakeLlm | undefined;
const workers: RpcProcess[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.kill();
  await llm?.close();
  llm = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A temp directory with an agent home whose model is the fake LLM, and a working directory. */
async function setUp(script: FakeStep[]): Promise<{ home: string; work: string }> {
  dir = mkdtempSync(join(TEST_TMP, "continue-run-"));
  llm = await startFakeLlm({ script });
  const home = writeAgentHome(join(dir, "home"), llm.baseUrl, { retry: { enabled: false } });
  const work = join(dir, "work");
  mkdirSync(work);
  return { home, work };
}

function start(home: string, work: string, args: string[]): RpcProcess {
  const worker = spawnRpc({ cwd: work, home, userHome: work, args });
  workers.push(worker);
  return worker;
}

type SavedMessage = { role: string; content: unknown };

/** The messages saved in a session file, in order. */
function savedMessages(file: string): SavedMessage[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as { type: string; message?: SavedMessage })
    .flatMap((entry) => (entry.type === "message" && entry.message ? [entry.message] : []));
}

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: unknown }) => (typeof part.text === "string" ? part.text : "")).join("")
      : "";

describe("continue (built worker)", () => {
  it("answers a saved session's unanswered prompt once after a crash, adding no user message", async () => {
    const { home, work } = await setUp([{ kind: "hang" }, { kind: "text", chunks: ["Two, three ", "and five."] }]);
    const fake = llm as FakeLlm;
    const first = start(home, work, []);
    expect((await first.request({ type: "prompt", message: PROMPT }))["success"]).toBe(true);
    await fake.waitForRequests(1);
    const state = await first.request({ type: "get_state" });
    const file = (state["data"] as { sessionFile: string }).sessionFile;
    await first.kill();
    expect(savedMessages(file).map((m) => m.role)).toEqual(["user"]);

    const second = start(home, work, ["--session", file]);
    const from = second.mark();
    const response = await second.request({ id: "c1", type: "continue" });
    expect(response).toEqual({ id: "c1", type: "response", command: "continue", success: true });
    await second.waitFor((f) => f.type === "agent_settled", { from, timeoutMs: 15_000 });
    const frames = second.frames.slice(from);
    const at = (predicate: (f: Frame) => boolean): number => frames.findIndex(predicate);
    expect(at((f) => f.type === "response")).toBeLessThan(at((f) => f.type === "agent_start"));
    const started = frames.filter((f) => f.type === "message_start").map((f) => (f["message"] as SavedMessage).role);
    expect(started).toEqual(["assistant"]);

    const request = await fake.waitForRequests(2);
    const sent = (request.body as { messages: SavedMessage[] }).messages.filter((m) => m.role === "user");
    expect(sent.map((m) => textOf(m.content))).toEqual([PROMPT]);

    const saved = savedMessages(file);
    expect(saved.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(textOf(saved[0]?.content)).toBe(PROMPT);
    expect(textOf(saved[1]?.content)).toBe("Two, three and five.");

    // Answered now: a second continue has nothing to answer and asks the model nothing.
    const again = await second.request({ type: "continue" });
    expect(again).toMatchObject({ success: false, error: NOTHING });
    expect(fake.requests.filter((r) => r.url.endsWith("/chat/completions"))).toHaveLength(2);
  }, 30_000);

  it("refuses an empty conversation, and a run already active with the prompt's busy error", async () => {
    const { home, work } = await setUp([{ kind: "hang" }]);
    const worker = start(home, work, ["--no-session"]);
    const empty = await worker.request({ type: "continue" });
    expect(empty).toMatchObject({ type: "response", command: "continue", success: false, error: NOTHING });

    expect((await worker.request({ type: "prompt", message: PROMPT }))["success"]).toBe(true);
    await (llm as FakeLlm).waitForRequests(1);
    const busy = await worker.request({ type: "continue" });
    expect(busy).toMatchObject({ command: "continue", success: false, error: BUSY });
    expect((await worker.request({ type: "abort" }))["success"]).toBe(true);
    const messages = await worker.request({ type: "get_messages" });
    const roles = (messages["data"] as { messages: SavedMessage[] }).messages.map((m) => m.role);
    expect(roles.filter((role) => role === "user")).toHaveLength(1);
  }, 30_000);
});
