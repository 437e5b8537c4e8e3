// `agent-rpc attach --or-serve` (built agent-rpc): with no live worker to attach to, the process
// becomes the live worker and serves its own stdin/stdout as the first client. That link ending
// (the client closed it, or another client took over) leaves the worker running, detached, and
// reachable like any live worker.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import "../helpers/isolated-tmp.js";
import type { Frame } from "../helpers/agent-process.js";
import { isProcessAlive } from "../../../src/agent/live/live-registry.js";
import { createLiveSandbox, deltas, readyLive, waitUntil, type LiveSandbox } from "./live-harness.js";

const BUILT = existsSync(join(import.meta.dirname, "..", "..", "..", "dist", "agent-bundle", "main.js"));
const WORDS = Array.from({ length: 30 }, (_, i) => `w${i} `);
const ANSWER = WORDS.join("");
const SERVE = ["attach", "--or-serve", "--mode", "rpc"];

describe.skipIf(!BUILT)("a live worker served in place", () => {
  let box: LiveSandbox | undefined;
  afterEach(async () => {
    await box?.dispose();
    box = undefined;
  });

  it("is the process that was started, keeps its run going after that link closes, and gives the next client the rest", async () => {
    box = await createLiveSandbox([{ kind: "text", chunks: WORDS, delayMs: 60 }]);
    const a = box.relay(SERVE);
    await a.request({ type: "live_attach" });
    expect(readyLive(a).pid).toBe(a.child.pid);
    expect(box.entries()[0]).toMatchObject({ pid: a.child.pid, attached: true });
    await a.request({ type: "prompt", message: "long answer please" });
    await a.waitFor(() => deltas(a.frames).length >= 8);

    a.closeStdin();
    await waitUntil(() => box?.entries()[0]?.attached === false, "the worker to notice its first client left");
    expect(isProcessAlive(a.child.pid ?? 0)).toBe(true);
    expect(box.entries()[0]?.state).toBe("working");

    const c = box.relay(["attach", readyLive(a).id]);
    const answer = await c.request({ type: "live_attach" });
    const from = c.frames.indexOf(answer) + 1;
    const replay = (answer["data"] as { frames: Frame[] }).frames;
    const started = (replay.find((f) => f.type === "message_start")?.["message"] ?? { content: [] }) as {
      content: Array<{ text?: string }>;
    };
    await c.waitFor((f) => f.type === "agent_settled", { from });
    expect(started.content.map((b) => b.text ?? "").join("") + deltas(c.frames.slice(from))).toBe(ANSWER);

    const state = await c.request({ type: "get_state" });
    const file = (state["data"] as { sessionFile: string }).sessionFile;
    expect(readFileSync(file, "utf8")).toContain(JSON.stringify(ANSWER));
  });

  it("tells its first client when another takes control, and runs on for the new one", async () => {
    box = await createLiveSandbox([]);
    const a = box.relay(SERVE);
    await a.request({ type: "live_attach" });
    const b = box.relay(["attach", readyLive(a).id, "--take"]);
    await b.request({ type: "live_attach" });
    const control = await a.waitFor((f) => f.type === "live_control");
    expect(control["role"]).toBe("watcher");
    expect(isProcessAlive(a.child.pid ?? 0)).toBe(true);
    expect((await b.request({ type: "get_state" }))["success"]).toBe(true);
    expect(box.entries()[0]).toMatchObject({ pid: a.child.pid, attached: true });
  });
});
