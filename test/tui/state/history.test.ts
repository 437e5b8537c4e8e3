// A resumed session prints as it looked live: for real pi 0.73.1 and oh-my-pi traces, the
// entries built from the session's get_messages equal the ones the live events committed; the
// session's totals are summed; a long session prints only its tail (the rest kept in the store);
// and the transcript prints a long backlog in bounded chunks.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { entryLines } from "../../../src/tui/render/entry-lines.js";
import { entryCost, nextPrintEnd, PRINT_BUDGET } from "../../../src/tui/render/print-budget.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import { toClientEvent, type AgentMessage } from "../../../src/bridge/index.js";
import { historyEntries, historyPrompts, historyTotals } from "../../../src/tui/state/history.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";
import type { EntryInput } from "../../../src/tui/state/transcript.js";
import type { Entry } from "../../../src/tui/state/types.js";
import { isEventFrame } from "../helpers/traces.js";
import { wireMessages } from "../helpers/wire-values.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const TRACES = resolve(import.meta.dirname, "..", "..", "fixtures", "traces");

function frames(path: string): Record<string, unknown>[] {
  return readFileSync(join(TRACES, path), "utf8")
    .split("\n")
    .filter((l) => l.trim().startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** What a person reads in an entry (tool timings aside; long answers may be split live). */
function readable(entries: readonly EntryInput[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    switch (e.kind) {
      case "tool":
        out.push(`tool ${e.run.name} ${JSON.stringify(e.run.args)} ${e.run.status} ${e.run.output?.text ?? ""}`);
        break;
      case "markdown":
      case "thinking":
        if (e.continues && out.length > 0) out[out.length - 1] += ` ${e.text.replace(/\s+/g, " ").trim()}`;
        else out.push(`${e.kind} ${e.text.replace(/\s+/g, " ").trim()}`);
        break;
      case "user":
      case "notice":
      case "custom":
      case "summary":
        out.push(`${e.kind} ${e.text}`);
        break;
      case "bash":
        out.push(`bash ${e.command} ${e.output}`);
        break;
    }
  }
  return out;
}

describe("history entries equal the live transcript", () => {
  // (Not i_auto_retry: pi drops the failed attempts that were retried from the context, so a
  // resumed session shows only the errors that ended a run, as pi's own TUI does.)
  const cases = [
    "pi-0.73.1/b_thinking.jsonl",
    "pi-0.73.1/c_tool_bash.jsonl",
    "pi-0.73.1/e_abort.jsonl",
    "omp-18.2.3/a_text.jsonl",
    "omp-18.2.3/c_tool_bash.jsonl",
  ];
  for (const name of cases) {
    it(name, () => {
      const all = frames(name);
      let s = createInitialState(80, 24);
      let messages: AgentMessage[] | undefined;
      for (const f of all) {
        if (f["type"] === "response" && f["command"] === "get_messages" && f["success"] === true) {
          messages = wireMessages((f["data"] as Record<string, unknown>)["messages"] ?? []);
          break;
        }
        const event = isEventFrame(f) ? toClientEvent(f) : undefined;
        if (event) s = reduce(s, { type: "agent_event", event, now: 1000 });
      }
      expect(messages, "the trace asks for get_messages").toBeDefined();
      const live = s.transcript.committed.filter(
        (e) => !(e.kind === "notice" && /^(Retry|Context compacted|Rule applied)/.test(e.text)),
      );
      const resumed = historyEntries(messages ?? []);
      expect(readable(resumed)).toEqual(readable(live));
      expect(resumed.length).toBeGreaterThan(1);
    });
  }
});

describe("history entries", () => {
  const messages = wireMessages([
    { role: "user", content: [{ type: "text", text: "first question" }] },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "hmm" },
        { type: "text", text: "Let me look." },
        { type: "toolCall", id: "c1", name: "read", arguments: { path: "a.ts" } },
      ],
      usage: { input: 100, output: 10, cacheRead: 50, cacheWrite: 0, totalTokens: 160, cost: { total: 0.01 } },
    },
    {
      role: "toolResult",
      toolCallId: "c1",
      toolName: "read",
      content: [{ type: "text", text: "line 1\nline 2" }],
      details: { lines: 2 },
      isError: false,
    },
    { role: "bashExecution", command: "ls -la", output: "a.ts\nb.ts", exitCode: 0, cancelled: false },
    { role: "compactionSummary", summary: "## Goal\nThe user asked about a.ts.", tokensBefore: 45_678 },
    { role: "branchSummary", summary: "Tried another approach.", fromId: "x" },
    { role: "custom", customType: "note", content: "an extension message", display: true },
    { role: "custom", customType: "hidden", content: "not shown", display: false },
    {
      role: "assistant",
      content: [{ type: "text", text: "It has two lines." }],
      usage: { input: 200, output: 20, cacheRead: 0, cacheWrite: 0, totalTokens: 220, cost: { total: 0.02 } },
    },
  ]);

  it("keeps full tool arguments and results, summaries and every kind of message", () => {
    const entries = historyEntries(messages);
    expect(entries.map((e) => e.kind)).toEqual([
      "user",
      "thinking",
      "markdown",
      "tool",
      "bash",
      "summary",
      "summary",
      "custom",
      "markdown",
    ]);
    const tool = entries[3];
    expect(tool?.kind === "tool" && tool.run).toMatchObject({
      name: "read",
      args: { path: "a.ts" },
      status: "done",
      output: { text: "line 1\nline 2", details: { lines: 2 } },
      untimed: true,
    });
    expect(entries[5]).toMatchObject({
      kind: "summary",
      what: "compaction",
      text: "## Goal\nThe user asked about a.ts.",
      tokensBefore: 45_678,
    });
  });

  it("prints summaries collapsed like the live compaction notice, tools without a made-up time", () => {
    const o = { width: 80, showThinking: true, toolsExpanded: false, palette: PALETTE };
    const rows = historyEntries(messages)
      .flatMap((e, i) => entryLines({ ...e, id: i } as Entry, o))
      .map(stripSgr);
    expect(rows).toContain("· Context compacted from 45,678 tokens (ctrl+o to expand)");
    expect(rows).toContain("✓ read a.ts");
    expect(rows.join("\n")).not.toContain("The user asked about a.ts");
    const expanded = historyEntries(messages)
      .flatMap((e, i) => entryLines({ ...e, id: i } as Entry, { ...o, toolsExpanded: true, palette: PALETTE }))
      .map(stripSgr);
    expect(expanded.join("\n")).toContain("The user asked about a.ts");
  });

  it("sums totals and lists prompts", () => {
    expect(historyTotals(messages)).toEqual({ tokensIn: 350, tokensOut: 30, cost: 0.03, contextTokens: 220 });
    expect(historyPrompts(messages)).toEqual(["first question"]);
  });

  it("a long session prints only its tail; the rest is kept whole in the store", () => {
    const long = wireMessages(
      Array.from({ length: 300 }, (_, i) =>
        i % 2 === 0
          ? { role: "user", content: `q${i}` }
          : { role: "assistant", content: [{ type: "text", text: `a${i}` }] },
      ),
    );
    const entries = historyEntries(long, 100);
    expect(entries).toHaveLength(301);
    expect(entries.slice(0, 200).every((e) => e.unprinted === true)).toBe(true);
    expect(entries[200]).toEqual({
      kind: "notice",
      level: "info",
      text: "200 earlier messages not printed here · ctrl+o shows the whole session",
    });
    expect(entries.slice(201).every((e) => e.unprinted === undefined)).toBe(true);
    expect(historyEntries(long.slice(0, 50), 100).some((e) => e.unprinted)).toBe(false);
  });
});

describe("printing a backlog in chunks", () => {
  const entry = (id: number, text: string, unprinted = false): Entry => ({
    kind: "markdown",
    id,
    text,
    continues: false,
    ...(unprinted ? { unprinted: true as const } : {}),
  });
  it("bounds each chunk's work and always makes progress", () => {
    const big = Array.from({ length: 100 }, (_, i) => entry(i, "x".repeat(2000)));
    const first = nextPrintEnd(big, 0);
    expect(first).toBeGreaterThan(1);
    expect(big.slice(0, first).reduce((sum, e) => sum + entryCost(e), 0)).toBeLessThanOrEqual(PRINT_BUDGET);
    const huge = [entry(0, "y".repeat(10 * PRINT_BUDGET)), entry(1, "z")];
    expect(nextPrintEnd(huge, 0)).toBe(1);
    expect(nextPrintEnd(huge, 2)).toBe(2);
  });
  it("passes over unprinted entries almost for free", () => {
    const kept = Array.from({ length: 5000 }, (_, i) => entry(i, "x".repeat(2000), true));
    expect(nextPrintEnd(kept, 0)).toBe(5000);
  });
});
