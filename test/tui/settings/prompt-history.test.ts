// Prompt history per project across runs: a 0600 file in a 0700 directory under
// $AGENT_TUI_HOME, multi-line prompts intact, bounded like a shell's, torn lines skipped.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPromptHistory, promptHistoryPath } from "../../../src/tui/settings/prompt-history.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("prompt history file", () => {
  it("keeps prompts per project, private to the user, and bounded", () => {
    root = mkdtempSync(join(tmpdir(), "history-"));
    const env = { AGENT_TUI_HOME: join(root, "home") };
    const problems: string[] = [];
    const a = createPromptHistory(env, "/work/project-a", (m) => problems.push(m), 5);
    a.add("first");
    a.add("two\nlines");
    expect(createPromptHistory(env, "/work/project-a", (m) => problems.push(m), 5).load()).toEqual([
      "first",
      "two\nlines",
    ]);
    expect(createPromptHistory(env, "/work/project-b", (m) => problems.push(m), 5).load()).toEqual([]);
    expect(statSync(a.path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(a.path)).mode & 0o777).toBe(0o700);
    expect(a.path).toBe(promptHistoryPath(env, "/work/project-a"));

    appendFileSync(a.path, '"torn'); // a crash mid-append
    for (let i = 0; i < 12; i += 1) a.add(`p${i}`);
    const again = createPromptHistory(env, "/work/project-a", (m) => problems.push(m), 5).load();
    expect(again).toEqual(["p7", "p8", "p9", "p10", "p11"]);
    expect(
      readFileSync(a.path, "utf8")
        .split("\n")
        .filter((l) => l !== "").length,
    ).toBeLessThanOrEqual(10);
    expect(problems).toEqual([]);
  });
});
