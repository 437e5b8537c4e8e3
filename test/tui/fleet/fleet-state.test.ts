// The fleet view's pure parts: the order of the rows (questions first), the reducer (selection
// kept across reorderings, filter, a question answered elsewhere withdrawn), the attention
// transitions (one per change, none for a session seen first) and the bytes a signal writes.
import { describe, expect, it } from "vitest";
import type { FleetRow, FleetSnapshot } from "../../../src/bridge/index.js";
import { attentionChanges, rememberRows } from "../../../src/tui/fleet/attention.js";
import { orderFleetRows } from "../../../src/tui/fleet/fleet-order.js";
import { signalBytes } from "../../../src/tui/fleet/fleet-signals.js";
import { initialFleetView, reduceFleetView, selectedRow, shownRows } from "../../../src/tui/fleet/fleet-state.js";
import { confirmDialog, row } from "./fleet-row.js";

const snap = (rows: FleetRow[]): FleetSnapshot => ({
  rows,
  hosts: [{ name: "", state: "live", since: 0, detail: undefined, version: "1" }],
  at: 0,
});

const dialog = confirmDialog;

describe("fleet order", () => {
  it("puts questions first (longest waiting on top), then failed, done (newest first), working, idle, unreachable", () => {
    const rows = [
      row("idle", "idle"),
      row("unreach", "unreachable"),
      row("work", "working"),
      row("ask-new", "needs_input", { since: 5000 }),
      row("done-old", "done", { since: 100 }),
      row("ask-old", "needs_input", { since: 2000 }),
      row("failed", "failed"),
      row("done-new", "done", { since: 900 }),
    ];
    expect(orderFleetRows(rows).map((r) => r.id)).toEqual([
      "ask-old",
      "ask-new",
      "failed",
      "done-new",
      "done-old",
      "work",
      "idle",
      "unreach",
    ]);
  });
});

describe("fleet view reducer", () => {
  it("keeps the selected session selected when the order changes", () => {
    let s = reduceFleetView(initialFleetView(), {
      type: "snapshot",
      snapshot: snap([row("a", "idle"), row("b", "idle")]),
    });
    s = reduceFleetView(s, { type: "move", by: 1, height: 5 });
    expect(selectedRow(s)?.id).toBe("b");
    s = reduceFleetView(s, {
      type: "snapshot",
      snapshot: snap([row("a", "needs_input", { dialog }), row("b", "idle")]),
    });
    expect(shownRows(s).map((r) => r.id)).toEqual(["a", "b"]);
    expect(selectedRow(s)?.id).toBe("b");
    expect(s.loading).toBe(false);
  });

  it("filters by every word over host, folder, title and state", () => {
    let s = reduceFleetView(initialFleetView(), {
      type: "snapshot",
      snapshot: snap([row("a", "needs_input", { dialog, host: "devbox" }), row("b", "working")]),
    });
    s = reduceFleetView(s, { type: "filter_text", text: "devbox needs" });
    expect(shownRows(s).map((r) => r.id)).toEqual(["a"]);
    s = reduceFleetView(s, { type: "filter_clear" });
    expect(shownRows(s)).toHaveLength(2);
  });

  it("withdraws the answer form when the question was answered elsewhere", () => {
    let s = reduceFleetView(initialFleetView(), {
      type: "snapshot",
      snapshot: snap([row("a", "needs_input", { dialog })]),
    });
    s = reduceFleetView(s, { type: "mode", mode: { kind: "answer", key: "\u0000a", dialog } });
    s = reduceFleetView(s, { type: "snapshot", snapshot: snap([row("a", "working")]) });
    expect(s.mode.kind).toBe("list");
    expect(s.message).toContain("answered elsewhere");
  });

  it("is still listing until every host has answered", () => {
    const connecting: FleetSnapshot = {
      rows: [],
      hosts: [{ name: "", state: "connecting", since: 0, detail: undefined, version: undefined }],
      at: 0,
    };
    expect(reduceFleetView(initialFleetView(), { type: "snapshot", snapshot: connecting }).loading).toBe(true);
  });
});

describe("attention", () => {
  it("reports each start of waiting, finish and failure once, and nothing for a session seen first", () => {
    const first = [row("a", "working"), row("b", "working"), row("c", "working")];
    expect(attentionChanges(undefined, first)).toEqual([]);
    const memory = rememberRows(first);
    const next = [
      row("a", "needs_input", { dialog }),
      row("b", "done", { outcomeAt: 5 }),
      row("c", "failed", { outcomeAt: 6 }),
      row("new", "needs_input", { dialog }),
    ];
    expect(attentionChanges(memory, next).map((c) => [c.kind, c.row.id])).toEqual([
      ["waiting", "a"],
      ["done", "b"],
      ["failed", "c"],
    ]);
    expect(attentionChanges(rememberRows(next), next)).toEqual([]);
  });

  it("announces a session of this machine seen first for what it did after the watching began, not a death", () => {
    const watchingSince = 10_000;
    const dead = { at: 10_500, reason: "worker died", log: "/l", sessionFile: undefined };
    const first = [
      row("asked-after", "needs_input", { dialog, since: 10_200 }),
      row("asked-before", "needs_input", { dialog, since: 9_000 }),
      row("remote", "needs_input", { dialog, since: 10_200, host: "devbox", key: "devbox\u0000remote" }),
      row("done-after", "done", { outcomeAt: 10_300 }),
      row("done-before", "done", { outcomeAt: 9_500 }),
      row("died-after", "failed", { dead }),
      row("died-before", "failed", { dead: { ...dead, at: 9_999 } }),
      row("working", "working", { since: 10_400 }),
    ];
    // A tombstone's time is when its death was noticed, not when it happened: listed, not announced.
    expect(attentionChanges(undefined, first, watchingSince).map((c) => [c.kind, c.row.id])).toEqual([
      ["waiting", "asked-after"],
      ["done", "done-after"],
    ]);
    // A session listed for the first time in a later snapshot, already asking: it rings too.
    const later = [...first, row("new", "needs_input", { dialog, since: 11_000 })];
    expect(attentionChanges(rememberRows(first), later, watchingSince).map((c) => [c.kind, c.row.id])).toEqual([
      ["waiting", "new"],
    ]);
  });

  it("writes one bell and one OSC 9 (ended by ST, not a second BEL) per transition", () => {
    const bytes = signalBytes("osc9", "a\u0007b\u001b]0;x");
    expect(bytes.split("\u0007")).toHaveLength(2);
    expect(bytes).toBe("\u0007\u001b]9;a b ]0;x\u001b\\");
    expect(signalBytes("osc777", "x;y")).toBe("\u0007\u001b]777;notify;agent-tui;x;y\u001b\\");
    expect(signalBytes("bell", "x")).toBe("\u0007");
    expect(signalBytes("off", "x")).toBe("");
  });
});
