// An edit's diff as a person sees it, under a pty on the bundled agent with NO_COLOR: the words
// that changed inside a changed line are in reverse video (an attribute, so it stays without
// colour), and the diff ends at the file's last line, not at an empty numbered one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { BUILT as built, FAKE_MODEL, submitLine, withTuiSession } from "./tui-session.js";

const ANY_COLOUR = /\u001b\[(3[0-7]|9[0-7]|38;[25];[0-9;]+)m/;
const FILE = ["const first = 1;", "const answer = oldvalue;", "const last = 3;", ""].join("\n");

const SCRIPT: FakeStep[] = [
  {
    kind: "tool_call",
    matchLastUser: "EDIT-IT",
    calls: [
      {
        id: "call_edit",
        name: "edit",
        arguments: { path: "code.ts", edits: [{ oldText: "oldvalue", newText: "newvalue" }] },
      },
    ],
  },
  { kind: "text", match: "call_edit", chunks: ["Edited ", "it."] },
];

describe.skipIf(!built)("an edit's diff", () => {
  it("marks the changed word in reverse video without colour, and ends at the last line", async () => {
    await withTuiSession(
      SCRIPT,
      { args: [...FAKE_MODEL, "--no-session"], env: { NO_COLOR: "1" } },
      async ({ tui, sandbox }) => {
        writeFileSync(join(sandbox.cwd, "code.ts"), FILE);
        await submitLine(tui, "EDIT-IT please");
        await tui.waitForText("Edited it.");
        const raw = tui.output();
        expect(raw).not.toMatch(ANY_COLOUR);
        // The attributes each word was written with: the parameters of the SGR run just before it.
        const attributes = (text: string): string[] => {
          const before = raw.slice(0, raw.indexOf(text));
          return (/(?:\u001b\[[0-9;]*m)+$/.exec(before)?.[0] ?? "").match(/[0-9]+/g) ?? [];
        };
        expect(attributes("oldvalue")).toContain("7");
        expect(attributes("newvalue")).toContain("7");
        // The unchanged words of the same lines are not reversed.
        const added = raw.slice(raw.indexOf("+2 "), raw.indexOf("newvalue"));
        expect(added).toContain("const answer = ");
        expect(added).not.toMatch(/\u001b\[(?:[0-9]+;)*7(?:;[0-9]+)*m[^\u001b]*const/);
        // The file has three lines: the diff's last row is line 3, with no empty line 4 after it.
        const rows = tui.allText().split("\n");
        const last = rows.findIndex((r) => /^\s+3 const last = 3;$/.test(r));
        expect(last).toBeGreaterThan(-1);
        expect(rows[last + 1] ?? "").not.toMatch(/^\s+4\s*$/);
      },
    );
  });
});
