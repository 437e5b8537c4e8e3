// stdin end with work in flight, through the built agent-rpc (docs/protocol.md §1.6, §8.4): pending
// host tool calls fail with the disconnect message (no host_tool_cancel), an extension command
// waiting on a dialog gets its default at once (no idle-timeout delay); and the runtime port of
// extensions: pi.sendMessage records a custom message, ctx.signal is the run's abort signal,
// appendEntry / thinking level / active tool names reach the session and the runtime.
import "./helpers/isolated-tmp.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../fixtures/fake-llm-server.mjs";
import { spawnRpc, writeAgentHome, type Frame, type RpcProcess } from "./helpers/agent-process.js";

const EXTENSION = `
export default function (pi: any) {
  pi.on("agent_start", (_event: unknown, ctx: any) => {
    ctx.ui.notify("signal:" + (ctx.signal !== undefined && !ctx.signal.aborted));
    ctx.signal?.addEventListener("abort", () => ctx.ui.notify("signal aborted"), { once: true });
  });
  pi.registerCommand("note", { handler: async () => pi.sendMessage({ customType: "note", content: "hello note", display: true }) });
  pi.registerCommand("meta", {
    handler: async (_args: string, ctx: any) => {
      pi.appendEntry("ext-state", { step: 1 });
      pi.setThinkingLevel("high");
      pi.setThinkingLevel("bogus");
      ctx.ui.notify("thinking:" + pi.getThinkingLevel() + " tools:" + pi.getActiveTools().join(","));
    },
  });
  pi.registerCommand("ask", {
    handler: async (_args: string, ctx: any) => {
      const answer = await ctx.ui.confirm("Sure?", "Really?");
      ctx.ui.notify("answer:" + answer);
    },
  });
}
`;

const echoTool = {
  name: "echo_host",
  description: "Echo a message",
  parameters: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
};

let llm: FakeLlm;
let dir: string;
let home: string;
let agent: RpcProcess | undefined;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "agent-shutdown-"));
  llm = await startFakeLlm({
    script: [
      { kind: "tool_call", calls: [{ id: "toolu_1", name: "echo_host", arguments: { message: "first" } }] },
      { kind: "tool_call", calls: [{ id: "toolu_2", name: "echo_host", arguments: { message: "second" } }] },
    ],
  });
  home = writeAgentHome(join(dir, "home"), llm.baseUrl, { retry: { enabled: false } });
  writeFileSync(join(dir, "ext.ts"), EXTENSION);
});
afterAll(async () => {
  await agent?.kill();
  await llm.close();
  rmSync(dir, { recursive: true, force: true });
});

const notified = (message: string) => (f: Frame) =>
  f.type === "extension_ui_request" && f["method"] === "notify" && f["message"] === message;

describe("stdin end and the extensions' runtime port", () => {
  it("rejects pending host tool calls as disconnected and resolves open dialogs before exiting", async () => {
    const a = (agent = spawnRpc({ home, args: ["--no-session", "-e", join(dir, "ext.ts")] }));
    expect((await a.request({ id: "ht", type: "set_host_tools", tools: [echoTool] }))["success"]).toBe(true);

    // pi.sendMessage while idle: a custom message is recorded and announced.
    expect((await a.request({ id: "n", type: "prompt", message: "/note" }))["success"]).toBe(true);
    await a.waitFor((f) => f.type === "message_end" && (f["message"] as { customType?: string }).customType === "note");
    const messages = (await a.request({ id: "m", type: "get_messages" }))["data"] as {
      messages: { role: string; content: unknown }[];
    };
    expect(messages.messages).toEqual([
      expect.objectContaining({ role: "custom", customType: "note", content: "hello note" }),
    ]);

    // The rest of pi's session API used by extensions: appendEntry, thinking level, tool names.
    expect((await a.request({ id: "meta", type: "prompt", message: "/meta" }))["success"]).toBe(true);
    await a.waitFor(notified("thinking:high tools:read,bash,edit,write,grep,find,ls,todo_write,echo_host"));
    const entries = (await a.request({ id: "e", type: "get_entries" }))["data"] as {
      entries: { type: string; customType?: string; data?: unknown }[];
    };
    expect(entries.entries.filter((e) => e.type === "custom")).toEqual([
      expect.objectContaining({ customType: "ext-state", data: { step: 1 } }),
    ]);
    expect(a.frames.filter((f) => f.type === "thinking_level_changed").map((f) => f["level"])).toEqual(["high"]);

    // ctx.signal is the run's signal: live at agent_start, fired by abort.
    await a.request({ id: "p1", type: "prompt", message: "call the host tool" });
    await a.waitFor(notified("signal:true"));
    await a.waitFor((f) => f.type === "host_tool_call" && f["toolCallId"] === "toolu_1");
    await a.request({ id: "ab", type: "abort" });
    await a.waitFor(notified("signal aborted"));

    // Now leave a host tool call and a dialog open, and close stdin.
    await a.request({ id: "p2", type: "prompt", message: "call it again" });
    await a.waitFor((f) => f.type === "host_tool_call" && f["toolCallId"] === "toolu_2");
    a.send({ id: "ask", type: "prompt", message: "/ask" });
    const dialog = await a.waitFor((f) => f.type === "extension_ui_request" && f["method"] === "confirm");
    const mark = a.frames.length;
    a.closeStdin();
    expect(await a.exited).toBe(0);
    const after = a.frames.slice(mark);
    // The dialog is withdrawn at once, so the command waiting on it answers before the exit
    // (without that, the exit waits out the 2 s idle timeout and /ask never answers).
    const withdrawn = after.findIndex(
      (f) => f.type === "extension_ui_request" && f["method"] === "cancel" && f["targetId"] === dialog["id"],
    );
    const answered = after.findIndex((f) => f.type === "response" && f["id"] === "ask");
    expect(withdrawn).toBeGreaterThanOrEqual(0);
    expect(answered).toBeGreaterThan(withdrawn);
    const end = after.find((f) => f.type === "tool_execution_end" && f["toolCallId"] === "toolu_2");
    expect(end).toMatchObject({
      isError: true,
      result: { content: [{ type: "text", text: "RPC client disconnected before host tool execution completed" }] },
    });
    expect(after.some((f) => f.type === "host_tool_cancel")).toBe(false);
    expect(after.find((f) => f.type === "response" && f["id"] === "ask")).toMatchObject({ success: true });
    expect(after.some(notified("answer:false"))).toBe(true);
  }, 20_000);
});
