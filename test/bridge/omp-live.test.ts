// Opt-in: the bridge against a REAL oh-my-pi (not a project dependency). Runs only when
// OMP_PEER_DIR points at an install made with `npm i bun@1.4.5 @oh-my-pi/pi-coding-agent@18.2.3`
// (see test/fixtures/traces/omp-18.2.3/README.md); skipped otherwise, e.g. in CI.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeError } from "../../src/bridge/errors.js";
import { createFakeAgentHome, type FakeAgentHome } from "../fixtures/fake-agent-home.js";
import { harness, waitFor, type Harness } from "./helpers.js";

const PEER = process.env["OMP_PEER_DIR"];
const BUN = PEER ? join(PEER, "node_modules", "bun", "bin", "bun.exe") : "";
const CLI = PEER ? join(PEER, "node_modules", "@oh-my-pi", "pi-coding-agent", "dist", "cli.js") : "";
const available = PEER !== undefined && existsSync(BUN) && existsSync(CLI);

describe.skipIf(!available)("bridge × real oh-my-pi (OMP_PEER_DIR)", () => {
  let home: FakeAgentHome;
  let h: Harness;

  beforeAll(async () => {
    home = await createFakeAgentHome({
      prefix: "bridge-omp-",
      script: [
        {
          matchLastUser: "hello",
          kind: "thinking",
          thinking: ["Hmm ", "ok."],
          chunks: ["Hello", " from", " omp."],
          delayMs: 10,
        },
        {
          matchLastUser: "slow",
          kind: "tool_call",
          calls: [{ id: "c1", name: "bash", arguments: { command: "echo a; sleep 2; echo b" } }],
        },
        { matchLastUser: "Steered", kind: "text", chunks: ["Got ", "the steer."] },
        { matchLastUser: "story", kind: "text", chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 100 },
      ],
      // omp reads models.yml; JSON is valid YAML.
      modelsFileNames: ["models.yml"],
      env: { TERM: "dumb" },
    });
    home.env["PI_CODING_AGENT_DIR"] = home.agentDir;
    h = harness({
      command: [BUN, CLI, "--mode", "rpc", "--model", "fake/fake-model", "--no-title", "--no-session"],
      cwd: home.cwd,
      env: home.env,
      settleQuietMs: 300,
      startupTimeoutMs: 20_000,
    });
    await h.connection.start();
  }, 30_000);

  afterAll(async () => {
    await h?.connection.stop();
    await home?.dispose();
  });

  const settled = (): Promise<void> =>
    waitFor(() => h.connection.getSnapshot().runState === "settled", 15_000, "settled");

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
    await waitFor(
      () => h.notices.slice(start).some((n) => n.kind === "event" && n.event.type === "tool_execution_start"),
      10_000,
      "tool start",
    );
    await h.connection.rpc.steer("Steered: stop after this");
    await settled();
    const queues = h.notices
      .slice(start)
      .flatMap((n) => (n.kind === "event" && n.event.type === "queue_update" ? [n.event.steering.length] : []));
    expect(queues).toEqual([1, 0]);
    // omp moves the steered bash to the background; its result comes back as a continuation
    // run (agent_end isTerminal:false before it), so "settled" comes after that run's answer.
    const answers = h.notices.slice(start).flatMap((n) => {
      if (n.kind !== "event" || n.event.type !== "message_end" || n.event.message.role !== "assistant") return [];
      return [n.event.message.blocks.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("")];
    });
    expect(answers).toContain("Got the steer.");
    const settles = h.notices.slice(start).filter((n) => n.kind === "run_state" && n.state === "settled");
    expect(settles).toHaveLength(1);
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
