// The demo provider's tour: streaming markdown and thinking, `ls`, a bash command
// with ~3 s of live output to steer during, a todo plan, the reminder, the end; a steer or
// follow-up gets a short reply quoting it and the tour continues; fallback wording.

import "./helpers/isolated-tmp.js";
import { afterEach, describe, expect, it } from "vitest";
import type { Context } from "@mariozechner/pi-ai";
import { DEMO_END, DEMO_LIVE_COMMAND, planDemoAnswer, type DemoBlock } from "../../src/agent/providers/demo-script.js";
import { DEMO_FALLBACK_MODEL, DEMO_MODEL, isDemoFallback } from "../../src/agent/providers/demo-model.js";
import { startAgentProcess, type AgentProcess, type Frame } from "./helpers/agent-process.js";

const TOOLS = ["ls", "bash", "todo_write"].map((name) => ({ name, description: name, parameters: {} as never }));
type Msg = Context["messages"][number];
const user = (text: string): Msg => ({ role: "user", content: text, timestamp: 0 });
const result = (toolName: string, text = "ok"): Msg => ({
  role: "toolResult",
  toolCallId: toolName,
  toolName,
  content: [{ type: "text", text }],
  isError: false,
  timestamp: 0,
});
const said = (blocks: DemoBlock[]): Msg => ({
  role: "assistant",
  content: blocks.map((b) =>
    b.kind === "text"
      ? { type: "text" as const, text: b.text }
      : b.kind === "thinking"
        ? { type: "thinking" as const, thinking: b.text }
        : { type: "toolCall" as const, id: b.name, name: b.name, arguments: b.args },
  ),
  api: "x",
  provider: "demo",
  model: "demo",
  usage: {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  },
  stopReason: "stop",
  timestamp: 0,
});
const answer = (messages: Msg[], fallback = false): DemoBlock[] =>
  planDemoAnswer({ messages, tools: TOOLS }, { fallback });
const text = (blocks: DemoBlock[]): string =>
  blocks.map((b) => (b.kind === "tool" ? `[${b.name}]` : b.text)).join("\n");
const tools = (blocks: DemoBlock[]): string[] => blocks.flatMap((b) => (b.kind === "tool" ? [b.name] : []));

/** Play the tour to its end, inserting `interject` (a steer) after the given tool result. */
function playTour(interject?: { after: string; text: string }): { conversation: Msg[]; replies: DemoBlock[][] } {
  const conversation: Msg[] = [user("Show me the agent-tui demo tour")];
  const replies: DemoBlock[][] = [];
  for (let turn = 0; turn < 12; turn++) {
    const reply = answer(conversation);
    replies.push(reply);
    conversation.push(said(reply));
    const called = tools(reply);
    if (called.length === 0) {
      if (text(reply).includes(DEMO_END)) break;
      // The worker's todo reminder after an unfinished plan.
      conversation.push(user("<system_reminder>You stopped with 1 incomplete todo item(s):\n- x</system_reminder>"));
      continue;
    }
    for (const name of called) conversation.push(result(name));
    if (interject && called.includes(interject.after)) conversation.push(user(interject.text));
  }
  return { conversation, replies };
}

describe("demo script: the tour", () => {
  it("runs intro + ls, live bash, plan, reminder, finished plan, end — in that order", () => {
    const { replies } = playTour();
    expect(replies.map(tools)).toEqual([["ls"], ["bash"], ["todo_write"], [], ["todo_write"], []]);
    expect(replies[0]?.map((b) => b.kind)).toEqual(["thinking", "text", "tool"]);
    expect(text(replies[0] ?? [])).toMatch(/```ts[\s\S]*```/);
    expect(text(replies[0] ?? [])).toContain("steers me");
    expect(text(replies.at(-1) ?? [])).toContain(DEMO_END);
  });

  it("invites steering during a bash command that prints a line every 0.3 s for about 3 s", () => {
    const bash = answer([user("tour"), said([]), result("ls")]).find((b) => b.kind === "tool");
    expect(bash).toEqual({ kind: "tool", name: "bash", args: { command: DEMO_LIVE_COMMAND, timeout: 30 } });
    expect(DEMO_LIVE_COMMAND).toMatch(/for i in 1 2 3 4 5 6 7 8 9 10; do echo .*; sleep 0\.3; done/);
    // Read-only: no redirection into files, no rm/mv/write.
    expect(DEMO_LIVE_COMMAND).not.toMatch(/>|\brm\b|\bmv\b|\btee\b/);
  });

  it("answers a steer with a short reply quoting it, then continues the tour (not the tour again)", () => {
    const { replies } = playTour({ after: "bash", text: "please  also\ncount the files" });
    const ack = replies[2] ?? [];
    expect(text(ack)).toContain("You said: “please also count the files”");
    expect(text(ack)).not.toContain("Demo mode");
    expect(ack.some((b) => b.kind === "thinking")).toBe(false);
    expect(tools(ack)).toEqual(["todo_write"]);
    expect(replies.map(tools)).toEqual([["ls"], ["bash"], ["todo_write"], [], ["todo_write"], []]);
  });

  it("answers a follow-up after the plan by finishing it, then ends", () => {
    const conversation: Msg[] = [
      user("tour"),
      said([]),
      result("ls"),
      said([]),
      result("bash"),
      said([]),
      result("todo_write"),
    ];
    conversation.push(said(answer(conversation)), user("what next?"));
    const reply = answer(conversation);
    expect(text(reply)).toContain("You said: “what next?”");
    expect(tools(reply)).toEqual(["todo_write"]);
    conversation.push(said(reply), result("todo_write"));
    expect(text(answer(conversation))).toContain(DEMO_END);
  });

  it("after the tour: a short quoting reply; asking for the tour again restarts it", () => {
    const { conversation } = playTour();
    const reply = answer([...conversation, user("thanks!")]);
    expect(reply).toHaveLength(1);
    expect(text(reply)).toContain("You said: “thanks!”");
    expect(tools(answer([...conversation, user("show the tour again")]))).toEqual(["ls"]);
  });

  it("says 'no API key was found' only when the demo was a fallback", () => {
    expect(text(answer([user("hi")], true))).toContain("no API key was found");
    const explicit = text(answer([user("hi")], false));
    expect(explicit).not.toContain("no API key was found");
    expect(explicit).toContain("you asked for the offline demo");
    expect(isDemoFallback(DEMO_FALLBACK_MODEL)).toBe(true);
    expect(isDemoFallback(DEMO_MODEL)).toBe(false);
    expect({ ...DEMO_FALLBACK_MODEL, name: DEMO_MODEL.name }).toEqual(DEMO_MODEL);
  });
});

describe("demo tour in the built agent-rpc (--provider demo)", () => {
  let agent: AgentProcess | undefined;
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
  });

  it("streams live bash output for seconds, acknowledges a steer sent meanwhile, and finishes the tour", async () => {
    agent = await startAgentProcess({ noModels: true, args: ["--provider", "demo"] });
    const from = agent.mark();
    await agent.request({ id: "p", type: "prompt", message: "Show me the agent-tui demo tour" });
    const isBash = (f: Frame): boolean => f["toolName"] === "bash";
    await agent.waitFor((f) => f.type === "tool_execution_update" && isBash(f), { from, timeoutMs: 10_000 });
    const firstUpdate = Date.now();
    const steer = await agent.request({ id: "s", type: "steer", message: "please also count the files" });
    expect(steer["success"]).toBe(true);
    await agent.waitFor((f) => f.type === "tool_execution_end" && isBash(f), { from, timeoutMs: 10_000 });
    expect(Date.now() - firstUpdate).toBeGreaterThan(1500);
    const updates = agent.frames.slice(from).filter((f) => f.type === "tool_execution_update" && isBash(f));
    expect(updates.length).toBeGreaterThanOrEqual(5);
    await agent.waitFor((f) => f.type === "agent_settled", { from, timeoutMs: 15_000 });

    const ended = agent.frames
      .slice(from)
      .filter((f) => f.type === "message_end")
      .map((f) => f["message"] as { role: string; content: unknown });
    const texts = ended
      .filter((m) => m.role === "assistant")
      .map((m) => (m.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join(""));
    expect(texts[0]).toContain("Demo mode");
    expect(texts[0]).not.toContain("no API key was found");
    const ack = texts.find((t) => t.includes("You said: “please also count the files”"));
    expect(ack).toBeDefined();
    expect(ack).not.toContain("Demo mode");
    expect(texts.filter((t) => t.includes("Demo mode"))).toHaveLength(1);
    expect(texts.at(-1)).toContain(DEMO_END);
    const toolNames = agent.frames
      .slice(from)
      .filter((f) => f.type === "tool_execution_end")
      .map((f) => f["toolName"]);
    expect(toolNames).toEqual(["ls", "bash", "todo_write", "todo_write"]);
    expect(agent.frames.slice(from).some((f) => f.type === "todo_reminder")).toBe(true);
  }, 30_000);
});
