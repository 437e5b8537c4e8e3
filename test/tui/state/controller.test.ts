// Controller decisions without Ink: rejected sends give the text back, pull-queue without
// clear_queue explains why, abort picks bash / retry / run, /quit exits.
import { describe, expect, it } from "vitest";
import { createController } from "../../../src/tui/controller.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { createFakeConnection, markWorkerRunning } from "../helpers/fake-connection.js";

function setup() {
  const store = createStore(createInitialState(), { frameMs: 0 });
  const conn = createFakeConnection();
  markWorkerRunning(store);
  let exited = 0;
  const controller = createController({
    store,
    connection: conn,
    exit: () => {
      exited += 1;
    },
  });
  return { store, conn, controller, exited: () => exited };
}

describe("controller", () => {
  it("a rejected prompt is reported and its text returns to the editor", async () => {
    const { store, conn, controller } = setup();
    (conn.rpc as unknown as Record<string, unknown>)["prompt"] = async () => {
      throw new Error("Agent is already processing");
    };
    store.dispatch({ type: "editor", op: { op: "insert", text: "my prompt" } });
    await controller.submit("auto");
    expect(store.getState().editor.text).toBe("my prompt");
    expect(store.getState().transcript.committed.at(-1)).toMatchObject({ kind: "notice", level: "error" });
  });

  it("pulling the queue from a worker without clear_queue says why and changes nothing", () => {
    const { store, conn, controller } = setup();
    store.dispatch({ type: "worker_info", info: { commands: { clear_queue: false } } });
    store.dispatch({ type: "agent_event", event: { type: "queue_update", steering: ["a"], followUp: [] }, now: 0 });
    controller.run("pull_queue");
    expect(conn.calls.some((c) => c.method === "clearQueue")).toBe(false);
    expect(store.getState().toasts.at(-1)?.text).toMatch(/cannot take queued messages back/);
    expect(store.getState().editor.text).toBe("");
  });

  it("Esc aborts the !cmd first, then a pending retry, then the run", async () => {
    const { store, conn, controller } = setup();
    await controller.abort();
    expect(conn.calls).toEqual([]);
    store.dispatch({
      type: "agent_event",
      event: { type: "auto_retry_start", attempt: 1, maxAttempts: 3, delayMs: 2000, error: "529" },
      now: Date.now(),
    });
    await controller.abort();
    store.dispatch({ type: "bash_started", command: "sleep 9", now: 0 });
    await controller.abort();
    store.dispatch({ type: "bash_finished", output: "", exitCode: undefined, cancelled: true });
    store.dispatch({
      type: "agent_event",
      event: { type: "auto_retry_end", success: true, attempt: 1, finalError: undefined },
      now: 0,
    });
    store.dispatch({ type: "run_state", busy: true, now: 0 });
    await controller.abort();
    expect(conn.calls.map((c) => c.method)).toEqual(["abortRetry", "abortBash", "abort"]);
  });

  it("Esc during a run takes the queue back into the editor before aborting, steering first, above the draft", async () => {
    const { store, conn, controller } = setup();
    (conn.rpc as unknown as Record<string, unknown>)["clearQueue"] = async () => {
      conn.calls.push({ method: "clearQueue", args: [] });
      return { steering: ["steer a"], followUp: ["follow b"] };
    };
    store.dispatch({ type: "run_state", busy: true, now: 0 });
    store.dispatch({
      type: "agent_event",
      event: { type: "queue_update", steering: ["steer a"], followUp: ["follow b"] },
      now: 0,
    });
    store.dispatch({ type: "editor", op: { op: "insert", text: "draft" } });
    await controller.abort();
    expect(conn.calls.map((c) => c.method)).toEqual(["clearQueue", "abort"]);
    expect(store.getState().editor.text).toBe("steer a\n\nfollow b\n\ndraft");
  });

  it("Esc with a worker that cannot clear its queue aborts and says the messages go with the next prompt", async () => {
    const { store, conn, controller } = setup();
    store.dispatch({ type: "worker_info", info: { commands: { clear_queue: false } } });
    store.dispatch({ type: "run_state", busy: true, now: 0 });
    store.dispatch({
      type: "agent_event",
      event: { type: "queue_update", steering: ["steer a"], followUp: ["follow b"] },
      now: 0,
    });
    await controller.abort();
    expect(conn.calls.map((c) => c.method)).toEqual(["abort"]);
    expect(store.getState().transcript.committed.at(-1)).toMatchObject({
      kind: "notice",
      text: expect.stringMatching(/The 2 queued messages will be delivered with your next prompt/),
    });
  });

  it("/quit exits; unknown slash commands go to the worker as prompts", async () => {
    const { store, conn, controller, exited } = setup();
    store.dispatch({ type: "editor", op: { op: "insert", text: "/quit" } });
    await controller.submit("auto");
    expect(exited()).toBe(1);
    store.dispatch({ type: "editor", op: { op: "insert", text: "/skill:review the diff" } });
    await controller.submit("auto");
    expect(conn.calls.find((c) => c.method === "prompt")?.args).toEqual(["/skill:review the diff"]);
  });

  it("Ctrl+D exits only on an empty editor; otherwise deletes forward", () => {
    const { store, controller, exited } = setup();
    store.dispatch({ type: "editor", op: { op: "insert", text: "ab" } });
    store.dispatch({ type: "editor", op: { op: "home" } });
    controller.run("exit_or_delete");
    expect(store.getState().editor.text).toBe("b");
    expect(exited()).toBe(0);
    store.dispatch({ type: "editor", op: { op: "clear" } });
    controller.run("exit_or_delete");
    expect(exited()).toBe(1);
  });
});

describe("bracketed paste", () => {
  it("shortcut keys inside a paste are ignored; Enter is a newline; the paste end restores keys", () => {
    const { store, controller, exited } = setup();
    controller.run("paste_start");
    controller.insertText("line1");
    controller.run("submit");
    controller.run("external_editor");
    controller.run("exit_or_delete");
    controller.insertText("line2");
    controller.run("paste_end");
    expect(store.getState().editor.text).toBe("line1\nline2");
    expect(exited()).toBe(0);
    expect(store.getState().editor.pasting).toBe(false);
  });
});
