// A worker that did not start is reported once: the notices its failing start leaves (its
// exit, a write to its closed stdin) are dropped, the same notices wait and pass in order when
// it runs, and the line says why in words (command not found, exited at once, its stderr).
import { describe, expect, it } from "vitest";
import { BridgeError, type BridgeNotice, type WorkerExitInfo } from "../../../src/bridge/index.js";
import { createStartFailureFilter, startFailureLine } from "../../../src/tui/app/start-failure.js";

const exit = (over: Partial<WorkerExitInfo>): WorkerExitInfo => ({
  generation: 1,
  code: null,
  signal: null,
  intentional: false,
  stderrTail: "",
  ...over,
});
const supervisor = (state: "starting" | "running" | "exited" | "failed", info?: WorkerExitInfo): BridgeNotice => ({
  kind: "supervisor",
  state,
  ...(info ? { info } : {}),
});
/** start()'s rejection for a worker that exited while starting: the exit travels with it. */
const failed = (over: Partial<WorkerExitInfo>): BridgeError =>
  new BridgeError("worker_exit", "Worker exited", { exit: exit(over) });
const warning: BridgeNotice = { kind: "notification", level: "warning", message: "Worker stdin: write EPIPE" };
const dialog: BridgeNotice = {
  kind: "ui_request",
  request: { type: "extension_ui_request", id: "d1", method: "notify", message: "hi" },
} as BridgeNotice;

describe("the notices of a failing start", () => {
  it("are dropped when the worker exits before it ran; a dialog passes at once", () => {
    const filter = createStartFailureFilter();
    expect(filter([supervisor("starting"), dialog])).toEqual([dialog]);
    expect(filter([warning, supervisor("exited", exit({ code: 1 })), supervisor("failed", exit({ code: 1 }))])).toEqual(
      [],
    );
  });
  it("wait, and pass in order, when it runs; after that every notice passes", () => {
    const filter = createStartFailureFilter();
    expect(filter([supervisor("starting"), warning])).toEqual([]);
    expect(filter([supervisor("running")])).toEqual([supervisor("starting"), warning, supervisor("running")]);
    const crash = [supervisor("exited", exit({ code: 1 }))];
    expect(filter(crash)).toEqual(crash);
  });
});

describe("the line for a worker that did not start", () => {
  it("says a missing command is not found, masking secrets on its command line", () => {
    const line = startFailureLine(
      ["OPENAI_API_KEY=sk-secret-1234567890", "./nope"],
      failed({ reason: "Could not start worker: spawn ./nope ENOENT" }),
    );
    expect(line).toContain("command not found");
    expect(line).not.toContain("sk-secret");
  });
  it("says a worker exited at once, with the first line it wrote, or what --agent needs", () => {
    expect(startFailureLine(["w"], failed({ code: 2, stderrTail: "\nw: bad flag --x\n  at main\n" }))).toBe(
      "could not start the worker (w): it exited at once (code 2): w: bad flag --x",
    );
    expect(startFailureLine(["true"], failed({ code: 0 }))).toMatch(
      /exited at once \(code 0\) without answering: --agent needs an RPC worker/,
    );
  });
  it("says a worker that never answered did not answer: a timeout carries no exit", () => {
    expect(startFailureLine(["w"], new Error("Worker not ready within 10000 ms"))).toMatch(
      /^could not start the worker \(w\): it did not answer \(Worker not ready within 10000 ms\); --agent needs an RPC worker/,
    );
  });
  it("is one line whatever the worker wrote", () => {
    const line = startFailureLine(["w"], failed({ code: 1, stderrTail: "boom\u001b]0;title\u0007\r\nmore" }));
    expect(line).not.toMatch(/[\n\r\u0007\u001b]/);
  });
});
