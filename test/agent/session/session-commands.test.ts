// Session commands through a real runtime on the faux provider: names, entries and tree,
// fork/clone/new/switch (with rehydrated context), compaction, todos, host tools, bad input.
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxToolCall } from "@mariozechner/pi-ai";
import { createAgentHarness, type AgentHarness } from "./agent-harness.js";
import { serializeFrame } from "../../../src/protocol/jsonl.js";

let h: AgentHarness;
beforeEach(() => {
  h = createAgentHarness();
});
afterEach(() => h.dispose());

async function ask(text: string): Promise<void> {
  const settled = h.events.filter((e) => e.type === "agent_settled").length;
  await h.runtime.prompt(text);
  await h.waitFor(() => h.events.filter((e) => e.type === "agent_settled").length > settled);
}

async function twoTurns(): Promise<void> {
  h.faux.setResponses([fauxAssistantMessage("first answer"), fauxAssistantMessage("second answer")]);
  await ask("first question");
  await ask("second question");
}

describe("names, entries, tree", () => {
  it("sets a trimmed name, announces it after writing it, rejects blanks", async () => {
    await expect(h.command("set_session_name", { name: "  harness session  " })).resolves.toBeUndefined();
    expect(h.events.at(-1)).toEqual({ type: "session_info_changed", name: "harness session" });
    expect(h.session.getName()).toBe("harness session");
    await expect(h.command("set_session_name", { name: "   " })).rejects.toThrow("Session name cannot be empty");
  });

  it("lists entries (with a since cursor) and the tree with the leaf", async () => {
    await twoTurns();
    const all = (await h.command("get_entries")) as { entries: { id: string; type: string }[]; leafId: string };
    expect(all.entries.map((e) => e.type)).toEqual(["message", "message", "message", "message"]);
    expect(all.leafId).toBe(all.entries[3]?.id);
    const since = (await h.command("get_entries", { since: all.entries[1]?.id })) as { entries: { id: string }[] };
    expect(since.entries.map((e) => e.id)).toEqual([all.entries[2]?.id, all.entries[3]?.id]);
    await expect(h.command("get_entries", { since: "zzzzzzzz" })).rejects.toThrow(/Unknown entry id/);
    const tree = (await h.command("get_tree")) as {
      tree: { entry: { id: string }; children: unknown[] }[];
      leafId: string;
    };
    expect(tree.tree).toHaveLength(1);
    expect(tree.leafId).toBe(all.leafId);
  });
});

describe("deep sessions", () => {
  it("get_tree answers for a linear session of 5,000 entries and its frame serialises whole", async () => {
    for (let i = 0; i < 5000; i++) h.session.appendCustom("filler", { i });
    type Node = { entry: { id: string }; children: Node[] };
    const got = (await h.command("get_tree")) as { tree: Node[]; leafId: string };
    // V8's JSON.stringify overflows at this depth; the frame serialiser does not.
    expect(() => JSON.stringify(got)).toThrow(RangeError);
    const parsed = JSON.parse(serializeFrame({ type: "response", command: "get_tree", success: true, data: got })) as {
      data: { tree: Node[]; leafId: string };
    };
    let depth = 0;
    for (let node = parsed.data.tree[0]; node !== undefined; node = node.children[0]) depth++;
    expect(depth).toBe(5000);
    expect(parsed.data.leafId).toBe(h.session.getLeafId());
    const all = (await h.command("get_entries")) as { entries: unknown[] };
    expect(all.entries).toHaveLength(5000);
  });
});

describe("session replacement", () => {
  it("forks before a user message and rehydrates the runtime context", async () => {
    await twoTurns();
    const forks = (await h.command("get_fork_messages")) as { messages: { entryId: string; text: string }[] };
    expect(forks.messages.map((m) => m.text)).toEqual(["first question", "second question"]);
    expect(await h.command("get_branch_messages")).toEqual(forks);
    const before = h.session.sessionFile;
    const result = await h.command("fork", { entryId: forks.messages[1]?.entryId });
    expect(result).toEqual({ text: "second question", cancelled: false });
    expect(h.session.sessionFile).not.toBe(before);
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    await expect(h.command("branch", { entryId: "nope" })).rejects.toThrow("Invalid entry ID for forking");
    expect(h.runtime.messages).toHaveLength(2);
  });

  it("clones, starts a new session with parentSession, switches back; clone of empty fails", async () => {
    await twoTurns();
    const first = h.session.sessionFile ?? "";
    expect(await h.command("clone")).toEqual({ cancelled: false });
    const cloned = h.session.sessionFile;
    expect(cloned).not.toBe(first);
    expect(h.runtime.messages).toHaveLength(4);
    expect(await h.command("new_session", { parentSession: first })).toEqual({ cancelled: false });
    expect(h.runtime.messages).toEqual([]);
    expect(h.session.getHeader().parentSession).toBe(first);
    await expect(h.command("clone")).rejects.toThrow("Cannot clone session: no current entry selected");
    await expect(h.command("switch_session", { sessionPath: join(h.dir, "missing.jsonl") })).rejects.toThrow(
      /Session file not found/,
    );
    await expect(h.command("switch_session", { sessionPath: h.dir })).rejects.toThrow(/Not a session file/);
    writeFileSync(join(h.dir, "notes.txt"), "hello\n");
    await expect(h.command("switch_session", { sessionPath: join(h.dir, "notes.txt") })).rejects.toThrow(
      /Not a session file/,
    );
    expect(h.session.getHeader().parentSession).toBe(first);
    expect(await h.command("switch_session", { sessionPath: first })).toEqual({ cancelled: false });
    expect(h.session.sessionFile).toBe(first);
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("aborts a running prompt and clears the queues before replacing the session", async () => {
    let release: () => void = () => undefined;
    h.faux.setResponses([() => new Promise((resolve) => (release = () => resolve(fauxAssistantMessage("late"))))]);
    await h.runtime.prompt("slow question");
    await h.waitFor((e) => e.type === "agent_start");
    await h.runtime.queueMessage("followUp", "queued follow-up");
    const pending = h.command("new_session");
    release();
    expect(await pending).toEqual({ cancelled: false });
    expect(h.runtime.isStreaming).toBe(false);
    expect(h.runtime.queues.pendingCount).toBe(0);
    const types = h.events.map((e) => e.type);
    expect(types.indexOf("agent_end")).toBeGreaterThan(-1);
  });
});

describe("compaction, todos, host tools", () => {
  it("compact: events, then the compacted context; compact again fails", async () => {
    h = (h.dispose(), createAgentHarness({ rawSettings: { compaction: { keepRecentTokens: 1 } } }));
    await twoTurns();
    h.faux.setResponses([fauxAssistantMessage("## Goal\nsummary"), fauxAssistantMessage("prefix")]);
    const result = (await h.command("compact", { customInstructions: "Keep it short" })) as {
      summary: string;
      firstKeptEntryId: string;
    };
    expect(result.summary).toContain("summary");
    const types = h.events.map((e) => e.type);
    expect(types.slice(-2)).toEqual(["compaction_start", "compaction_end"]);
    expect(h.runtime.messages[0]?.role).toBe("compactionSummary");
    expect(h.runtime.isCompacting).toBe(false);
    await expect(h.command("compact")).rejects.toThrow("Already compacted");
  });

  it("todo_write through the model, set_todos, todoPhases in state, restore after switch", async () => {
    h.faux.setResponses([
      fauxAssistantMessage(
        fauxToolCall("todo_write", {
          phases: [{ name: "Plan", tasks: [{ content: "Read code" }, { content: "Fix bug" }] }],
        }),
        {
          stopReason: "toolUse",
        },
      ),
      fauxAssistantMessage("planned"),
    ]);
    await ask("make a plan");
    const end = h.events.find((e) => e.type === "tool_execution_end");
    expect(end).toMatchObject({ toolName: "todo_write", isError: false });
    expect(h.runtime.hooks.stateFields()).toEqual({
      todoPhases: [
        {
          id: "phase-1",
          name: "Plan",
          tasks: [
            { id: "task-1", content: "Read code", status: "in_progress" },
            { id: "task-2", content: "Fix bug", status: "pending" },
          ],
        },
      ],
    });
    await expect(h.command("set_todos", { phases: [{ name: "" }] })).rejects.toThrow(/Invalid todo phases/);
    const set = (await h.command("set_todos", { phases: [{ name: "Host plan", tasks: [{ content: "x" }] }] })) as {
      todoPhases: unknown[];
    };
    expect(set.todoPhases).toEqual([
      { id: "phase-2", name: "Host plan", tasks: [{ id: "task-3", content: "x", status: "pending" }] },
    ]);
    // A reload rebuilds from the last todo_write result, not from set_todos (docs/protocol.md §9.5).
    const file = h.session.sessionFile ?? "";
    await h.command("new_session");
    expect(h.runtime.hooks.stateFields()).toEqual({ todoPhases: [] });
    await h.command("switch_session", { sessionPath: file });
    expect((h.runtime.hooks.stateFields().todoPhases as { name: string }[])[0]?.name).toBe("Plan");
  });

  it("host tools: registered, called by the model, answered through the stdin route", async () => {
    expect(
      await h.command("set_host_tools", {
        tools: [
          {
            name: "echo_host",
            description: "Echo",
            parameters: { type: "object", properties: { message: { type: "string" } } },
          },
        ],
      }),
    ).toEqual({ toolNames: ["echo_host"] });
    await expect(
      h.command("set_host_tools", { tools: [{ name: "todo_write", description: "x", parameters: {} }] }),
    ).rejects.toThrow("conflicts with an existing tool");
    h.faux.setResponses([
      fauxAssistantMessage(fauxToolCall("echo_host", { message: "hi" }, { id: "toolu_1" }), { stopReason: "toolUse" }),
      fauxAssistantMessage("done"),
    ]);
    await h.runtime.prompt("call the host");
    const call = await h.waitFor((e) => e.type === "host_tool_call");
    expect(call).toMatchObject({ toolCallId: "toolu_1", toolName: "echo_host", arguments: { message: "hi" } });
    const route = h.services.frameRoutes.get("host_tool_result");
    expect(
      route?.({ type: "host_tool_result", id: call["id"], result: { content: [{ type: "text", text: "hi back" }] } }),
    ).toBe(true);
    const end = await h.waitFor((e) => e.type === "tool_execution_end");
    expect(end).toMatchObject({
      toolName: "echo_host",
      isError: false,
      result: { content: [{ type: "text", text: "hi back" }] },
    });
    await h.waitFor((e) => e.type === "agent_settled");
    expect(route?.({ type: "host_tool_result", id: "host_404", result: { content: [] } })).toBe(false);
  });

  it("export_html writes a file in the cwd by default", async () => {
    await twoTurns();
    const data = (await h.command("export_html")) as { path: string };
    expect(data.path).toMatch(/^agent-session-.*_.*\.html$/);
    const html = readFileSync(join(h.dir, data.path), "utf8");
    expect(html).toContain("second answer");
    await expect(h.command("export_html", { outputPath: join(h.dir, "no-such-dir", "x.html") })).rejects.toThrow(
      /ENOENT/,
    );
    expect(existsSync(join(h.dir, "no-such-dir"))).toBe(false);
  });

  it("export_html refuses an existing file or a symlink unless asked to overwrite, and never writes through a link", async () => {
    await twoTurns();
    const important = join(h.dir, "IMPORTANT.md");
    writeFileSync(important, "keep me");
    await expect(h.command("export_html", { outputPath: important })).rejects.toThrow(/already exists/);
    expect(readFileSync(important, "utf8")).toBe("keep me");
    const link = join(h.dir, "link.html");
    symlinkSync(important, link);
    await expect(h.command("export_html", { outputPath: link })).rejects.toThrow(/already exists/);
    // Asked to overwrite: the link itself is replaced by a private file, its target untouched.
    await expect(h.command("export_html", { outputPath: link, overwrite: true })).resolves.toEqual({ path: link });
    expect(readFileSync(important, "utf8")).toBe("keep me");
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(readFileSync(link, "utf8")).toContain("second answer");
    expect(statSync(link).mode & 0o777).toBe(0o600);
    await expect(h.command("export_html", { outputPath: important, overwrite: true })).resolves.toEqual({
      path: important,
    });
    expect(readFileSync(important, "utf8")).toContain("second answer");
    // The default name never replaces an earlier export: the next one gets its own name.
    const first = (await h.command("export_html")) as { path: string };
    const second = (await h.command("export_html")) as { path: string };
    expect(second.path).not.toBe(first.path);
    expect(readdirSync(h.dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
});
