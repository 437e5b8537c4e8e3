// The -r / /resume listing over the corrupt-file matrix: every file that opens as a session
// is listed (BOM, CRLF, torn or unterminated lines, garbage, unknown entries, other versions);
// every other .jsonl is reported as skipped, never silently dropped; nothing is written.
import { TEST_TMP } from "../../agent/helpers/isolated-tmp.js";
import { mkdtempSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORRUPT_CASES, writeCorruptCase } from "../../fixtures/corrupt-sessions.js";
import { listSessions } from "../../../src/tui/pickers/session-list.js";

describe("session listing over the corrupt-file matrix", () => {
  it("lists what opens, reports the rest", () => {
    const dir = mkdtempSync(join(TEST_TMP, "list-matrix-"));
    const cases = CORRUPT_CASES.filter((c) => !c.skip);
    for (const c of cases) writeCorruptCase(dir, c.name);
    const before = readdirSync(dir).sort();
    const skipped: string[] = [];
    const listed = listSessions(dir, (path) => skipped.push(basename(path, ".jsonl")));
    expect(listed.map((s) => basename(s.path, ".jsonl")).sort()).toEqual(
      cases
        .filter((c) => c.opens)
        .map((c) => c.name)
        .sort(),
    );
    expect(skipped.sort()).toEqual(
      cases
        .filter((c) => !c.opens)
        .map((c) => c.name)
        .sort(),
    );
    for (const s of listed) {
      expect(s.firstMessage).toBe("matrix question");
      expect(s.messageCount).toBe(2);
    }
    expect(listed.find((s) => s.path.endsWith("unterminated-final-record.jsonl"))?.name).toBe("kept name");
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
