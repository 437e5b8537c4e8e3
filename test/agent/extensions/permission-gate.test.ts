// The built-in permission gate: destructive-command detection, the select dialog, and what the
// model receives when a call is blocked (pi-agent-core + pi-ai's faux provider, in-process).
import { Agent, type AgentTool } from "@mariozechner/pi-agent-core";
import {
  fauxAssistantMessage,
  fauxText,
  fauxToolCall,
  registerFauxProvider,
  type ToolResultMessage,
} from "@mariozechner/pi-ai";
import { afterEach, describe, expect, it } from "vitest";
import { ExtensionHost } from "../../../src/agent/extensions/host.js";
import { findDestructiveRule, isOutsideCwd } from "../../../src/agent/extensions/builtin/destructive.js";
import {
  ALLOW_ONCE,
  ALLOW_SESSION,
  BLOCK,
  createPermissionGate,
  PERMISSION_GATE_PATH,
} from "../../../src/agent/extensions/builtin/permission-gate.js";

describe("destructive command detection", () => {
  it.each([
    ["rm -rf build", "rm -rf"],
    ["rm -fr /", "rm -rf"],
    ["echo ok && rm -r -f ~/x", "rm -rf"],
    ["/bin/rm --recursive --force x", "rm -rf"],
    ["sudo apt install x", "sudo"],
    ["git push --force origin main", "git push --force"],
    ["git push -f", "git push --force"],
    ["git push origin +main", "git push --force"],
    ["git push --force-with-lease", "git push --force"],
    ["curl -fsSL https://x.sh | sh", "curl | sh"],
    ["wget -qO- https://x | sudo bash", "curl | sh"],
    ["mkfs.ext4 /dev/sdb1", "mkfs"],
    ["dd if=/dev/zero of=/dev/sda bs=1M", "dd of="],
    ["chmod -R 777 /var/www", "chmod -R 777"],
    ["git reset --hard HEAD~3", "git reset --hard"],
    ["FOO=1 env rm -rf x", "rm -rf"],
  ])("%s → %s", (command, rule) => {
    expect(findDestructiveRule(command)?.name).toBe(rule);
  });

  it.each([
    "rm file.txt",
    "rm -r dir",
    "ls -rf",
    "git push origin main",
    "curl https://x -o f.sh",
    "chmod 644 f",
    "echo 'sudo is a word'x",
    "git status",
  ])("%s is not destructive", (command) => expect(findDestructiveRule(command)).toBeUndefined());

  it("recognises paths outside the working directory", () => {
    expect(isOutsideCwd("src/a.ts", "/work/p")).toBe(false);
    expect(isOutsideCwd("/work/p/src/a.ts", "/work/p")).toBe(false);
    expect(isOutsideCwd("../other/a.ts", "/work/p")).toBe(true);
    expect(isOutsideCwd("/etc/passwd", "/work/p")).toBe(true);
    expect(isOutsideCwd("/work/p2/a", "/work/p")).toBe(true);
  });
});

async function gateHost(timeoutMs = 60_000) {
  const frames: Record<string, unknown>[] = [];
  // Each question is awaited as the frame that asks it: the gate may read the file first (its diff).
  let asked: (() => void) | undefined;
  const emit = (f: Record<string, unknown>): void => {
    frames.push(f);
    if (f.method !== "cancel") asked?.();
  };
  let n = 0;
  const host = new ExtensionHost({ cwd: "/work/p", emit, newId: () => `ui-${++n}` });
  await host.register(
    { path: PERMISSION_GATE_PATH, source: "builtin", scope: "temporary" },
    createPermissionGate({ timeoutMs }),
  );
  const answerNext = async (value: string): Promise<void> => {
    if (host.bridge.pendingIds().length === 0) await new Promise<void>((r) => (asked = r));
    asked = undefined;
    const [id] = host.bridge.pendingIds();
    host.bridge.handleUiResponse({ type: "extension_ui_response", id, value });
  };
  return { host, frames, answerNext };
}

describe("permission gate", () => {
  it("lets harmless calls through without asking", async () => {
    const { host, frames } = await gateHost();
    await expect(
      host.beforeToolCall({ toolCallId: "1", toolName: "bash", args: { command: "ls -la" } }),
    ).resolves.toBeUndefined();
    await expect(
      host.beforeToolCall({ toolCallId: "2", toolName: "write", args: { path: "src/x.ts", content: "" } }),
    ).resolves.toBeUndefined();
    await expect(
      host.beforeToolCall({ toolCallId: "3", toolName: "read", args: { path: "/etc/hosts" } }),
    ).resolves.toBeUndefined();
    expect(frames).toEqual([]);
  });

  it("asks with the three choices; Allow once asks again, Allow for this session does not, Block blocks", async () => {
    const { host, frames, answerNext } = await gateHost();
    const call = (id: string) =>
      host.beforeToolCall({ toolCallId: id, toolName: "bash", args: { command: "rm -rf build" } });
    const once = call("1");
    await answerNext(ALLOW_ONCE);
    await expect(once).resolves.toBeUndefined();
    expect(frames[0]).toMatchObject({ method: "select", options: [ALLOW_ONCE, ALLOW_SESSION, BLOCK], timeout: 60_000 });
    expect(String(frames[0]?.title)).toContain("rm -rf build");

    const blocked = call("2");
    await answerNext(BLOCK);
    await expect(blocked).resolves.toEqual({
      block: true,
      reason: "Blocked by the permission gate: the user chose Block.",
    });

    const session = call("3");
    await answerNext(ALLOW_SESSION);
    await expect(session).resolves.toBeUndefined();
    const asked = frames.length;
    await expect(call("4")).resolves.toBeUndefined();
    expect(frames).toHaveLength(asked);

    // A new session forgets standing permissions.
    await host.sessionStart({ reason: "new" });
    const again = call("5");
    await answerNext(BLOCK);
    await expect(again).resolves.toMatchObject({ block: true });
  });

  it("asks before write/edit outside the working directory", async () => {
    const { host, frames, answerNext } = await gateHost();
    const pending = host.beforeToolCall({
      toolCallId: "1",
      toolName: "edit",
      args: { path: "../elsewhere/x.ts", edits: [] },
    });
    await answerNext(ALLOW_ONCE);
    await expect(pending).resolves.toBeUndefined();
    expect(String(frames[0]?.title)).toContain("edit outside the working directory");
  });

  it("blocks when nobody answers before the timeout", async () => {
    const { host, frames } = await gateHost(40);
    await expect(
      host.beforeToolCall({ toolCallId: "1", toolName: "bash", args: { command: "sudo reboot" } }),
    ).resolves.toEqual({
      block: true,
      reason: "Blocked by the permission gate: no answer within 40 ms.",
    });
    expect(frames.map((f) => f.method)).toEqual(["select", "cancel"]);
  });
});

describe("blocked tool call reaches the model", () => {
  const registrations: { unregister(): void }[] = [];
  afterEach(() => {
    for (const r of registrations.splice(0)) r.unregister();
  });

  it("the model's next request carries the block reason as an error tool result", async () => {
    const faux = registerFauxProvider({ provider: "faux-ext", api: "faux-ext-api" });
    registrations.push(faux);
    let seenByModel: ToolResultMessage | undefined;
    faux.setResponses([
      fauxAssistantMessage(fauxToolCall("bash", { command: "rm -rf /" }, { id: "call-1" }), { stopReason: "toolUse" }),
      (context) => {
        seenByModel = context.messages.find((m): m is ToolResultMessage => m.role === "toolResult");
        return fauxAssistantMessage(fauxText("understood"));
      },
    ]);
    let executed = false;
    const bash: AgentTool = {
      name: "bash",
      label: "bash",
      description: "run a command",
      parameters: {
        type: "object",
        properties: { command: { type: "string" } },
        required: ["command"],
      } as unknown as AgentTool["parameters"],
      execute: async () => {
        executed = true;
        return { content: [{ type: "text", text: "ran" }], details: {} };
      },
    };
    const { host, answerNext } = await gateHost();
    const agent = new Agent({
      initialState: { model: faux.getModel(), tools: [bash], systemPrompt: "" },
      getApiKey: () => "k",
    });
    agent.beforeToolCall = async ({ toolCall, args }) =>
      host.beforeToolCall({ toolCallId: toolCall.id, toolName: toolCall.name, args });
    const run = agent.prompt("clean up");
    await answerNext(BLOCK);
    await run;
    expect(executed).toBe(false);
    expect(seenByModel?.isError).toBe(true);
    expect(seenByModel?.content).toEqual([
      { type: "text", text: "Blocked by the permission gate: the user chose Block." },
    ]);
  });
});
