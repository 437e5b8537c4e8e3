// The extension host in-process: registration, commands, event dispatch, extension_error for a
// throwing handler in each hook, tool-call blocking and cancellable session switches.
import { describe, expect, it } from "vitest";
import type { ExtensionAPI, ExtensionFactory, ExtensionOrigin } from "../../../src/agent/extensions/api.js";
import { ExtensionHost } from "../../../src/agent/extensions/host.js";

const ORIGIN: ExtensionOrigin = { path: "/ext/test.ts", source: "cli", scope: "temporary" };

async function hostWith(factory: ExtensionFactory, runtime = {}) {
  const frames: Record<string, unknown>[] = [];
  let n = 0;
  const host = new ExtensionHost({
    cwd: "/work/project",
    emit: (f) => frames.push(f),
    newId: () => `ui-${++n}`,
    runtime,
  });
  await host.register(ORIGIN, factory);
  return { host, frames };
}

const errorsOf = (frames: Record<string, unknown>[]) => frames.filter((f) => f.type === "extension_error");

describe("extension host", () => {
  it("gives handlers pi's ctx: hasUI true, mode rpc, cwd, ui", async () => {
    const seen: Record<string, unknown>[] = [];
    const { host, frames } = await hostWith((pi: ExtensionAPI) => {
      pi.on(
        "session_start",
        (
          event: { reason: string },
          ctx: { hasUI: boolean; mode: string; cwd: string; ui: { notify(m: string): void } },
        ) => {
          seen.push({ reason: event.reason, hasUI: ctx.hasUI, mode: ctx.mode, cwd: ctx.cwd });
          ctx.ui.notify("started");
        },
      );
    });
    await host.sessionStart({ reason: "startup" });
    expect(seen).toEqual([{ reason: "startup", hasUI: true, mode: "rpc", cwd: "/work/project" }]);
    expect(frames).toEqual([{ type: "extension_ui_request", id: "ui-1", method: "notify", message: "started" }]);
  });

  it("runs commands with their args and reports a throwing command as command:<name>", async () => {
    const calls: string[] = [];
    const { host, frames } = await hostWith((pi) => {
      pi.registerCommand("hello", { description: "Say hello", handler: async (args) => void calls.push(args) });
      pi.registerCommand("boom", {
        handler: () => {
          throw new Error("deliberate");
        },
      });
    });
    expect(host.isCommand("/hello world")).toBe(true);
    expect(host.isCommand("/nope")).toBe(false);
    expect(host.isCommand("hello")).toBe(false);
    await expect(host.runCommand("/hello big world")).resolves.toBe(true);
    await expect(host.runCommand("/hello")).resolves.toBe(true);
    await expect(host.runCommand("/unknown x")).resolves.toBe(false);
    expect(calls).toEqual(["big world", ""]);
    await expect(host.runCommand("/boom")).resolves.toBe(true);
    expect(frames).toEqual([
      { type: "extension_error", extensionPath: "command:boom", event: "command", error: "deliberate" },
    ]);
    expect(host.extensionCommands()).toEqual([
      {
        name: "hello",
        description: "Say hello",
        source: "extension",
        path: "/ext/test.ts",
        sourceInfo: { path: "/ext/test.ts", source: "cli", scope: "temporary", origin: "top-level" },
      },
      {
        name: "boom",
        description: undefined,
        source: "extension",
        path: "/ext/test.ts",
        sourceInfo: { path: "/ext/test.ts", source: "cli", scope: "temporary", origin: "top-level" },
      },
    ]);
  });

  it("suffixes a command name registered by two extensions, as pi", async () => {
    const { host } = await hostWith((pi) => pi.registerCommand("review", { handler: () => {} }));
    await host.register({ path: "/ext/other.ts", source: "local", scope: "user" }, (pi) =>
      pi.registerCommand("review", { handler: () => {} }),
    );
    expect(host.extensionCommands().map((c) => c.name)).toEqual(["review:1", "review:2"]);
    expect(host.isCommand("/review:2 x")).toBe(true);
    expect(host.isCommand("/review x")).toBe(false);
  });

  it("a throwing handler in each hook becomes extension_error and the rest keeps working", async () => {
    const reached: string[] = [];
    const hooks = [
      "session_start",
      "session_shutdown",
      "session_before_switch",
      "session_before_fork",
      "agent_start",
      "turn_start",
      "turn_end",
      "message_start",
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "agent_end",
      "tool_result",
      "input",
    ];
    const { host, frames } = await hostWith((pi) => {
      for (const hook of hooks)
        pi.on(hook, () => {
          throw new Error(`fail in ${hook}`);
        });
      for (const hook of hooks) pi.on(hook, () => void reached.push(hook));
    });
    await host.sessionStart({ reason: "startup" });
    await expect(host.beforeSessionSwitch({ reason: "new" })).resolves.toBe(false);
    await expect(host.beforeSessionFork({ entryId: "e1", position: "before" })).resolves.toBe(false);
    host.observe({ type: "agent_start" });
    host.observe({ type: "turn_start" });
    host.observe({ type: "message_start", message: { role: "user", content: [], timestamp: 1 } });
    host.observe({ type: "message_end", message: { role: "user", content: [], timestamp: 1 } });
    host.observe({ type: "tool_execution_start", toolCallId: "t", toolName: "bash", args: {} });
    host.observe({ type: "tool_execution_end", toolCallId: "t", toolName: "bash", result: {}, isError: false });
    host.observe({ type: "turn_end", message: {}, toolResults: [] });
    host.observe({ type: "agent_end", messages: [] });
    host.observe({ type: "queue_update", steering: [], followUp: [] });
    await host.idle();
    await expect(
      host.afterToolCall({ toolCallId: "t", toolName: "bash", input: {}, content: [], details: {}, isError: false }),
    ).resolves.toBeUndefined();
    await expect(host.emitInput("hi")).resolves.toEqual({ action: "continue" });
    await host.sessionShutdown({ reason: "quit" });
    expect(
      errorsOf(frames)
        .map((f) => f.event)
        .sort(),
    ).toEqual([...hooks].sort());
    expect(
      errorsOf(frames).every((f) => f.extensionPath === "/ext/test.ts" && String(f.error).startsWith("fail in ")),
    ).toBe(true);
    expect([...reached].sort()).toEqual([...hooks].sort());
  });

  it("delivers loop events in stream order with pi's turnIndex", async () => {
    const log: string[] = [];
    const { host } = await hostWith((pi) => {
      pi.on("turn_start", async (e: { turnIndex: number }) => {
        await new Promise((r) => setTimeout(r, 5));
        log.push(`turn_start ${e.turnIndex}`);
      });
      pi.on("turn_end", (e: { turnIndex: number }) => void log.push(`turn_end ${e.turnIndex}`));
      pi.on("agent_end", () => void log.push("agent_end"));
    });
    host.observe({ type: "agent_start" });
    host.observe({ type: "turn_start" });
    host.observe({ type: "turn_end", message: {}, toolResults: [] });
    host.observe({ type: "turn_start" });
    host.observe({ type: "turn_end", message: {}, toolResults: [] });
    host.observe({ type: "agent_end", messages: [] });
    await host.idle();
    expect(log).toEqual(["turn_start 0", "turn_end 0", "turn_start 1", "turn_end 1", "agent_end"]);
  });

  it("tool_call: first block wins, input is mutable, a throwing handler blocks fail-safe", async () => {
    const { host, frames } = await hostWith((pi) => {
      pi.on("tool_call", (e: { toolName: string; input: Record<string, unknown> }) => {
        if (e.toolName === "bash") e.input.command = `set -e; ${String(e.input.command)}`;
        return undefined;
      });
      pi.on("tool_call", (e: { toolName: string; input: Record<string, unknown> }) =>
        String(e.input.command).includes("rm") ? { block: true, reason: "no rm" } : undefined,
      );
      pi.on("tool_call", (e: { toolName: string }) => {
        if (e.toolName === "explode") throw new Error("handler bug");
      });
    });
    const args = { command: "ls" };
    await expect(host.beforeToolCall({ toolCallId: "1", toolName: "bash", args })).resolves.toBeUndefined();
    expect(args.command).toBe("set -e; ls");
    await expect(
      host.beforeToolCall({ toolCallId: "2", toolName: "bash", args: { command: "rm x" } }),
    ).resolves.toEqual({ block: true, reason: "no rm" });
    await expect(host.beforeToolCall({ toolCallId: "3", toolName: "explode", args: {} })).resolves.toEqual({
      block: true,
      reason: "Extension failed, blocking execution: handler bug",
    });
    expect(errorsOf(frames)).toEqual([
      { type: "extension_error", extensionPath: "/ext/test.ts", event: "tool_call", error: "handler bug" },
    ]);
  });

  it("tool_result handlers chain patches", async () => {
    const { host } = await hostWith((pi) => {
      pi.on("tool_result", () => ({ content: [{ type: "text", text: "redacted" }] }));
      pi.on("tool_result", (e: { content: { text: string }[] }) => ({
        details: { saw: e.content[0]?.text },
        isError: true,
      }));
    });
    await expect(
      host.afterToolCall({
        toolCallId: "1",
        toolName: "read",
        input: {},
        content: [{ type: "text", text: "secret" }],
        details: {},
        isError: false,
      }),
    ).resolves.toEqual({
      content: [{ type: "text", text: "redacted" }],
      details: { saw: "redacted" },
      isError: true,
    });
  });

  it("session_before_switch / session_before_fork can cancel", async () => {
    const seen: unknown[] = [];
    const { host } = await hostWith((pi) => {
      pi.on(
        "session_before_switch",
        (e: { reason: string }) => (seen.push(e), e.reason === "new" ? { cancel: true } : undefined),
      );
      pi.on("session_before_fork", (e: { position: string }) => (seen.push(e), { cancel: e.position === "at" }));
    });
    await expect(host.beforeSessionSwitch({ reason: "new" })).resolves.toBe(true);
    await expect(host.beforeSessionSwitch({ reason: "resume", targetSessionFile: "/s.jsonl" })).resolves.toBe(false);
    await expect(host.beforeSessionFork({ entryId: "abc", position: "at" })).resolves.toBe(true);
    await expect(host.beforeSessionFork({ entryId: "abc", position: "before" })).resolves.toBe(false);
    expect(seen).toEqual([
      { type: "session_before_switch", reason: "new" },
      { type: "session_before_switch", reason: "resume", targetSessionFile: "/s.jsonl" },
      { type: "session_before_fork", entryId: "abc", position: "at" },
      { type: "session_before_fork", entryId: "abc", position: "before" },
    ]);
  });

  it("session shutdown resolves pending dialogs to their defaults", async () => {
    let answer: unknown = "unset";
    const { host, frames } = await hostWith((pi) => {
      pi.registerCommand("ask", { handler: async (_a, ctx) => void (answer = await ctx.ui.confirm("Sure?", "m")) });
    });
    const running = host.runCommand("/ask");
    await new Promise((r) => setImmediate(r));
    expect(host.bridge.pendingIds()).toEqual(["ui-1"]);
    await host.sessionShutdown({ reason: "new" });
    await running;
    expect(answer).toBe(false);
    expect(frames.at(-1)).toEqual({ type: "extension_ui_request", id: "ui-2", method: "cancel", targetId: "ui-1" });
  });

  it("sendUserMessage / sendMessage go to the runtime; a failed delivery is reported", async () => {
    const sent: unknown[] = [];
    let api: ExtensionAPI | undefined;
    const { host, frames } = await hostWith((pi) => void (api = pi), {
      sendUserMessage: async (content: unknown, options: unknown) => {
        sent.push({ content, options });
        if (content === "fail") throw new Error("busy");
      },
      sendMessage: (message: unknown, options: unknown) => void sent.push({ message, options }),
    });
    api?.sendUserMessage("What is 2+2?");
    api?.sendUserMessage("Focus", { deliverAs: "steer" });
    api?.sendMessage({ customType: "note", content: "x", display: true }, { triggerTurn: true });
    api?.sendUserMessage("fail");
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([
      { content: "What is 2+2?", options: {} },
      { content: "Focus", options: { deliverAs: "steer" } },
      { message: { customType: "note", content: "x", display: true }, options: { triggerTurn: true } },
      { content: "fail", options: {} },
    ]);
    expect(errorsOf(frames)).toEqual([
      { type: "extension_error", extensionPath: "/ext/test.ts", event: "send_user_message", error: "busy" },
    ]);
    expect(host.extensions).toEqual([ORIGIN]);
  });

  it("registerTool adapts pi's tool definition to an AgentTool with the extension ctx", async () => {
    const { host } = await hostWith((pi) => {
      pi.registerTool({
        name: "greet",
        label: "Greet",
        description: "Greet someone",
        parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        execute: async (_id, params: { name: string }, _signal, _onUpdate, ctx) => ({
          content: [{ type: "text", text: `Hello, ${params.name} from ${ctx.mode}` }],
          details: {},
        }),
      });
    });
    const [tool] = host.getTools();
    expect(tool?.name).toBe("greet");
    expect(tool?.label).toBe("Greet");
    await expect(tool?.execute("c1", { name: "Ada" })).resolves.toEqual({
      content: [{ type: "text", text: "Hello, Ada from rpc" }],
      details: {},
    });
    await expect(
      hostWith((pi) =>
        pi.registerTool({
          name: "bad name!",
          description: "",
          parameters: {},
          execute: async () => ({ content: [], details: {} }),
        }),
      ),
    ).rejects.toThrow(/invalid tool name/);
  });

  it("pi.exec runs a program in the cwd and never rejects", async () => {
    let api: ExtensionAPI | undefined;
    const frames: Record<string, unknown>[] = [];
    const host = new ExtensionHost({ cwd: process.cwd(), emit: (f) => frames.push(f) });
    await host.register(ORIGIN, (pi) => void (api = pi));
    await expect(
      api?.exec(process.execPath, ["-e", "process.stdout.write('out'); process.stderr.write('err'); process.exit(3)"]),
    ).resolves.toEqual({
      stdout: "out",
      stderr: "err",
      code: 3,
      killed: false,
    });
    await expect(
      api?.exec(process.execPath, ["-e", "setTimeout(() => {}, 10000)"], { timeout: 50 }),
    ).resolves.toMatchObject({ killed: true });
    await expect(api?.exec("/no/such/program")).resolves.toMatchObject({ code: 127, killed: false });
  });

  it("pi.events carries data between extensions; a throwing subscriber is reported", async () => {
    const got: unknown[] = [];
    let sender: ExtensionAPI | undefined;
    const { host, frames } = await hostWith((pi) => {
      const off = pi.events.on("my:event", (data) => void got.push(data));
      pi.events.on("my:event", () => {
        throw new Error("subscriber bug");
      });
      pi.registerCommand("off", { handler: () => off() });
    });
    await host.register({ path: "/ext/sender.ts", source: "local", scope: "user" }, (pi) => void (sender = pi));
    sender?.events.emit("my:event", { n: 1 });
    await host.runCommand("/off");
    sender?.events.emit("my:event", { n: 2 });
    expect(got).toEqual([{ n: 1 }]);
    expect(errorsOf(frames)).toHaveLength(2);
    expect(errorsOf(frames)[0]).toEqual({
      type: "extension_error",
      extensionPath: "/ext/test.ts",
      event: "events:my:event",
      error: "subscriber bug",
    });
  });
});
