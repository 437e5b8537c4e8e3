// Every pi 0.73.1 trace, fed in pi's cumulative form and in our delta form, yields the same
// transcript; and the transcript holds what the trace's messages say.
import { describe, expect, it } from "vitest";
import { reduce, createInitialState } from "../../../src/tui/state/reducer.js";
import { toClientEvent } from "../../../src/bridge/index.js";
import { decodeUiRequest } from "../../../src/tui/state/ui-requests.js";
import { wireUiRequestOrUndefined } from "../helpers/ui-request.js";
import type { TuiState } from "../../../src/tui/state/types.js";
import { isEventFrame, listTraces, readTrace, toDeltaForm } from "../helpers/traces.js";

function feed(frames: Record<string, unknown>[], rows = 24, columns = 80): TuiState {
  let s = createInitialState(columns, rows);
  let now = 1000;
  for (const f of frames) {
    now += 10;
    if (f["type"] === "extension_ui_request") {
      // As the bridge hands them over: a method it does not know is an unknown event, not a request.
      const request = wireUiRequestOrUndefined(f);
      if (request) s = reduce(s, { type: "ui_request", request: decodeUiRequest(request, now), now });
    } else if (isEventFrame(f)) {
      const event = toClientEvent(f);
      if (event) s = reduce(s, { type: "agent_event", event, now });
    }
  }
  return s;
}

const traces = listTraces();

describe("reducers over pi 0.73.1 traces", () => {
  it("finds the traces", () => {
    expect(traces.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of traces) {
    it(`${name}: cumulative and delta forms give the same transcript`, () => {
      const frames = readTrace(name);
      for (const rows of [10, 24, 60]) {
        const legacy = feed(frames, rows);
        const delta = feed(frames.map(toDeltaForm), rows);
        expect(delta.transcript.committed).toEqual(legacy.transcript.committed);
        expect(delta.queue).toEqual(legacy.queue);
        expect(delta.footer).toEqual(legacy.footer);
        expect(delta.transcript.live?.blocks).toEqual(legacy.transcript.live?.blocks);
        // j3 ends mid-stream (stdin closed): the only trace allowed to leave a live message.
        if (!name.startsWith("j3")) expect(delta.transcript.live).toBeUndefined();
        expect(delta.transcript.toolOrder).toEqual([]);
      }
    });
  }

  it("a_text: the streamed answer is committed once, whole", () => {
    const s = feed(readTrace("a_text.jsonl"));
    const kinds = s.transcript.committed.map((e) => e.kind);
    expect(kinds).toEqual(["user", "markdown"]);
    const md = s.transcript.committed[1];
    expect(md?.kind === "markdown" && md.text.length > 0).toBe(true);
  });

  it("b_thinking: thinking precedes the text", () => {
    const s = feed(readTrace("b_thinking.jsonl"));
    const kinds = s.transcript.committed.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(["user", "thinking", "markdown"]);
  });

  it("c_tool_bash: the bash run is committed with its output", () => {
    const s = feed(readTrace("c_tool_bash.jsonl"));
    const tool = s.transcript.committed.find((e) => e.kind === "tool");
    expect(tool?.kind).toBe("tool");
    if (tool?.kind === "tool") {
      expect(tool.run.name).toBe("bash");
      expect(tool.run.status).toBe("done");
      expect(tool.run.output?.text).toContain("world");
    }
  });

  it("d_steer_followup: queue lanes follow queue_update and end empty", () => {
    const frames = readTrace("d_steer_followup.jsonl");
    let s = createInitialState();
    let maxSteer = 0;
    let maxFollow = 0;
    for (const f of frames) {
      if (!isEventFrame(f)) continue;
      const event = toClientEvent(f);
      if (event) s = reduce(s, { type: "agent_event", event, now: 0 });
      maxSteer = Math.max(maxSteer, s.queue.steering.length);
      maxFollow = Math.max(maxFollow, s.queue.followUp.length);
    }
    expect(maxSteer).toBeGreaterThanOrEqual(2);
    expect(maxFollow).toBeGreaterThanOrEqual(2);
    expect(s.queue).toEqual({ steering: [], followUp: [] });
  });

  it("e_abort: aborted messages leave an Aborted notice", () => {
    const s = feed(readTrace("e_abort.jsonl"));
    const aborted = s.transcript.committed.filter((e) => e.kind === "notice" && e.text.startsWith("Aborted"));
    expect(aborted.length).toBeGreaterThanOrEqual(3);
    // pi's reason is "Request was aborted": the notice does not say it twice.
    for (const e of aborted) expect(e.kind === "notice" ? e.text : "").toBe("Aborted");
  });

  it("an extension command's error names the command once", () => {
    let s = createInitialState();
    const event = { type: "extension_error" as const, path: "command:ui-throw", event: "command", error: "deliberate" };
    s = reduce(s, { type: "agent_event", event, now: 0 });
    const other = { type: "extension_error" as const, path: "/ext/a.ts", event: "session_start", error: "x" };
    s = reduce(s, { type: "agent_event", event: other, now: 0 });
    const texts = s.transcript.committed.flatMap((e) => (e.kind === "notice" ? [e.text] : []));
    expect(texts).toEqual([
      "Extension error (command:ui-throw): deliberate",
      "Extension error (/ext/a.ts, session_start): x",
    ]);
  });

  it("g_extension_ui: dialogs queue, statuses and widgets land in state", () => {
    const frames = readTrace("g_extension_ui.jsonl");
    let s = createInitialState();
    let maxDialogs = 0;
    for (const f of frames) {
      if (f["type"] === "extension_ui_request") {
        const request = wireUiRequestOrUndefined(f);
        if (request) s = reduce(s, { type: "ui_request", request: decodeUiRequest(request, 0), now: 0 });
        maxDialogs = Math.max(maxDialogs, s.dialogs.length);
      }
    }
    expect(maxDialogs).toBeGreaterThanOrEqual(1);
    expect(s.ui.title).toBeTruthy();
  });

  it("i_auto_retry: each failing request is one line, its verdict, however many attempts it took", () => {
    // The bridge reports pi 0.73 settled (it has no agent_settled): the last failure is printed then.
    const s = reduce(feed(readTrace("i_auto_retry.jsonl")), { type: "run_state", busy: false, now: 99_999 });
    expect(s.run.busy).toBe(false);
    const notices = s.transcript.committed
      .filter((e) => e.kind === "notice")
      .map((e) => (e.kind === "notice" ? `${e.level} ${e.text}` : ""));
    expect(notices).toEqual([
      'info Recovered from "529 Overloaded" on retry 1',
      "error Error: 503 Service Unavailable (gave up after 3 attempts)",
      "error Error: 529 Overloaded (retry cancelled)",
      "error Error: 400 Invalid request: fake 400",
      "error Error: 529 Overloaded",
    ]);
  });

  it("long streaming text is committed in pieces at safe points, same text in total", () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} line one.\nline two of ${i}.`);
    const text = paragraphs.join("\n\n");
    const deltas = text.match(/[\s\S]{1,7}/g) ?? [];
    let s = createInitialState(80, 20);
    const ev = (f: Record<string, unknown>) => {
      const event = toClientEvent(f);
      if (event) s = reduce(s, { type: "agent_event", event, now: 0 });
    };
    ev({ type: "message_start", message: { role: "assistant", content: [] } });
    ev({ type: "message_update", assistantMessageEvent: { type: "text_start", contentIndex: 0 } });
    let piecesDuringStream = 0;
    for (const d of deltas) {
      ev({ type: "message_update", assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: d } });
      piecesDuringStream = s.transcript.committed.length;
    }
    expect(piecesDuringStream).toBeGreaterThan(3);
    ev({ type: "message_end", message: { role: "assistant", content: [{ type: "text", text }], stopReason: "stop" } });
    const joined = s.transcript.committed.map((e) => (e.kind === "markdown" ? e.text : "")).join("\n\n");
    expect(joined.replace(/\s+/g, " ")).toBe(text.replace(/\s+/g, " "));
  });
});
