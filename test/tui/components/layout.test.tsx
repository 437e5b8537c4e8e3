import { describe, expect, it } from "vitest";
import { renderToString } from "ink";
import { App } from "../../../src/tui/components/app.js";
import { LiveRegion } from "../../../src/tui/components/live-region.js";
import { ControllerContext } from "../../../src/tui/components/controller-context.js";
import { createController } from "../../../src/tui/controller.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { StoreContext } from "../../../src/tui/state/use-store.js";
import type { TuiAction } from "../../../src/tui/state/actions.js";
import type { TuiState } from "../../../src/tui/state/types.js";
import { toClientEvent } from "../../../src/bridge/index.js";
import { uiRequestOf } from "../helpers/ui-request.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { createFakeConnection } from "../helpers/fake-connection.js";

function busyState(columns: number, rows: number, withDialog: boolean): TuiState {
  let s = createInitialState(columns, rows);
  const ev = (raw: Record<string, unknown>): void => {
    const event = toClientEvent(raw);
    if (event) s = reduce(s, { type: "agent_event", event, now: 1000 });
  };
  const act = (a: TuiAction): void => {
    s = reduce(s, a);
  };
  ev({ type: "agent_start" });
  for (let i = 0; i < 3; i += 1)
    ev({
      type: "tool_execution_start",
      toolCallId: `t${i}`,
      toolName: "bash",
      args: { command: `long command number ${i} `.repeat(5) },
    });
  ev({
    type: "tool_execution_update",
    toolCallId: "t0",
    toolName: "bash",
    args: {},
    partialResult: { content: [{ type: "text", text: "out\n".repeat(200) + "日本語 👍🏽 \u001b[2J".repeat(20) }] },
  });
  ev({ type: "message_start", message: { role: "assistant", content: [] } });
  // One giant code block: no safe split point, so nothing can be committed.
  ev({
    type: "message_update",
    assistantMessageEvent: {
      type: "text_delta",
      contentIndex: 0,
      delta: "```ts\n" + "const x = 1; // a fairly long line of code that wraps at narrow widths\n".repeat(300),
    },
  });
  ev({ type: "queue_update", steering: ["steer ".repeat(40)], followUp: ["follow ".repeat(40), "another"] });
  ev({
    type: "tool_execution_end",
    toolCallId: "todo",
    toolName: "todo_write",
    isError: false,
    result: {
      content: [],
      details: {
        phases: [
          {
            id: "p1",
            name: "Phase",
            tasks: Array.from({ length: 12 }, (_, i) => ({
              id: `k${i}`,
              content: `task ${i}`,
              status: i === 0 ? "in_progress" : "pending",
            })),
          },
        ],
      },
    },
  });
  act({
    type: "ui_request",
    request: uiRequestOf(
      {
        id: "w",
        method: "setWidget",
        widgetKey: "w",
        widgetLines: Array.from({ length: 10 }, (_, i) => `widget ${i}`),
      },
      0,
    ),
    now: 0,
  });
  act({
    type: "ui_request",
    request: uiRequestOf({ id: "n", method: "notify", message: "hello ".repeat(50) }, 1000),
    now: 1000,
  });
  act({ type: "editor", op: { op: "set", text: "line\n".repeat(30), keepUndo: false } });
  if (withDialog)
    act({
      type: "ui_request",
      request: uiRequestOf(
        {
          id: "d",
          method: "select",
          title: "Pick",
          options: Array.from({ length: 50 }, (_, i) => `option ${i}`),
          timeout: 5000,
        },
        1000,
      ),
      now: 1000,
    });
  return s;
}

function renderLive(state: TuiState): string[] {
  const store = createStore(state);
  const controller = createController({ store, connection: createFakeConnection(), exit: () => undefined });
  const out = renderToString(
    <StoreContext.Provider value={store}>
      <ControllerContext.Provider value={controller}>
        <LiveRegion />
      </ControllerContext.Provider>
    </StoreContext.Provider>,
    { columns: state.ui.columns },
  );
  return out.split("\n");
}

describe("live region height", () => {
  for (const [columns, rows] of [
    [40, 8],
    [40, 12],
    [60, 20],
    [100, 30],
    [200, 60],
  ] as const) {
    for (const withDialog of [false, true]) {
      it(`${columns}x${rows}${withDialog ? " with a dialog" : ""}: shorter than the terminal, rows fit the width`, () => {
        const lines = renderLive(busyState(columns, rows, withDialog));
        expect(lines.length).toBeLessThan(rows);
        for (const l of lines) expect(textWidth(stripSgr(l))).toBeLessThanOrEqual(columns);
        expect(lines.join("\n")).not.toContain("\u001b[2J");
      });
    }
  }

  it("does not depend on the transcript length", () => {
    const small = busyState(80, 24, false);
    let big = small;
    for (let i = 0; i < 2000; i += 1) big = reduce(big, { type: "notice", level: "info", text: `old entry ${i}` });
    // Elapsed-time digits follow the wall clock: compare everything else.
    const shape = (rows: string[]) => rows.map((r) => r.replace(/\d+/g, "#"));
    expect(shape(renderLive(big))).toEqual(shape(renderLive(small)));
  });
});

describe("App at fixed widths", () => {
  it("prints committed entries above the live region", () => {
    let s = createInitialState(60, 20);
    const ev = (raw: Record<string, unknown>): void => {
      const event = toClientEvent(raw);
      if (event) s = reduce(s, { type: "agent_event", event, now: 0 });
    };
    ev({ type: "message_start", message: { role: "user", content: [{ type: "text", text: "Hi there" }] } });
    ev({ type: "message_end", message: { role: "user", content: [{ type: "text", text: "Hi there" }] } });
    ev({
      type: "message_end",
      message: {
        role: "assistant",
        content: [{ type: "text", text: "## Answer\n\nUse `npm test`." }],
        stopReason: "stop",
      },
    });
    const store = createStore(s);
    const controller = createController({ store, connection: createFakeConnection(), exit: () => undefined });
    const out = stripSgr(renderToString(<App store={store} controller={controller} />, { columns: 60 }));
    expect(out).toContain("› Hi there");
    expect(out).toContain("Answer");
    expect(out).toContain("Use npm test.");
    expect(out.indexOf("Hi there")).toBeLessThan(out.indexOf("Answer"));
  });
});

describe("hostile text", () => {
  it("no escape other than SGR reaches the terminal from any surface", () => {
    const evil = "x\u001b[2J\u001b[H\u001b]0;pwn\u0007\u001b[?1049h\u0007\u0008y";
    let s = createInitialState(80, 40);
    const ev = (raw: Record<string, unknown>): void => {
      const event = toClientEvent(raw);
      if (event) s = reduce(s, { type: "agent_event", event, now: 0 });
    };
    const ui = (raw: Record<string, unknown>): void => {
      s = reduce(s, { type: "ui_request", request: uiRequestOf(raw, 0), now: 0 });
    };
    ev({ type: "agent_start" });
    ev({ type: "tool_execution_start", toolCallId: "t", toolName: `bash${evil}`, args: { command: evil } });
    ev({
      type: "tool_execution_update",
      toolCallId: "t",
      toolName: "bash",
      args: {},
      partialResult: { content: [{ type: "text", text: evil }] },
    });
    ev({ type: "queue_update", steering: [evil], followUp: [evil] });
    ev({
      type: "tool_execution_end",
      toolCallId: "todo",
      toolName: "todo_write",
      isError: false,
      result: {
        content: [],
        details: {
          phases: [
            { id: "p", name: evil, tasks: [{ id: "k", content: evil, status: "in_progress" }] },
            { id: "q", name: "b", tasks: [] },
          ],
        },
      },
    });
    ev({ type: "session_info_changed", name: evil });
    ev({ type: "message_start", message: { role: "assistant", content: [] } });
    ev({ type: "message_update", assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: evil } });
    ui({ id: "s", method: "setStatus", statusKey: "k", statusText: evil });
    ui({ id: "w", method: "setWidget", widgetKey: "w", widgetLines: [evil] });
    ui({ id: "n", method: "notify", message: evil });
    ui({ id: "d", method: "select", title: evil, options: [evil, "b"] });
    const out = renderLive(s).join("\n");
    expect(out).toContain("x");
    expect(out).not.toMatch(/\u001b(?!\[[0-9;]*m)/);
    expect(out).not.toMatch(/[\u0007\u0008]/);
  });
});
