// The hook set setupExtensions hands to the runtime: prompt order (extension command, input
// event, then skill/template expansion), steer/follow_up expansion, command detection, tools.
import "../helpers/isolated-tmp.js";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { routeUiResponse, setupExtensions } from "../../../src/agent/extensions/index.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const EXT = `
export default function (pi) {
  pi.on("input", (event) => {
    if (event.text === "ping") { return { action: "handled" }; }
    if (event.text.startsWith("?q ")) return { action: "transform", text: "/short " + event.text.slice(3) };
    return undefined;
  });
  pi.registerCommand("ask", { description: "asks", handler: async (_args, ctx) => { pi.answer = await ctx.ui.select("Pick", ["A", "B"]); } });
  pi.on("session_before_switch", (e) => (e.reason === "new" ? { cancel: true } : undefined));
  pi.on("session_before_fork", (e) => ({ cancel: e.position === "at" }));
  pi.on("session_shutdown", (e, ctx) => ctx.ui.notify("shutdown " + e.reason));
  pi.on("session_start", (e, ctx) => ctx.ui.notify("start " + e.reason + " " + (e.previousSessionFile ?? "-")));
  pi.on("tool_call", async (e, ctx) => ((await ctx.ui.confirm("Run " + e.toolName + "?", "")) ? undefined : { block: true, reason: "denied" }));
  pi.on("tool_result", (e) => (e.toolName === "read" ? { content: [{ type: "text", text: "[redacted]" }] } : undefined));
  pi.registerTool({ name: "greet", description: "greet", parameters: { type: "object", properties: {} }, execute: async () => ({ content: [], details: {} }) });
}
`;

async function setup() {
  const root = mkdtempSync(join(tmpdir(), "ext-setup-"));
  roots.push(root);
  const home = join(root, "home");
  const cwd = join(root, "cwd");
  mkdirSync(join(home, "extensions"), { recursive: true });
  mkdirSync(join(home, "prompts"), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(home, "extensions", "ext.mjs"), EXT);
  writeFileSync(join(home, "prompts", "short.md"), "---\ndescription: Be brief\n---\nAnswer briefly: $@\n");
  const frames: Record<string, unknown>[] = [];
  const system = await setupExtensions({
    cwd,
    home,
    cliPaths: [],
    settings: {},
    emit: (f) => frames.push(f),
    warn: () => {},
    startSession: false,
  });
  return { system, frames };
}

describe("extension hooks for the runtime", () => {
  it("prompt: input handlers can handle or transform before template expansion", async () => {
    const { system } = await setup();
    await expect(system.hooks.runCommand("ping")).resolves.toBe(true);
    await expect(system.hooks.runCommand("?q what is 2+2")).resolves.toBe(false);
    expect(system.hooks.expandInput("?q what is 2+2", "prompt")).toBe("Answer briefly: what is 2+2");
    // The transform is used once.
    expect(system.hooks.expandInput("?q what is 2+2", "prompt")).toBe("?q what is 2+2");
    await expect(system.hooks.runCommand("/no-such-command x")).resolves.toBe(false);
    expect(system.hooks.expandInput("/no-such-command x", "prompt")).toBe("/no-such-command x");
  });

  it("steer/follow_up: templates expand, extension commands are recognised for rejection", async () => {
    const { system } = await setup();
    expect(system.hooks.expandInput("/short a b", "steer")).toBe("Answer briefly: a b");
    expect(system.hooks.isCommand("/ask")).toBe(true);
    expect(system.hooks.isCommand("/short")).toBe(false);
    expect(system.hooks.tools().map((t) => t.name)).toEqual(["greet"]);
  });

  it("routes extension_ui_response frames to the active system's dialogs", async () => {
    const { system, frames } = await setup();
    const running = system.hooks.runCommand("/ask");
    await new Promise((r) => setImmediate(r));
    const select = frames.find((f) => f.method === "select");
    expect(select).toMatchObject({ title: "Pick", options: ["A", "B"] });
    expect(routeUiResponse({ type: "extension_ui_response", id: "unknown", value: "A" })).toBe(false);
    expect(routeUiResponse({ type: "extension_ui_response", id: select?.id, value: "B" })).toBe(true);
    await expect(running).resolves.toBe(true);
  });

  it("session replacement: before-hooks can cancel; pending dialogs close before session_shutdown, then session_start", async () => {
    const { system, frames } = await setup();
    await expect(system.session.beforeSwitch("new")).resolves.toBe(true);
    await expect(system.session.beforeSwitch("resume", "/s/other.jsonl")).resolves.toBe(false);
    await expect(system.session.beforeFork("e1", "at")).resolves.toBe(true);
    await expect(system.session.beforeFork("e1", "before")).resolves.toBe(false);
    const asking = system.hooks.runCommand("/ask");
    await new Promise((r) => setImmediate(r));
    const select = frames.find((f) => f.method === "select");
    await system.session.willReplace("resume", "/s/other.jsonl");
    await system.session.replaced("resume", "/s/first.jsonl");
    await expect(asking).resolves.toBe(true);
    expect(
      frames
        .slice(frames.indexOf(select as Record<string, unknown>) + 1)
        .map((f) =>
          f.method === "notify" ? `notify ${String(f.message)}` : `${String(f.method)} ${String(f.targetId)}`,
        ),
    ).toEqual([`cancel ${String(select?.id)}`, "notify shutdown resume", "notify start resume /s/first.jsonl"]);
  });

  it("a tool call's abort signal closes the dialog its tool_call handler opened", async () => {
    const { system, frames } = await setup();
    const controller = new AbortController();
    const gate = system.hooks.beforeToolCall(
      { toolCallId: "t1", toolName: "bash", args: { command: "ls" } },
      controller.signal,
    );
    await new Promise((r) => setImmediate(r));
    const confirm = frames.find((f) => f.method === "confirm");
    expect(confirm).toMatchObject({ title: "Run bash?" });
    controller.abort();
    await expect(gate).resolves.toEqual({ block: true, reason: "denied" });
    expect(frames.at(-1)).toMatchObject({ method: "cancel", targetId: confirm?.id });
  });

  it("afterToolCall runs tool_result handlers and returns their patch", async () => {
    const { system } = await setup();
    const result = { content: [{ type: "text" as const, text: "secret" }], details: { lines: 1 } };
    await expect(
      system.hooks.afterToolCall({ toolCallId: "t", toolName: "read", args: { path: "x" }, result, isError: false }),
    ).resolves.toEqual({
      content: [{ type: "text", text: "[redacted]" }],
      details: { lines: 1 },
      isError: false,
    });
    await expect(
      system.hooks.afterToolCall({ toolCallId: "t", toolName: "bash", args: {}, result, isError: false }),
    ).resolves.toBeUndefined();
  });
});
