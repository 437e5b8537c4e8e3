// Answering another session's question from the fleet list: the permission gate's question shows
// the diff of the edit it asks about, as the session's own dialog does; "Edit, then allow"'s
// editor opens with the file's new text, and Enter sends that text back unchanged; a question the
// registry could not publish whole is not answered from the list (the user is sent to the session).
import { cleanup, render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { decodeFleetEntry } from "../../../src/bridge/fleet/decode-fleet.js";
import type { FleetDialog, FleetRow, UiResponse } from "../../../src/bridge/index.js";
import { FleetAnswer } from "../../../src/tui/fleet/fleet-answer.js";
import { initialFleetView, reduceFleetView } from "../../../src/tui/fleet/fleet-state.js";
import { waitFor } from "../helpers/fake-connection.js";

afterEach(() => cleanup());

const DIFF = " 1 first line\n-2 second line\n+2 second LINE\n 3 third line";
const NEW_TEXT = "first line\nsecond LINE\nthird line\n";

/** The row the fleet decodes from a registry entry whose status carries `dialog`. */
function rowWith(dialog: Record<string, unknown>): FleetRow {
  const row = decodeFleetEntry("", {
    id: "w1",
    pid: 42,
    cwd: "/src/w1",
    state: "waiting",
    since: 1,
    status: { activityAt: 1, dialog },
  });
  if (!row) throw new Error("the entry did not decode");
  return row;
}

const gate = rowWith({
  id: "g1",
  method: "select",
  title: "Allow edit of notes.txt?",
  options: ["Allow once", "Allow for this session", "Edit, then allow", "Block"],
  diff: DIFF,
});
const editor = rowWith({ id: "e1", method: "editor", title: "Edit the new text of notes.txt", prefill: NEW_TEXT });

function answerForm(dialog: FleetDialog) {
  const answers: UiResponse[] = [];
  const r = render(<FleetAnswer dialog={dialog} width={80} maxRows={20} onAnswer={(a) => answers.push(a)} />);
  return { ...r, answers, text: () => (r.lastFrame() ?? "").replace(/\u001b\[[0-9;]*m/g, "") };
}

describe("the fleet's answer form", () => {
  it("shows a gate question's diff lines under its title", async () => {
    const form = answerForm(gate.dialog as FleetDialog);
    await waitFor(() => form.text().includes("Allow edit of notes.txt?"), "the question");
    expect(form.text()).toMatch(/^ +-2 second line$/m);
    expect(form.text()).toMatch(/^ +\+2 second LINE$/m);
    expect(form.text()).toMatch(/^ +1 first line$/m);
    expect(form.text()).toContain("Edit, then allow");
  });

  it("opens the editor with the published text and sends it back unchanged on Enter", async () => {
    const form = answerForm(editor.dialog as FleetDialog);
    await waitFor(() => form.text().includes("second LINE"), "the prefilled text");
    expect(form.text()).toContain("third line");
    form.stdin.write("\r");
    await waitFor(() => form.answers.length === 1, "the answer");
    expect(form.answers[0]).toEqual({ value: NEW_TEXT });
  });

  it("draws an editor's text with its control characters made visible, and answers it verbatim", async () => {
    const hostile = "keep \u001b]52;c;eA==\u0007this\n";
    const form = answerForm(
      rowWith({ id: "e4", method: "editor", title: "Edit", prefill: hostile }).dialog as FleetDialog,
    );
    await waitFor(() => form.text().includes("keep"), "the prefilled text");
    expect(form.lastFrame()).not.toContain("\u001b]52");
    form.stdin.write("\r");
    await waitFor(() => form.answers.length === 1, "the answer");
    expect(form.answers[0]).toEqual({ value: hostile });
  });
});

describe("answering from the list", () => {
  const view = (row: FleetRow) =>
    reduceFleetView(initialFleetView(), {
      type: "snapshot",
      snapshot: { rows: [row], hosts: [{ name: "", state: "live", since: 0, detail: undefined, version: "1" }], at: 0 },
    });

  it("opens the answer form for a question published whole", () => {
    const s = reduceFleetView(view(editor), { type: "answer_selected" });
    expect(s.mode).toMatchObject({ kind: "answer", dialog: { id: "e1", prefill: NEW_TEXT } });
  });

  it("sends the user to the session for a cut question or an editor published without its text", () => {
    const cut = rowWith({ id: "e2", method: "editor", title: "Edit", cut: true });
    const older = rowWith({ id: "e3", method: "editor", title: "Edit" });
    const longDiff = rowWith({ id: "g2", method: "select", title: "Allow?", options: ["Allow once"], cut: true });
    for (const row of [cut, older, longDiff]) {
      const s = reduceFleetView(view(row), { type: "answer_selected" });
      expect(s.mode.kind).toBe("list");
      expect(s.message).toContain("open the session to answer (Enter switches)");
    }
  });
});
