// Plain mode's pure parts: what a typed line means, how a question reads its answer, streamed
// text cut into whole labelled lines, the question queue, and the labelled state lines.
import { describe, expect, it } from "vitest";
import type { BridgeNotice, ClientEvent } from "../../../src/bridge/index.js";
import { questionLines, readAnswer, timeoutWords, type NumberedDialog } from "../../../src/tui/plain/plain-dialogs.js";
import { decideInput } from "../../../src/tui/plain/plain-input.js";
import { PlainLog } from "../../../src/tui/plain/plain-log.js";
import { StreamLines } from "../../../src/tui/plain/stream-lines.js";
import { eventLabels, queueLabel, todoLabel } from "../../../src/tui/render/event-labels.js";

const select: NumberedDialog = {
  number: 3,
  dialog: { method: "select", id: "s", title: "Pick", options: ["Alpha", "Beta"], timeoutMs: 1500, receivedAt: 0 },
};
const confirm: NumberedDialog = {
  number: 4,
  dialog: { method: "confirm", id: "c", title: "Sure?", message: "really", timeoutMs: undefined, receivedAt: 0 },
};
const dialogNotice = (id: string, title: string): BridgeNotice => ({
  kind: "ui_request",
  request: { type: "extension_ui_request", id, method: "confirm", title, message: "" },
});

describe("plain input", () => {
  it("Enter prompts when idle and steers while busy; /followup, /abort and /quit are commands", () => {
    expect(decideInput("hello", false, undefined)).toEqual({ kind: "prompt", text: "hello" });
    expect(decideInput("hello", true, undefined)).toEqual({ kind: "steer", text: "hello" });
    expect(decideInput("/followup later on", true, undefined)).toEqual({ kind: "follow_up", text: "later on" });
    expect(decideInput("/followup", true, undefined)).toEqual({ kind: "say", lines: ["usage: /followup <text>"] });
    expect(decideInput("/abort", true, select)).toEqual({ kind: "abort" });
    expect(decideInput("/quit", false, undefined)).toEqual({ kind: "quit" });
    expect(decideInput("/resend", false, undefined)).toEqual({ kind: "resend" });
    expect(decideInput("   ", false, undefined)).toEqual({ kind: "none" });
    expect(decideInput("/ui-demo x", false, undefined)).toEqual({ kind: "prompt", text: "/ui-demo x" });
  });

  it("with a question open, the line answers it, or asks again", () => {
    expect(decideInput("2", true, select)).toEqual({ kind: "answer", id: "s", response: { value: "Beta" } });
    expect(decideInput("7", true, select)).toEqual({
      kind: "say",
      lines: ["question 3: answer with a number from 1 to 2"],
    });
    expect(decideInput("Y", false, confirm)).toEqual({ kind: "answer", id: "c", response: { confirmed: true } });
    expect(decideInput("/cancel", false, confirm)).toEqual({ kind: "answer", id: "c", response: { cancelled: true } });
    expect(decideInput("/cancel", false, undefined)).toEqual({ kind: "say", lines: ["no question is open"] });
  });
});

describe("plain questions", () => {
  it("are numbered, list their options and say their timeout in words", () => {
    expect(questionLines(select)).toEqual([
      "question 3: Pick",
      "  1. Alpha",
      "  2. Beta",
      "answer with a number from 1 to 2; /cancel cancels; closes in 2 seconds",
    ]);
    expect(questionLines(confirm)).toEqual(["question 4: Sure?", "  really", "answer y or n; /cancel cancels"]);
    const gate = { ...select, dialog: { ...select.dialog, title: "Allow edit of a.txt?", diff: "-1 old\n+1 new\n" } };
    expect(questionLines(gate).slice(0, 4)).toEqual([
      "question 3: Allow edit of a.txt?",
      "  -1 old",
      "  +1 new",
      "  1. Alpha",
    ]);
    expect(timeoutWords(1000)).toBe("closes in 1 second");
  });

  it("an editor keeps its text on an empty line; an input takes the line as typed", () => {
    const editor = {
      method: "editor",
      id: "e",
      title: "Edit",
      prefill: "keep me",
      timeoutMs: undefined,
      receivedAt: 0,
    } as const;
    expect(readAnswer(editor, "")).toEqual({ response: { value: "keep me" } });
    expect(
      readAnswer(
        { method: "input", id: "i", title: "Say", placeholder: "", timeoutMs: undefined, receivedAt: 0 },
        " spaced ",
      ),
    ).toEqual({
      response: { value: " spaced " },
    });
  });

  it("are asked one at a time: the next is asked when the first is answered or closed", () => {
    const log = new PlainLog();
    expect(log.notices([dialogNotice("a", "First?"), dialogNotice("b", "Second?")])).toEqual([
      "question 1: First?",
      "answer y or n; /cancel cancels",
      "question 2 waits: Second?",
    ]);
    expect(log.question()?.dialog.id).toBe("a");
    expect(log.answered("a")).toEqual(["question 2: Second?", "answer y or n; /cancel cancels"]);
    expect(log.notices([{ kind: "ui_request_closed", id: "b", reason: "timeout" }])).toEqual([
      "question 2 closed: timed out",
    ]);
    expect(log.question()).toBeUndefined();
  });
});

describe("plain stream lines", () => {
  it("writes whole lines as they complete, labels the first, flushes the rest at the end", () => {
    const s = new StreamLines();
    s.start();
    const d = (delta: string) => s.update({ kind: "text_delta", index: 0, delta }, undefined);
    expect(d("Hel")).toEqual([]);
    expect(d("lo\nwor")).toEqual(["agent: Hello"]);
    expect(d("ld\n\nmore \u001b[2J")).toEqual(["world", ""]);
    expect(s.end({ role: "assistant", blocks: [{ type: "text", text: "Hello\nworld\n\nmore \u001b[2J" }] })).toEqual([
      "more ␛[2J",
    ]);
  });

  it("takes the final message's text when the stream sent none", () => {
    const s = new StreamLines();
    s.start();
    expect(s.end({ role: "assistant", blocks: [{ type: "text", text: "only\nat the end" }] })).toEqual([
      "agent: only",
      "at the end",
    ]);
  });
});

describe("a worker that died with messages queued", () => {
  it("says each was not sent, with its text under a taken back label, and that /resend sends it", () => {
    const log = new PlainLog();
    expect(log.notices([{ kind: "queue_lost", lane: "followUp", text: "run the tests\nthen lint\u001b[2J" }])).toEqual([
      "note: the worker died with this follow-up queued; not sent:",
      "taken back: run the tests",
      "  then lint␛[2J",
      "/resend sends it",
    ]);
    expect(
      log.notices([
        { kind: "indeterminate", what: "prompt (request 3) had no response", text: "fix the\nparser" },
        { kind: "indeterminate", what: "tool bash (t1) started without a result" },
      ]),
    ).toEqual([
      "outcome unknown: prompt (request 3) had no response: fix the parser",
      "outcome unknown: tool bash (t1) started without a result",
    ]);
  });
});

describe("labelled state lines", () => {
  it("tools, queue and todos are reported in words", () => {
    const end: ClientEvent = {
      type: "tool_execution_end",
      toolCallId: "t",
      toolName: "bash",
      isError: true,
      result: { text: "\nno such file\nmore\n", details: undefined, images: 0 },
      todos: undefined,
    };
    expect(eventLabels(end)).toEqual(["tool failed: bash: no such file (2 lines)"]);
    expect(
      eventLabels({
        type: "tool_execution_start",
        toolCallId: "t",
        toolName: "read",
        args: { path: "a\u001b[2Jb.ts" },
      }),
    ).toEqual(["tool started: read a␛[2Jb.ts"]);
    expect(queueLabel(["a"], [])).toBe("queue: 1 steering");
    expect(queueLabel([], [])).toBe("queue: empty");
    expect(
      todoLabel([
        {
          id: "p",
          name: "P",
          tasks: [
            { id: "1", content: "x", status: "completed" },
            { id: "2", content: "y", status: "in_progress" },
            { id: "3", content: "z", status: "pending" },
          ],
        },
      ]),
    ).toBe("todo: 1 of 3 done, 1 in progress");
  });
});
