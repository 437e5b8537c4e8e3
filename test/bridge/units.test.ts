// Unit tests of the bridge's pure parts: command-line splitting, redaction, stderr ring,
// pending table (§2.4–2.5), write queue backpressure, UI routing, capabilities, restart budget.
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { splitCommandLine, resolveBundledWorkerCommand } from "../../src/bridge/command-line.js";
import { createRedactor } from "../../src/bridge/redact.js";
import { createStderrRing } from "../../src/bridge/stderr-ring.js";
import { createPendingTable } from "../../src/bridge/pending.js";
import { createWriteQueue } from "../../src/bridge/write-queue.js";
import { createUiRouter } from "../../src/bridge/ui-router.js";
import { applyProbe, CAPABILITY_PROBES, capabilitiesFor, classifyFlavour } from "../../src/bridge/capabilities.js";
import { decideRestart } from "../../src/bridge/restart-policy.js";
import { decodeData } from "../../src/bridge/normalise.js";
import { EMPTY_QUEUE, mirrorAccepted, mirrorDelivered, mirrorReconcile } from "../../src/bridge/queue-mirror.js";
import { createHostToolServer } from "../../src/bridge/host-tools.js";
import { buildChildEnv } from "../../src/bridge/worker-process.js";
import { BridgeError } from "../../src/bridge/errors.js";
import type { BridgeNotice } from "../../src/bridge/types.js";

describe("splitCommandLine", () => {
  it("splits on whitespace and honours quotes and escapes without a shell", () => {
    expect(splitCommandLine("pi --mode rpc")).toEqual(["pi", "--mode", "rpc"]);
    expect(splitCommandLine(`ssh devbox 'agent-rpc --mode rpc'`)).toEqual(["ssh", "devbox", "agent-rpc --mode rpc"]);
    expect(splitCommandLine(`node "my dir/cli.js" --name "a \\"b\\" c"`)).toEqual(["node", "my dir/cli.js", "--name", 'a "b" c']);
    expect(splitCommandLine(`a\\ b c''d ""`)).toEqual(["a b", "cd", ""]);
    expect(splitCommandLine("  echo $HOME *.ts ~  ")).toEqual(["echo", "$HOME", "*.ts", "~"]);
  });
  it("rejects unterminated quotes", () => {
    expect(() => splitCommandLine(`pi "oops`)).toThrow(/Unterminated double quote/);
    expect(() => splitCommandLine(`pi 'oops`)).toThrow(/Unterminated single quote/);
  });
  it("resolves the bundled worker to this package's bin/agent-rpc.js", () => {
    const [node, script] = resolveBundledWorkerCommand();
    expect(node).toBe(process.execPath);
    expect(script).toMatch(/bin[/\\]agent-rpc\.js$/);
  });
});

describe("redaction", () => {
  const redact = createRedactor({ MY_API_KEY: "supersecretvalue123", GITHUB_TOKEN: "tok-abcdef", AUTH: "1", PATH: "/usr/bin" });
  it.each([
    ["key sk-ant-api03-AAAAbbbbCCCCdddd here", "sk-ant-api03"],
    ["key sk-proj-abcdefghijk12345", "sk-proj-abcdefghijk"],
    ["Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig", "eyJhbGci"],
    ["token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_abcdefgh"],
    ["google AIzaSyA-1234567890abcdefghijklmnop", "AIzaSyA-123"],
    ["slack xoxb-1234-5678-abcdefgh", "xoxb-1234"],
    ["aws AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"],
    ["url https://user:hunter2@example.com/x", "hunter2"],
    ["env value supersecretvalue123 leaked", "supersecretvalue123"],
    ["gh tok-abcdef leaked", "tok-abcdef"],
    ['{"apiKey": "plainvalue99"}', "plainvalue99"],
  ])("removes secrets from %s", (input, secret) => {
    const out = redact(input);
    expect(out).not.toContain(secret);
    expect(out).toContain("[REDACTED]");
  });
  it("keeps ordinary text and short env values", () => {
    expect(redact("exit code 1 after 12 ms in /usr/bin")).toBe("exit code 1 after 12 ms in /usr/bin");
  });
});

describe("stderr ring", () => {
  it("keeps a bounded, redacted tail and joins lines split across chunks", () => {
    const ring = createStderrRing(createRedactor({}), 3);
    expect(ring.push("first li")).toEqual([]);
    expect(ring.push("ne\nsecond sk-abcdefghijklmnop\n")).toEqual(["first line", "second [REDACTED]"]);
    ring.push("3\n4\n5");
    expect(ring.end()).toEqual(["5"]);
    expect(ring.lines()).toEqual(["3", "4", "5"]);
  });
  it("handles a multi-byte character cut between chunks", () => {
    const ring = createStderrRing(createRedactor({}));
    const bytes = Buffer.from("héllo\n");
    ring.push(bytes.subarray(0, 2));
    expect(ring.push(bytes.subarray(2))).toEqual(["héllo"]);
  });
});

describe("pending table", () => {
  const ok = (id: string | undefined, command: string, data?: unknown) => ({ type: "response" as const, success: true, command, data, ...(id ? { id } : {}) });
  const same = (_c: string, d: unknown) => ({ ok: true as const, value: d });

  it("resolves out-of-order responses by id and uses unique ids", async () => {
    const table = createPendingTable();
    const a = table.nextId(1);
    const b = table.nextId(1);
    expect(a).not.toBe(b);
    expect(table.nextId(2)).toMatch(/^g2-/);
    const pa = table.add(a, "get_state", 0, () => undefined);
    const pb = table.add(b, "get_messages", 0, () => undefined);
    expect(table.settle(ok(b, "get_messages", { messages: [] }), same)).toMatchObject({ kind: "resolved", id: b });
    expect(table.settle(ok(a, "get_state", { x: 1 }), same)).toMatchObject({ kind: "resolved", id: a });
    await expect(pa).resolves.toEqual({ x: 1 });
    await expect(pb).resolves.toEqual({ messages: [] });
  });

  it("matches id-less responses to the oldest pending request of that type (§2.5)", async () => {
    const table = createPendingTable();
    const p1 = table.add("g1-1", "get_tree", 0, () => undefined);
    const p2 = table.add("g1-2", "get_tree", 0, () => undefined);
    table.settle({ type: "response", command: "get_tree", success: false, error: "Unknown command: get_tree" }, same);
    await expect(p1).rejects.toMatchObject({ kind: "unsupported", command: "get_tree" });
    expect(table.size()).toBe(1);
    table.settle(ok(undefined, "get_tree", { tree: [] }), same);
    await expect(p2).resolves.toEqual({ tree: [] });
  });

  it("never matches parse errors and drops responses for unknown ids", () => {
    const table = createPendingTable();
    void table.add("g1-1", "get_state", 0, () => undefined);
    expect(table.settle({ type: "response", command: "parse", success: false, error: "bad" }, same).kind).toBe("unmatched");
    expect(table.settle(ok("g0-99", "get_state"), same).kind).toBe("unmatched");
    expect(table.size()).toBe(1);
  });

  it("reports a second failure for a resolved prompt as a late prompt failure (§2.4)", async () => {
    const table = createPendingTable();
    const p = table.add("g1-1", "prompt", 0, () => undefined);
    table.settle(ok("g1-1", "prompt"), same);
    await p;
    expect(table.settle({ type: "response", id: "g1-1", command: "prompt", success: false, error: "boom" }, same)).toEqual({
      kind: "late_prompt_failure",
      id: "g1-1",
      error: "boom",
    });
  });

  it("times out queries, not prompts, and carries the worker's error code", async () => {
    vi.useFakeTimers();
    try {
      const onTimeout = vi.fn();
      const table = createPendingTable();
      const q = table.add("g1-1", "get_state", 0, onTimeout);
      const p = table.add("g1-2", "prompt", 0, onTimeout);
      const caught = q.catch((e: unknown) => e);
      vi.advanceTimersByTime(31_000);
      expect(await caught).toMatchObject({ kind: "timeout" });
      expect(onTimeout).toHaveBeenCalledWith("get_state");
      expect(table.size()).toBe(1);
      table.settle({ type: "response", id: "g1-2", command: "prompt", success: false, error: "No model", code: "no_model" }, same);
      await expect(p).rejects.toMatchObject({ kind: "worker_error", message: "No model", code: "no_model" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects everything on exit", async () => {
    const table = createPendingTable();
    const p = table.add("g1-1", "bash", 0, () => undefined);
    const gone = table.rejectAll((type) => new BridgeError("worker_exit", `exit during ${type}`));
    expect(gone).toEqual([{ id: "g1-1", type: "bash" }]);
    await expect(p).rejects.toMatchObject({ kind: "worker_exit", message: "exit during bash" });
  });
});

describe("write queue", () => {
  it("waits for drain, keeps order and rejects when the bound is reached", async () => {
    const written: string[] = [];
    let release: (() => void) | undefined;
    const sink = new Writable({
      highWaterMark: 4,
      write(chunk: Buffer, _enc, callback) {
        written.push(chunk.toString());
        release = callback;
      },
    });
    const queue = createWriteQueue(sink, 2, 1000);
    queue.write("aaaaa\n"); // exceeds highWaterMark → blocked
    queue.write("b\n");
    queue.write("c\n");
    expect(queue.queuedFrames()).toBe(2);
    expect(() => queue.write("d\n")).toThrow(/queue is full/);
    while (written.length < 3) {
      release?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(written).toEqual(["aaaaa\n", "b\n", "c\n"]);
    expect(queue.queuedFrames()).toBe(0);
  });

  it("refuses writes after end", () => {
    const queue = createWriteQueue(new PassThrough());
    queue.end();
    expect(() => queue.write("x\n")).toThrow(BridgeError);
  });
});

describe("UI router", () => {
  const select = { type: "extension_ui_request" as const, id: "d1", method: "select" as const, title: "t", options: ["a"] };

  it("answers open dialogs once and drops late answers", () => {
    const router = createUiRouter(() => undefined);
    expect(router.handle(select, 1)).toEqual([{ kind: "ui_request", request: select }]);
    expect(router.answer("d1", { value: "a" })).toEqual({ type: "extension_ui_response", id: "d1", value: "a" });
    expect(router.answer("d1", { value: "a" })).toBeUndefined();
    expect(router.answer("nope", { cancelled: true })).toBeUndefined();
  });

  it("closes a dialog on the worker's cancel and on its timeout", () => {
    vi.useFakeTimers();
    try {
      const emitted: BridgeNotice[] = [];
      const router = createUiRouter((n) => emitted.push(n));
      router.handle({ ...select, id: "t1", timeout: 100 }, 1);
      vi.advanceTimersByTime(101);
      expect(emitted).toEqual([{ kind: "ui_request_closed", id: "t1", reason: "timeout" }]);
      expect(router.answer("t1", { value: "a" })).toBeUndefined();
      router.handle(select, 1);
      expect(router.handle({ type: "extension_ui_request", id: "c", method: "cancel", targetId: "d1" }, 1)).toEqual([
        { kind: "ui_request_closed", id: "d1", reason: "cancelled" },
      ]);
      expect(router.openCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("forwards fire-and-forget requests without tracking them", () => {
    const router = createUiRouter(() => undefined);
    router.handle({ type: "extension_ui_request", id: "n", method: "notify", message: "hi" }, 1);
    expect(router.openCount()).toBe(0);
  });

  it("cancels all dialogs with answers on a session change, closes them silently on exit", () => {
    const router = createUiRouter(() => undefined);
    router.handle(select, 1);
    expect(router.cancelAllWithAnswers().frames).toEqual([{ type: "extension_ui_response", id: "d1", cancelled: true }]);
    router.handle(select, 1);
    expect(router.closeAll()).toEqual([{ kind: "ui_request_closed", id: "d1", reason: "worker_exit" }]);
  });
});

describe("capabilities", () => {
  it("classifies flavours from get_state keys (§3.12)", () => {
    expect(classifyFlavour({ pendingMessageCount: 0, queuedMessageCount: 0, todoPhases: [] })).toBe("ours");
    expect(classifyFlavour({ todoPhases: [], interruptMode: "wait" })).toBe("xcsh");
    expect(classifyFlavour({ interruptMode: "wait", queuedMessageCount: 0 })).toBe("omp");
    expect(classifyFlavour({ pendingMessageCount: 0 })).toBe("pi");
  });
  it("downgrades pi to pi-0.73 when get_available_thinking_levels is unknown", () => {
    const caps = applyProbe(capabilitiesFor("pi"), "get_available_thinking_levels", false);
    expect(caps.flavour).toBe("pi-0.73");
    for (const c of ["get_entries", "get_tree", "set_todos", "set_host_tools", "clear_queue", "abort_and_prompt"]) expect(caps.commands[c]).toBe(false);
    expect(caps.synthesisedSettled).toBe(true);
  });
  it("takes get_tree from the get_entries probe (never asks for a whole session tree at start)", () => {
    expect(CAPABILITY_PROBES).not.toContain("get_tree");
    expect(applyProbe(capabilitiesFor("unknown"), "get_entries", true).commands["get_tree"]).toBe(true);
    expect(applyProbe(capabilitiesFor("pi"), "get_entries", false).commands["get_tree"]).toBe(false);
  });
  it("uses branch aliases for oh-my-pi flavours", () => {
    expect(capabilitiesFor("omp").useBranchAliases).toBe(true);
    expect(capabilitiesFor("ours").synthesisedSettled).toBe(false);
  });
});

describe("restart budget and env allow-list", () => {
  it("allows maxRestarts in the window with growing back-off, then refuses", () => {
    const policy = { maxRestarts: 2, windowMs: 1000, backoffMs: [10, 40] };
    const first = decideRestart(policy, [], 0);
    expect(first).toMatchObject({ restart: true, delayMs: 10 });
    const second = decideRestart(policy, first.history, 100);
    expect(second).toMatchObject({ restart: true, delayMs: 40 });
    expect(decideRestart(policy, second.history, 200).restart).toBe(false);
    expect(decideRestart(policy, second.history, 5000).restart).toBe(true);
    expect(decideRestart(false, [], 0).restart).toBe(false);
  });
  it("passes only allow-listed variables plus PATH and HOME", () => {
    expect(buildChildEnv({ PATH: "/bin", HOME: "/h", OPENAI_API_KEY: "k", KEEP: "1" }, ["KEEP"])).toEqual({ PATH: "/bin", HOME: "/h", KEEP: "1" });
  });
});

describe("response data decoding (Appendix B)", () => {
  it("fills pendingMessageCount from queuedMessageCount, maps sourceInfo, passes unknown commands through", () => {
    const state = decodeData("get_state", { isStreaming: false, isCompacting: false, steeringMode: "all", followUpMode: "all", sessionId: "s", autoCompactionEnabled: true, messageCount: 0, queuedMessageCount: 2 });
    expect(state).toMatchObject({ ok: true, value: { pendingMessageCount: 2 } });
    expect(decodeData("get_commands", { commands: [{ name: "x", source: "extension", sourceInfo: { path: "/p", scope: "user" } }] })).toMatchObject({
      ok: true,
      value: { commands: [{ path: "/p", location: "user" }] },
    });
    expect(decodeData("frobnicate", { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
    expect(decodeData("get_messages", { messages: "nope" })).toMatchObject({ ok: false });
  });

  it("a malformed response rejects the request with bad_response", async () => {
    const table = createPendingTable();
    const p = table.add("g1-1", "get_messages", 0, () => undefined);
    table.settle({ type: "response", id: "g1-1", command: "get_messages", success: true, data: { messages: 5 } }, decodeData);
    await expect(p).rejects.toMatchObject({ kind: "bad_response", message: expect.stringContaining("get_messages") });
  });
});

describe("queue mirror (§6.4)", () => {
  it("appends accepted texts, removes delivered ones by text or oldest-first, reconciles to empty", () => {
    let q = mirrorAccepted(EMPTY_QUEUE, "steering", "a");
    q = mirrorAccepted(q, "followUp", "b");
    q = mirrorAccepted(q, "steering", "c");
    expect(mirrorDelivered(q, "b")).toEqual({ steering: ["a", "c"], followUp: [] });
    expect(mirrorDelivered(q, "expanded template text")).toEqual({ steering: ["c"], followUp: ["b"] });
    expect(mirrorReconcile(q, 0)).toEqual(EMPTY_QUEUE);
    expect(mirrorReconcile(q, 3)).toBe(q);
  });
});

describe("host tool server (§8.4–8.5)", () => {
  const call = (id: string, toolName: string) => ({ id, toolCallId: `tc-${id}`, toolName, arguments: { x: 1 } });

  it("answers unknown tools with an error result and turns a throwing handler into isError", async () => {
    const sent: Record<string, unknown>[] = [];
    const server = createHostToolServer((f) => sent.push(f));
    server.call(call("h0", "ghost"), 1);
    expect(sent[0]).toEqual({ type: "host_tool_result", id: "h0", result: { content: [{ type: "text", text: "Unknown host tool: ghost" }] }, isError: true });
    server.setRegistry([{ name: "boom", description: "d", parameters: {} }], async () => {
      throw new Error("upstream 503");
    });
    server.call(call("h1", "boom"), 1);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ type: "host_tool_result", id: "h1", result: { content: [{ type: "text", text: "upstream 503" }] }, isError: true });
  });

  it("sends nothing after a cancel, and aborts executors on worker exit", async () => {
    const sent: Record<string, unknown>[] = [];
    const server = createHostToolServer((f) => sent.push(f));
    const signals: AbortSignal[] = [];
    let finish: (() => void) | undefined;
    server.setRegistry([{ name: "slow", description: "d", parameters: {} }], async (_n, _a, ctx) => {
      signals.push(ctx.signal);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      ctx.update({ content: [] });
      return { content: [{ type: "text", text: "late" }] };
    });
    server.call(call("a", "slow"), 1);
    server.call(call("b", "slow"), 1);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    server.cancel("a");
    expect(signals[0]?.aborted).toBe(true);
    expect(server.abortAll()).toEqual([expect.stringContaining("call b")]);
    expect(signals[1]?.aborted).toBe(true);
    finish?.();
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([]);
  });
});
