// The open dialog in a live worker's registry status carries what a fleet view needs to answer it
// faithfully: the permission gate's diff and the "Edit, then allow" editor's prefill, whole or
// not at all, and `cut` when anything had to be left out (the fleet then sends the user to the session).
import { describe, expect, it } from "vitest";
import { createStatusTracker, decodeLiveStatus } from "../../../src/agent/live/live-status.js";

const DIFF = " 1 first line\n-2 second line\n+2 second LINE\n 3 third line";
const NEW_TEXT = "first line\nsecond LINE\n\tthird line\n";

function statusAfter(frame: Record<string, unknown>) {
  const t = createStatusTracker(() => 1);
  t.observe({ type: "extension_ui_request", ...frame });
  return t.status({});
}

describe("the registry's open dialog", () => {
  it("carries a gate question's diff, its leading spaces kept and control characters made visible", () => {
    const s = statusAfter({
      id: "g1",
      method: "select",
      title: "Allow edit of notes.txt?",
      options: ["Allow once", "Allow for this session", "Edit, then allow", "Block"],
      diff: `${DIFF}\n+4 \u001b]52;c;x\u0007`,
      timeout: 60000,
    });
    expect(s.dialog?.diff).toBe(`${DIFF}\n+4 ␛]52;c;x␇`);
    expect(s.dialog?.cut).toBeUndefined();
    // Read back from the file as the fleet's watcher does: the same fields.
    expect(decodeLiveStatus(JSON.parse(JSON.stringify(s)))?.dialog).toEqual(s.dialog);
  });

  it("carries an editor's prefill verbatim (its answer is written to the file)", () => {
    const s = statusAfter({ id: "e1", method: "editor", title: "Edit the new text of notes.txt", prefill: NEW_TEXT });
    expect(s.dialog?.prefill).toBe(NEW_TEXT);
    expect(s.dialog?.cut).toBeUndefined();
    expect(decodeLiveStatus(JSON.parse(JSON.stringify(s)))?.dialog?.prefill).toBe(NEW_TEXT);
  });

  it("publishes an empty prefill as empty, not as missing", () => {
    const s = statusAfter({ id: "e0", method: "editor", title: "Write something", prefill: "" });
    expect(s.dialog?.prefill).toBe("");
  });

  it("leaves out a prefill or a diff too large for the entry and marks the dialog cut", () => {
    const manyLines = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    const big = "x".repeat(70 * 1024);
    for (const prefill of [manyLines, big]) {
      const s = statusAfter({ id: "e2", method: "editor", title: "Edit", prefill });
      expect(s.dialog?.prefill).toBeUndefined();
      expect(s.dialog?.cut).toBe(true);
    }
    const d = statusAfter({ id: "g2", method: "select", title: "Allow?", options: ["a"], diff: manyLines });
    expect(d.dialog?.diff).toBeUndefined();
    expect(d.dialog?.cut).toBe(true);
    expect(decodeLiveStatus(JSON.parse(JSON.stringify(d)))?.dialog?.cut).toBe(true);
  });

  it("marks a dialog cut when its title, message or options were shortened", () => {
    const long = "y".repeat(5000);
    expect(statusAfter({ id: "t", method: "confirm", title: long }).dialog?.cut).toBe(true);
    expect(statusAfter({ id: "m", method: "confirm", title: "Sure?", message: long }).dialog?.cut).toBe(true);
    const options = Array.from({ length: 30 }, (_, i) => `option ${i}`);
    expect(statusAfter({ id: "o", method: "select", title: "Pick", options }).dialog?.cut).toBe(true);
    expect(statusAfter({ id: "ok", method: "confirm", title: "Sure?", message: "m" }).dialog?.cut).toBeUndefined();
  });
});
