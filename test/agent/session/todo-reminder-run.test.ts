// Todo reminders through the real runtime (docs/protocol.md §4.9 todo_reminder, §4.11 K): agent_end.willRetry
// announces the reminder run, the hidden reminder message starts it, the budget is per prompt.
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage } from "@mariozechner/pi-ai";
import { createAgentHarness, type AgentHarness } from "./agent-harness.js";

let h: AgentHarness | undefined;
afterEach(() => {
  h?.dispose();
  h = undefined;
});

function labels(harness: AgentHarness, from = 0): string[] {
  return harness.events
    .slice(from)
    .filter((e) => e.type !== "message_update" && e.type !== "message_start")
    .map((e) => {
      if (e.type === "message_end") {
        const message = e["message"] as { role: string; customType?: string };
        return `message_end:${message.customType ?? message.role}`;
      }
      if (e.type === "agent_end") return `agent_end:${String(e["willRetry"])}`;
      return e.type;
    });
}

describe("todo reminders in the runtime", () => {
  it("continues with a hidden reminder while tasks are open, at most maxReminders times", async () => {
    const harness = (h = createAgentHarness({ rawSettings: { tasks: { maxReminders: 2 } } }));
    harness.runtime.autoCompaction = false;
    await harness.command("set_todos", {
      phases: [{ name: "Work", tasks: [{ content: "Exercise edit operations" }] }],
    });
    harness.faux.setResponses([
      fauxAssistantMessage("stopping early"),
      fauxAssistantMessage("still stopping"),
      fauxAssistantMessage("really stopping"),
    ]);
    const mark = harness.events.length;
    await harness.settle("do the plan");
    expect(labels(harness, mark)).toEqual([
      "agent_start",
      "turn_start",
      "message_end:user",
      "message_end:assistant",
      "turn_end",
      "agent_end:true",
      "todo_reminder",
      "agent_start",
      "turn_start",
      "message_end:todo-reminder",
      "message_end:assistant",
      "turn_end",
      "agent_end:true",
      "todo_reminder",
      "agent_start",
      "turn_start",
      "message_end:todo-reminder",
      "message_end:assistant",
      "turn_end",
      "agent_end:false",
      "agent_settled",
    ]);
    const reminders = harness.events.filter((e) => e.type === "todo_reminder");
    expect(reminders[0]).toMatchObject({
      attempt: 1,
      maxAttempts: 2,
      todos: [{ content: "Exercise edit operations" }],
    });
    expect(reminders[1]).toMatchObject({ attempt: 2, maxAttempts: 2 });
    const hidden = harness.runtime.messages.find((m) => m.role === "custom");
    expect(hidden).toMatchObject({ customType: "todo-reminder", display: false });
    // Stored as pi stores custom messages: a custom_message entry, back in the context on reload.
    const stored = harness.session.getEntries().filter((e) => e.type === "custom_message");
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ customType: "todo-reminder", display: false });
    expect(
      harness.session.getEntries().some((e) => e.type === "message" && (e.message.role as string) === "custom"),
    ).toBe(false);
    expect(harness.session.buildContextMessages().filter((m) => m.role === "custom")).toHaveLength(2);
    expect(harness.faux.state.callCount).toBe(3);

    // A new prompt gets a new budget.
    harness.faux.setResponses([
      fauxAssistantMessage("again"),
      fauxAssistantMessage("again 2"),
      fauxAssistantMessage("again 3"),
    ]);
    const second = harness.events.length;
    await harness.settle("next");
    expect(
      harness.events
        .slice(second)
        .filter((e) => e.type === "todo_reminder")
        .map((e) => e["attempt"]),
    ).toEqual([1, 2]);

    // So does a follow_up sent while idle (it starts a run as a prompt would).
    harness.faux.setResponses([
      fauxAssistantMessage("more"),
      fauxAssistantMessage("more 2"),
      fauxAssistantMessage("more 3"),
    ]);
    const third = harness.events.length;
    const settled = harness.events.filter((e) => e.type === "agent_settled").length;
    await harness.runtime.queueMessage("followUp", "keep going");
    await harness.waitFor(() => harness.events.filter((e) => e.type === "agent_settled").length > settled);
    expect(
      harness.events
        .slice(third)
        .filter((e) => e.type === "todo_reminder")
        .map((e) => e["attempt"]),
    ).toEqual([1, 2]);
  });

  it("settles without a reminder when every task is finished or reminders are off", async () => {
    const harness = (h = createAgentHarness({ rawSettings: { tasks: { reminders: false } } }));
    harness.runtime.autoCompaction = false;
    await harness.command("set_todos", { phases: [{ name: "Work", tasks: [{ content: "open task" }] }] });
    harness.faux.setResponses([fauxAssistantMessage("done")]);
    const mark = harness.events.length;
    await harness.settle("go");
    expect(labels(harness, mark).slice(-2)).toEqual(["agent_end:false", "agent_settled"]);
    expect(harness.events.some((e) => e.type === "todo_reminder")).toBe(false);
  });

  it("an abort during the reminder run settles it (no further reminder)", async () => {
    const harness = (h = createAgentHarness({ rawSettings: { tasks: { maxReminders: 3 } } }));
    harness.runtime.autoCompaction = false;
    await harness.command("set_todos", { phases: [{ name: "Work", tasks: [{ content: "open task" }] }] });
    // The reminder run's answer waits until it is aborted.
    const waitForAbort = async (_context: unknown, options: { signal?: AbortSignal } | undefined) => {
      await new Promise<void>((resolve) => options?.signal?.addEventListener("abort", () => resolve(), { once: true }));
      return fauxAssistantMessage("too late");
    };
    harness.faux.setResponses([fauxAssistantMessage("first"), waitForAbort]);
    await harness.runtime.prompt("go");
    await harness.waitFor((e) => e.type === "message_end" && (e["message"] as { role: string }).role === "custom");
    await harness.runtime.abort();
    await harness.waitFor((e) => e.type === "agent_settled");
    expect(harness.events.filter((e) => e.type === "todo_reminder")).toHaveLength(1);
    const ends = harness.events.filter((e) => e.type === "agent_end");
    expect(ends.map((e) => e["willRetry"])).toEqual([true, false]);
  });
});
