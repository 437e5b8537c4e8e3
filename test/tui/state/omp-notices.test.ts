// oh-my-pi 18.2.3 frames through the real client path (frame router -> bridge notices ->
// noticesToActions -> reducer): skipped compaction checks print nothing, command_output and
// notice frames become transcript notices (sanitised, bounded).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createFrameRouter } from "../../../src/bridge/frame-router.js";
import { toClientEvent, workerTextOf, type BridgeNotice } from "../../../src/bridge/index.js";
import { decodeWorkerText, noticesToActions } from "../../../src/tui/session/bridge-notices.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";
import type { TuiState } from "../../../src/tui/state/types.js";

const OMP_DIR = resolve(import.meta.dirname, "..", "..", "fixtures", "traces", "omp-18.2.3");
const lines = (name: string): string[] =>
  readFileSync(join(OMP_DIR, name), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");

/** Feed a trace's stdout lines as the TUI would see them. */
function feedTrace(name: string): TuiState {
  const router = createFrameRouter((t) => t);
  const batch: BridgeNotice[] = [];
  for (const line of lines(name)) {
    const routed = router.route(line);
    // What the connection adds on the way: the client's event, the worker's text of unknown events.
    const event = routed.kind === "event" ? toClientEvent(routed.event) : undefined;
    if (event) batch.push({ kind: "event", event });
    else if (routed.kind === "unknown_event") {
      const text = workerTextOf(routed.type, routed.raw);
      batch.push(
        text
          ? { kind: "unknown_event", type: routed.type, raw: routed.raw, text }
          : { kind: "unknown_event", type: routed.type, raw: routed.raw },
      );
    }
  }
  let s = createInitialState(100, 40);
  for (const action of noticesToActions(batch, 1000)) s = reduce(s, action);
  return s;
}

const notices = (s: TuiState): { level: string; text: string }[] =>
  s.transcript.committed.flatMap((e) => (e.kind === "notice" ? [{ level: e.level, text: e.text }] : []));

describe("oh-my-pi compaction_end", () => {
  it("h_compaction: only the three real compactions print, none of the skipped checks", () => {
    const compacted = notices(feedTrace("h_compaction.jsonl")).filter((n) => n.text.startsWith("Context compacted"));
    expect(compacted.map((n) => n.text)).toEqual([
      "Context compacted (threshold) from 3,900 tokens",
      "Context compacted (threshold) from 6,900 tokens",
      "Context compacted (threshold) from 9,010 tokens",
    ]);
  });

  it("keeps the notice for aborts and errors even without a result", () => {
    let s = createInitialState(100, 40);
    for (const raw of [
      { type: "auto_compaction_end", reason: "overflow", aborted: true, willRetry: false },
      {
        type: "auto_compaction_end",
        reason: "manual",
        aborted: false,
        willRetry: false,
        errorMessage: "model refused",
      },
      { type: "auto_compaction_end", reason: "threshold", aborted: false, willRetry: false, skipped: true },
    ]) {
      const event = toClientEvent(raw);
      if (event) s = reduce(s, { type: "agent_event", event, now: 1000 });
    }
    expect(notices(s)).toEqual([
      { level: "warning", text: "Compaction (overflow) aborted" },
      { level: "error", text: "Compaction (manual) failed: model refused" },
    ]);
  });
});

describe("oh-my-pi command_output and notice", () => {
  it("i_slash_and_busy_prompt: slash command answers appear as info notices", () => {
    const shown = notices(feedTrace("i_slash_and_busy_prompt.jsonl"));
    expect(shown).toContainEqual({ level: "info", text: "No todos. Use /todo append <task> to start one." });
    expect(shown.some((n) => n.level === "info" && n.text.startsWith("Session: ") && n.text.includes("\nCWD: "))).toBe(
      true,
    );
  });

  it("h_compaction: omp's warnings appear as warning notices", () => {
    const warnings = notices(feedTrace("h_compaction.jsonl")).filter((n) =>
      n.text.startsWith("Compaction freed too little context"),
    );
    expect(warnings).toHaveLength(6);
    expect(warnings.every((n) => n.level === "warning")).toBe(true);
  });

  it("decodes defensively, shows escapes as text and bounds the text", () => {
    expect(decodeWorkerText("command_output", { text: 42 })).toBeUndefined();
    expect(decodeWorkerText("command_output", null)).toBeUndefined();
    expect(decodeWorkerText("notice", { level: "warning" })).toBeUndefined();
    expect(decodeWorkerText("notice", { message: "   " })).toBeUndefined();
    expect(decodeWorkerText("notice", { message: "  \u001b[2J  " })).toEqual({ level: "info", text: "␛[2J" });
    expect(decodeWorkerText("something_else", { text: "x", message: "y" })).toBeUndefined();
    expect(decodeWorkerText("notice", { message: "odd", level: "shout" })).toEqual({ level: "info", text: "odd" });
    expect(decodeWorkerText("notice", { message: "bad", level: "error" })).toEqual({ level: "error", text: "bad" });
    expect(decodeWorkerText("command_output", { text: "a\u001b]0;title\u0007b\u001b[31mc\u0007" })).toEqual({
      level: "info",
      text: "a␛]0;title␇bc␇",
    });
    const long = decodeWorkerText("command_output", { text: "x".repeat(50_000) });
    expect(long?.text.length).toBeLessThan(4100);
    expect(long?.text).toMatch(/more characters\)$/);
    const tall = decodeWorkerText("command_output", {
      text: Array.from({ length: 500 }, (_, i) => `line ${i}`).join("\n"),
    });
    expect(tall?.text.split("\n").length).toBeLessThanOrEqual(61);
    expect(tall?.text).toMatch(/440 more lines\)$/);
  });
});
