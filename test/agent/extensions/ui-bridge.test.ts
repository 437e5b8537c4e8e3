// The worker side of the extension UI sub-protocol, in-process: frames out, answers in.
import { describe, expect, it } from "vitest";
import { createUiBridge, type UiRequestFrame } from "../../../src/agent/extensions/ui-bridge.js";

function setup() {
  const frames: UiRequestFrame[] = [];
  let n = 0;
  const bridge = createUiBridge({ emit: (f) => frames.push(f), newId: () => `id-${++n}` });
  return { bridge, frames };
}

describe("ui bridge", () => {
  it("sends fire-and-forget requests with pi's field names and omits undefined fields", () => {
    const { bridge, frames } = setup();
    const ui = bridge.ui;
    ui.notify("hello");
    ui.notify("careful", "warning");
    ui.setStatus("k", "running");
    ui.setStatus("k", undefined);
    ui.setWidget("w", ["a", "b"]);
    ui.setWidget("w2", ["c"], { placement: "belowEditor" });
    ui.setWidget("w", undefined);
    ui.setWidget("fn", () => ({}));
    ui.setTitle("title");
    ui.setEditorText("text");
    ui.pasteToEditor("pasted");
    expect(frames).toEqual([
      { type: "extension_ui_request", id: "id-1", method: "notify", message: "hello" },
      { type: "extension_ui_request", id: "id-2", method: "notify", message: "careful", notifyType: "warning" },
      { type: "extension_ui_request", id: "id-3", method: "setStatus", statusKey: "k", statusText: "running" },
      { type: "extension_ui_request", id: "id-4", method: "setStatus", statusKey: "k" },
      { type: "extension_ui_request", id: "id-5", method: "setWidget", widgetKey: "w", widgetLines: ["a", "b"] },
      {
        type: "extension_ui_request",
        id: "id-6",
        method: "setWidget",
        widgetKey: "w2",
        widgetLines: ["c"],
        widgetPlacement: "belowEditor",
      },
      { type: "extension_ui_request", id: "id-7", method: "setWidget", widgetKey: "w" },
      { type: "extension_ui_request", id: "id-8", method: "setTitle", title: "title" },
      { type: "extension_ui_request", id: "id-9", method: "set_editor_text", text: "text" },
      { type: "extension_ui_request", id: "id-10", method: "set_editor_text", text: "pasted" },
    ]);
    expect(bridge.pendingIds()).toEqual([]);
  });

  it("uses fresh UUIDs by default", () => {
    const frames: UiRequestFrame[] = [];
    const bridge = createUiBridge({ emit: (f) => frames.push(f) });
    bridge.ui.notify("a");
    bridge.ui.notify("b");
    expect(frames[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(frames[0]?.id).not.toBe(frames[1]?.id);
  });

  it("resolves each dialog from its matching answer", async () => {
    const { bridge, frames } = setup();
    const select = bridge.ui.select("Pick", ["A", "B"]);
    const confirm = bridge.ui.confirm("Sure?", "really");
    const input = bridge.ui.input("Name", "placeholder");
    const editor = bridge.ui.editor("Edit", "line 1\nline 2");
    expect(frames.map((f) => f.method)).toEqual(["select", "confirm", "input", "editor"]);
    expect(frames[0]).toEqual({
      type: "extension_ui_request",
      id: "id-1",
      method: "select",
      title: "Pick",
      options: ["A", "B"],
    });
    expect(frames[3]).toEqual({
      type: "extension_ui_request",
      id: "id-4",
      method: "editor",
      title: "Edit",
      prefill: "line 1\nline 2",
    });
    // Answered out of order: two concurrent dialogs are independent.
    expect(bridge.handleUiResponse({ type: "extension_ui_response", id: "id-4", value: "edited" })).toBe(true);
    expect(bridge.handleUiResponse({ type: "extension_ui_response", id: "id-2", confirmed: true })).toBe(true);
    expect(bridge.handleUiResponse({ type: "extension_ui_response", id: "id-1", value: "B" })).toBe(true);
    expect(bridge.handleUiResponse({ type: "extension_ui_response", id: "id-3", cancelled: true })).toBe(true);
    await expect(select).resolves.toBe("B");
    await expect(confirm).resolves.toBe(true);
    await expect(input).resolves.toBeUndefined();
    await expect(editor).resolves.toBe("edited");
    expect(bridge.pendingIds()).toEqual([]);
  });

  it("timeout resolves to the default, withdraws the dialog with a cancel frame, and ignores the late answer", async () => {
    const { bridge, frames } = setup();
    const started = Date.now();
    const select = bridge.ui.select("Quick", ["X", "Y"], { timeout: 50 });
    const confirm = bridge.ui.confirm("Quick?", "msg", { timeout: 60 });
    expect(frames[0]).toMatchObject({ method: "select", timeout: 50 });
    await expect(select).resolves.toBeUndefined();
    await expect(confirm).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(frames.slice(2)).toEqual([
      { type: "extension_ui_request", id: "id-3", method: "cancel", targetId: "id-1" },
      { type: "extension_ui_request", id: "id-4", method: "cancel", targetId: "id-2" },
    ]);
    expect(bridge.handleUiResponse({ type: "extension_ui_response", id: "id-1", value: "X" })).toBe(false);
    expect(frames).toHaveLength(4);
  });

  it("an answer before the timeout wins and clears the timer", async () => {
    const { bridge, frames } = setup();
    const input = bridge.ui.input("Name", undefined, { timeout: 10_000 });
    expect(frames[0]).toEqual({
      type: "extension_ui_request",
      id: "id-1",
      method: "input",
      title: "Name",
      timeout: 10_000,
    });
    bridge.handleUiResponse({ type: "extension_ui_response", id: "id-1", value: "typed" });
    await expect(input).resolves.toBe("typed");
    expect(frames).toHaveLength(1);
  });

  it("ignores unknown ids and malformed frames without output", () => {
    const { bridge, frames } = setup();
    expect(bridge.handleUiResponse({ type: "extension_ui_response", id: "nope", value: "x" })).toBe(false);
    expect(bridge.handleUiResponse(null)).toBe(false);
    expect(bridge.handleUiResponse({ type: "extension_ui_response" })).toBe(false);
    expect(frames).toEqual([]);
  });

  it("a mismatched answer shape resolves to the default; a select value outside the options too", async () => {
    const { bridge } = setup();
    const confirm = bridge.ui.confirm("Sure?", "m");
    const select = bridge.ui.select("Pick", ["A"]);
    const input = bridge.ui.input("Name");
    bridge.handleUiResponse({ type: "extension_ui_response", id: "id-1", value: "yes" });
    bridge.handleUiResponse({ type: "extension_ui_response", id: "id-2", value: "Z" });
    bridge.handleUiResponse({ type: "extension_ui_response", id: "id-3", confirmed: true });
    await expect(confirm).resolves.toBe(false);
    await expect(select).resolves.toBeUndefined();
    await expect(input).resolves.toBeUndefined();
  });

  it("abort signal and cancelAll resolve pending dialogs to defaults and withdraw them", async () => {
    const { bridge, frames } = setup();
    const controller = new AbortController();
    const aborted = bridge.ui.editor("Edit", "x", { signal: controller.signal });
    const a = bridge.ui.select("A", ["1"]);
    const b = bridge.ui.confirm("B", "m");
    controller.abort();
    await expect(aborted).resolves.toBeUndefined();
    bridge.cancelAll();
    await expect(a).resolves.toBeUndefined();
    await expect(b).resolves.toBe(false);
    expect(frames.filter((f) => f.method === "cancel").map((f) => f.targetId)).toEqual(["id-1", "id-2", "id-3"]);
    expect(bridge.pendingIds()).toEqual([]);
    // Already-aborted signal: no frame at all.
    const before = frames.length;
    await expect(bridge.ui.confirm("C", "m", { signal: controller.signal })).resolves.toBe(false);
    expect(frames).toHaveLength(before);
  });

  it("degraded methods return pi's RPC-mode defaults", async () => {
    const { bridge, frames } = setup();
    expect(bridge.ui.getEditorText()).toBe("");
    await expect(bridge.ui.custom(() => ({}))).resolves.toBeUndefined();
    expect(bridge.ui.getToolsExpanded()).toBe(false);
    expect(bridge.ui.setTheme("dark")).toEqual({ success: false, error: "Theme switching not supported in RPC mode" });
    expect(bridge.ui.theme.fg("accent", "t")).toBe("t");
    bridge.ui.setWorkingMessage("x");
    bridge.ui.setFooter(undefined);
    expect(frames).toEqual([]);
  });

  it("after close, pending dialogs are withdrawn and new ones resolve to defaults without frames", async () => {
    const { bridge, frames } = setup();
    const pendingSelect = bridge.ui.select("A", ["1"]);
    bridge.close();
    await expect(pendingSelect).resolves.toBeUndefined();
    expect(frames.map((f) => f.method)).toEqual(["select", "cancel"]);
    await expect(bridge.ui.confirm("B", "m")).resolves.toBe(false);
    await expect(bridge.ui.input("C")).resolves.toBeUndefined();
    expect(frames).toHaveLength(2);
  });
});
