// The permission gate asking about an edit, as a person sees it under a pty (bundled agent, the
// scripted model, the gate in its "edits" mode): the question shows the diff of the edit; "Edit,
// then allow" opens the new text in $EDITOR (a fake one that adds a line) from the editor dialog
// (Ctrl+G) and the file gets what was saved there; "Block" leaves the file as it was.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS, ROOT } from "./pty-harness.js";
import { BUILT, submitLine, withTuiSession } from "./tui-session.js";

const ORIGINAL = "first line\nsecond line\nthird line\n";

const edit = (id: string, oldText: string, newText: string) => ({
  id,
  name: "edit",
  arguments: { path: "notes.txt", edits: [{ oldText, newText }] },
});

const SCRIPT: FakeStep[] = [
  { kind: "tool_call", matchLastUser: "EDIT-ONE", calls: [edit("call_one", "second line", "second LINE")] },
  { kind: "text", match: "call_one", chunks: ["First edit ", "settled."] },
  { kind: "tool_call", matchLastUser: "EDIT-TWO", calls: [edit("call_two", "third line", "third LINE")] },
  { kind: "text", match: "call_two", chunks: ["Second edit ", "settled."] },
];

const FAKE_EDITOR = `${process.execPath} ${join(ROOT, "test", "e2e", "fixtures", "fake-editor.mjs")}`;

describe.skipIf(!BUILT)("the permission gate shows the change", () => {
  it("shows the edit's diff; Edit, then allow writes what $EDITOR saved; Block writes nothing", async () => {
    await withTuiSession(
      SCRIPT,
      {
        cols: 100,
        rows: 30,
        env: { EDITOR: FAKE_EDITOR, VISUAL: "" },
        sandbox: { settings: { permissionGate: "edits" } },
      },
      async ({ tui, sandbox }) => {
        const file = join(sandbox.cwd, "notes.txt");
        writeFileSync(file, ORIGINAL);

        await submitLine(tui, "EDIT-ONE please");
        await tui.waitForText("Allow edit of notes.txt?");
        // The diff of the call, before it runs: numbered lines, the changed one removed and added.
        await tui.waitForText(/^ +-2 second line$/m);
        await tui.waitForText(/^ +\+2 second LINE$/m);
        expect(tui.screenText()).toMatch(/^ +1 first line$/m);
        expect(readFileSync(file, "utf8")).toBe(ORIGINAL);
        // Allow once, Allow for this session, Edit, then allow, Block.
        tui.write(KEYS.down + KEYS.down);
        await tui.waitForText("❯ Edit, then allow");
        tui.write(KEYS.enter);
        await tui.waitForText("Edit the new text of notes.txt, then allow the edit");
        await tui.waitForText("ctrl+g $EDITOR");
        tui.write("\u0007");
        await tui.waitForText("added in the editor");
        tui.write(KEYS.enter);
        await tui.waitForText("First edit settled.", 20_000);
        expect(readFileSync(file, "utf8")).toBe("first line\nsecond LINE\nthird line\nadded in the editor\n");

        const afterOne = readFileSync(file, "utf8");
        await submitLine(tui, "EDIT-TWO please");
        await tui.waitForText(/^ +\+3 third LINE$/m);
        tui.write(KEYS.down + KEYS.down + KEYS.down);
        await tui.waitForText("❯ Block");
        tui.write(KEYS.enter);
        await tui.waitForText("Second edit settled.", 20_000);
        expect(readFileSync(file, "utf8")).toBe(afterOne);
        expect(tui.allText()).toContain("Blocked by the permission gate: the user chose Block.");
      },
    );
  }, 30_000);
});
