// The tools inside pi-agent-core's loop on pi-ai's faux provider: argument validation and
// prepareArguments (legacy edit form) work with our typebox schemas, thrown errors become
// isError results, and bash partial results reach tool_execution_update.

import { writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { agentLoop, type AgentEvent, type AgentMessage } from "@mariozechner/pi-agent-core";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type Message } from "@mariozechner/pi-ai";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createCodingTools } from "../../../src/agent/tools/index.js";
import { makeTempDir } from "./helpers.js";

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
});
afterEach(() => cleanup());

test("tool calls run through agentLoop with pi's result conventions", async () => {
  writeFileSync(join(dir, "f.txt"), "hello world\n");
  const faux = registerFauxProvider({ provider: "faux-tools-test" });
  try {
    faux.setResponses([
      fauxAssistantMessage(
        [
          fauxToolCall("edit", { path: "f.txt", oldText: "world", newText: "there" }, { id: "c1" }),
          fauxToolCall("bash", { command: "echo out; exit 2" }, { id: "c2" }),
          fauxToolCall("read", { offset: 1 }, { id: "c3" }),
          fauxToolCall("ls", {}, { id: "c4" }),
        ],
        { stopReason: "toolUse" },
      ),
      fauxAssistantMessage(fauxText("done")),
    ]);
    const events: AgentEvent[] = [];
    const stream = agentLoop(
      [{ role: "user", content: [{ type: "text", text: "go" }], timestamp: Date.now() }],
      { systemPrompt: "", messages: [], tools: createCodingTools({ cwd: dir, tempDir: dir }) },
      {
        model: faux.getModel(),
        convertToLlm: (messages: AgentMessage[]) =>
          messages.filter(
            (m): m is Message =>
              "role" in m && (m.role === "user" || m.role === "assistant" || m.role === "toolResult"),
          ),
      },
    );
    for await (const event of stream) events.push(event);

    const ends = new Map(events.flatMap((e) => (e.type === "tool_execution_end" ? [[e.toolCallId, e] as const] : [])));
    const edit = ends.get("c1");
    expect(edit?.isError).toBe(false);
    expect(edit?.result.details.diff).toContain("+1 hello there");
    expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe("hello there\n");

    const bash = ends.get("c2");
    expect(bash?.isError).toBe(true);
    expect(bash?.result.content).toEqual([{ type: "text", text: "out\n\n\nCommand exited with code 2" }]);
    const bashUpdates = events.filter((e) => e.type === "tool_execution_update" && e.toolCallId === "c2");
    expect(bashUpdates.length).toBeGreaterThanOrEqual(2);
    expect(bashUpdates[0]).toMatchObject({ partialResult: { content: [] } });

    // Missing required `path`: rejected by validation before execute.
    expect(ends.get("c3")?.isError).toBe(true);
    expect(ends.get("c4")?.result.content[0]).toEqual({ type: "text", text: "f.txt" });
  } finally {
    faux.unregister();
  }
});
