// The worker starts before the UI has subscribed to it: what it says meanwhile is held and
// reaches every UI listener, in order and before anything newer, once the UI releases it.
import { describe, expect, it } from "vitest";
import type { BridgeNotice, WorkerConnection } from "../../../src/bridge/index.js";
import { holdNotices } from "../../../src/tui/app/early-worker.js";

type Listener = (batch: readonly BridgeNotice[]) => void;

/** A connection whose notices the test pushes by hand. */
function fakeSource(): { source: WorkerConnection; push(message: string): void } {
  const listeners = new Set<Listener>();
  const source = {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as WorkerConnection;
  const push = (message: string): void => {
    for (const listener of listeners) listener([{ kind: "notification", level: "info", message }]);
  };
  return { source, push };
}

const messages = (seen: (readonly BridgeNotice[])[]): string[] =>
  seen.flat().map((n) => (n.kind === "notification" ? n.message : n.kind));

describe("notices of a worker started before the UI", () => {
  it("holds them until release, then gives every listener all of them in order, then the new ones", () => {
    const { source, push } = fakeSource();
    const gate = holdNotices(source);
    push("extension loaded");
    const first: (readonly BridgeNotice[])[] = [];
    const second: (readonly BridgeNotice[])[] = [];
    gate.subscribe((b) => first.push(b));
    push("dialog opened");
    gate.subscribe((b) => second.push(b));
    expect(first).toEqual([]);
    gate.release();
    push("ready");
    expect(messages(first)).toEqual(["extension loaded", "dialog opened", "ready"]);
    expect(messages(second)).toEqual(["extension loaded", "dialog opened", "ready"]);
  });

  it("an unsubscribed listener gets nothing more", () => {
    const { source, push } = fakeSource();
    const gate = holdNotices(source);
    const seen: (readonly BridgeNotice[])[] = [];
    const off = gate.subscribe((b) => seen.push(b));
    gate.release();
    push("one");
    off();
    push("two");
    expect(messages(seen)).toEqual(["one"]);
  });
});
