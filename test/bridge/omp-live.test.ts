// Opt-in: the bridge against a REAL oh-my-pi (not a project dependency). Runs only when
// OMP_PEER_DIR points at an install made with `npm i bun@1.4.5 @oh-my-pi/pi-coding-agent@18.2.3`
// (see test/fixtures/traces/omp-18.2.3/README.md); skipped otherwise, e.g. in CI.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeError } from "../../src/bridge/errors.js";
import { startFakeLlm, type FakeLlm } from "../fixtures/fake-llm-server.mjs";
import { harness, waitFor, type Harness } from "./helpers.js";

const PEER = process.env["OMP_PEER_DIR"];
const BUN = PEER ? join(PEER, "node_modules", "bun", "bin", "bun.exe") : "";
const CLI = PEER ? join(PEER, "node_modules", "@oh-my-pi", "pi-coding-agent", "dist", "cli.js") : "";
const available = PEER !== undefined && existsSync(BUN) && existsSync(CLI);

describe.skipIf(!available)("bridge × real oh-my-pi (OMP_PEER_DIR)", () => {
  let llm: FakeLlm;
  let root: string;
  let h: Harness;

  beforeAll(async () => {
    llm = await startFakeLlm({
      script: [
        { matchLastUser: "hello", kind: "thinking", thinking: ["Hmm ", "ok."], chunks: ["Hello", " from", " omp."], delayMs: 10 },
        { matchLastUser: "slow", kind: "tool_call", calls: [{ id: "c1", name: "bash", arguments: { command: "echo a; sleep 2; echo b" } }] },
        { matchLastUser: "Steered", kind: "text", chunks: ["Got ", "the steer."] },
        { matchLastUser: "story", kind: "text", chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 100 },
      ],
      fallback: () => ({ kind: "text", chunks: ["Fallback ", "answer."], delayMs: 5 }),
    });
    root = mkdtempSync(join(tmpdir(), "bridge-omp-"));
    for (const d of ["home", "agent", "cwd", "tmp"]) mkdirSync(join(root, d));
    const models = {
      providers: {
        fake: {
          baseUrl: llm.baseUrl,
          api: "openai-completions",
          apiKey: "fake-key",
          models: [{ id: "fake-model", name: "Fake Model", reasoning: true, input: ["text"], contextWindow: 128000, maxTokens: 4096 }],
        },
      },
    };
    // omp reads models.yml; JSON is valid YAML.
    writeFileSync(join(root, "agent", "models.yml"), JSON.stringify(models));
    h = harness({
      command: [BUN, CLI, "--mode", "rpc", "--model", "fake/fake-model", "--no-title", "--no-session"],
      cwd: join(root, "cwd"),
      env: { PATH: process.env["PATH"], HOME: join(root, "home"), TMPDIR: join(root, "tmp"), PI_CODING_AGENT_DIR: join(root, "agent"), LANG: "C.UTF-8", TERM: "dumb" },
      settleQuietMs: 300,
      startupTimeoutMs: 20_000,
    });
    await h.connection.start();
  }, 30_000);

  afterAll(async () => {
    await h?.connection.stop();
    await llm?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const settled = (): Promise<void> => waitFor(() => h.connection.getSnapshot().runState === "settled", 15_000, "settled");

  it("is classified as the xcsh family with synthesised settledness", () => {
    const caps = h.connection.getSnapshot().capabilities;
    expect(caps.flavour).toBe("xcsh");
    expect(caps.synthesisedSettled).toBe(true);
    expect(caps.commands["get_commands"]).toBe(false);
  });

  it("a prompt streams and settles", async () => {
    await h.connection.rpc.prompt("Say hello");
    await settled();
    expect(await h.connection.rpc.getLastAssistantText()).toEqual({ text: "Hello from omp." });
  }, 20_000);

  it("a steer during a bash tool is mirrored in queue_update and delivered", async () => {
    const start = h.notices.length;
    await h.connection.rpc.prompt("Run something slow");
    await waitFor(() => h.notices.slice(start).some((n) => n.kind === "event" && n.event.type === "tool_execution_start"), 10_000, "tool start");
    await h.connection.rpc.steer("Steered: stop after this");
    await settled();
    const queues = h.notices.slice(start).flatMap((n) => (n.kind === "event" && n.event.type === "queue_update" ? [n.event.steering.length] : []));
    expect(queues).toEqual([1, 0]);
    expect(await h.connection.rpc.getLastAssistantText()).toEqual({ text: "Got the steer." });
  }, 30_000);

  it("abort ends a streaming answer; unknown commands are rejected as unsupported", async () => {
    await h.connection.rpc.prompt("Tell a long story");
    await waitFor(() => h.connection.getSnapshot().runState === "streaming", 5000, "streaming");
    await h.connection.rpc.abort();
    await settled();
    const error = await h.connection.rpc.send("no_such_command").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error instanceof BridgeError && error.kind).toBe("unsupported");
    expect(h.connection.getSnapshot().protocolErrors).toBe(0);
  }, 30_000);
});
