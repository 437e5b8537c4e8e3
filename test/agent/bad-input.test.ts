// Bad input never kills the worker: every malformed record or command with a missing or
// mistyped field gets exactly one success:false response naming the problem, with its id.

import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage } from "@mariozechner/pi-ai";
import type { AgentServices } from "../../src/agent/commands/command-table.js";
import { runCommand } from "../../src/agent/commands/registry.js";
import { createServerHarness, type ServerHarness } from "./helpers/server-harness.js";

let s: ServerHarness | undefined;
afterEach(async () => {
  await s?.h.runtime.abort();
  s?.dispose();
  s = undefined;
});

const CASES: [Record<string, unknown>, string][] = [
  [{ type: "prompt" }, "message"],
  [{ type: "prompt", message: 42 }, "message"],
  [{ type: "prompt", message: "x", streamingBehavior: "later" }, "streamingBehavior"],
  [{ type: "prompt", message: "x", images: "nope" }, "images"],
  [{ type: "prompt", message: "x", images: [{ type: "image", data: 1, mimeType: "image/png" }] }, "data"],
  [{ type: "steer" }, "message"],
  [{ type: "follow_up", message: null }, "message"],
  [{ type: "abort_and_prompt", message: [] }, "message"],
  [{ type: "set_model", provider: "fake" }, "modelId"],
  [{ type: "set_model", modelId: "m" }, "provider"],
  [{ type: "set_thinking_level", level: "extreme" }, "level"],
  [{ type: "set_thinking_level" }, "level"],
  [{ type: "set_steering_mode", mode: "some" }, "mode"],
  [{ type: "set_follow_up_mode" }, "mode"],
  [{ type: "set_interrupt_mode", mode: 1 }, "mode"],
  [{ type: "set_auto_retry", enabled: "yes" }, "enabled"],
  [{ type: "set_auto_compaction" }, "enabled"],
  [{ type: "bash" }, "command"],
  [{ type: "bash", command: "ls", excludeFromContext: "no" }, "excludeFromContext"],
  [{ type: "clear_queue", lane: "both" }, "lane"],
  [{ type: "switch_session" }, "sessionPath"],
  [{ type: "fork", entryId: 3 }, "entryId"],
  [{ type: "set_session_name" }, "name"],
  [{ type: "set_todos", phases: {} }, "phases"],
  [{ type: "set_host_tools" }, "tools"],
];

describe("bad input", () => {
  it.each(CASES.map(([command, field], i) => [command["type"], field, command, i] as const))(
    "%s without a valid %s fails naming it",
    async (_type, field, command, i) => {
      s = createServerHarness();
      const id = `bad-${i}`;
      const response = await s.request({ id, ...command });
      expect(response).toMatchObject({ id, type: "response", command: command["type"], success: false });
      expect(String(response["error"])).toContain(field);
      // Still alive and answering.
      const alive = await s.request({ id: `alive-${i}`, type: "get_state" });
      expect(alive["success"]).toBe(true);
      expect(s.frames.filter((f) => f["id"] === id)).toHaveLength(1);
    },
  );

  it("answers parse errors, non-objects and unknown commands, ignores blank lines", async () => {
    s = createServerHarness();
    s.send("{oops\n");
    s.send("   \n");
    s.send("null\n");
    s.send("[1]\n");
    s.send('{"id":"no-type"}\n');
    s.send('{"id":"u1","type":"frobnicate"}\n');
    await s.request({ id: "after", type: "get_state" });
    const responses = s.frames.filter((f) => f["type"] === "response");
    expect(responses[0]).toMatchObject({ command: "parse", success: false });
    expect(String(responses[0]?.["error"])).toMatch(/^Failed to parse command: /);
    expect(responses[1]).toEqual({
      type: "response",
      command: "parse",
      success: false,
      error: 'Invalid command: expected a JSON object with a string "type"',
    });
    expect(responses[2]).toMatchObject({ command: "parse", success: false });
    expect(responses[3]).toMatchObject({ id: "no-type", command: "parse", success: false });
    expect(responses[4]).toEqual({
      id: "u1",
      type: "response",
      command: "frobnicate",
      success: false,
      error: "Unknown command: frobnicate",
    });
    expect(responses[5]).toMatchObject({ id: "after", success: true });
    expect(responses).toHaveLength(6);
  });

  it("rejects URL images and normalises legacy base64 images", async () => {
    s = createServerHarness();
    const url = await s.request({
      id: "img-url",
      type: "prompt",
      message: "look",
      images: [{ type: "image", source: { type: "url", url: "http://x" } }],
    });
    expect(url).toMatchObject({ success: false, error: "URL image sources are not supported" });
    s.h.faux.setResponses([fauxAssistantMessage("seen")]);
    const legacy = await s.request({
      id: "img-legacy",
      type: "prompt",
      message: "look",
      images: [{ type: "image", source: { type: "base64", mediaType: "image/png", data: "iVBORw0KGgo=" } }],
    });
    expect(legacy["success"]).toBe(true);
    await s.h.waitFor((e) => e.type === "agent_settled");
    expect(s.h.runtime.messages[0]).toMatchObject({
      content: [
        { type: "text", text: "look" },
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
      ],
    });
  });

  it("answers commands without a handler by name, and clear_queue / thinking commands", async () => {
    s = createServerHarness();
    // A protocol command with no handler in the table fails by name (tables of other areas fill them).
    await expect(
      runCommand(
        {},
        { type: "compact" },
        { runtime: s.h.runtime, services: {} as AgentServices, emit: () => undefined },
      ),
    ).rejects.toThrow("compact is not implemented yet");
    const levels = await s.request({ id: "t1", type: "get_available_thinking_levels" });
    expect(levels["data"]).toEqual({ levels: ["off", "minimal", "low", "medium", "high"] });
    const cleared = await s.request({ id: "q1", type: "clear_queue" });
    expect(cleared["data"]).toEqual({ steering: [], followUp: [] });
    const cycle = await s.request({ id: "t2", type: "cycle_thinking_level" });
    expect(cycle["data"]).toEqual({ level: "high" });
    await s.request({ id: "t3", type: "set_model", provider: "faux", modelId: "faux-plain" });
    const none = await s.request({ id: "t4", type: "cycle_thinking_level" });
    expect(none).toMatchObject({ success: true, data: null });
    const bad = await s.request({ id: "t5", type: "set_model", provider: "faux", modelId: "nope" });
    expect(bad).toMatchObject({ success: false, error: "Model not found: faux/nope" });
  });
});
