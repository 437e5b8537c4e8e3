// `agent-tui sessions | head -1`: a reader that leaves early ends the listing quietly, with the
// status a shell shows for `yes | head` and nothing on stderr, not an EPIPE stack, even when the
// worker has already printed everything and exited (what it printed is still on its way).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT_BIN } from "../agent/helpers/agent-process.js";
import { TEST_TMP } from "../agent/helpers/isolated-tmp.js";
import { BUILT, waitUntil } from "./tui-session.js";

describe.skipIf(!BUILT)("agent-tui sessions into a pipe", () => {
  it("ends quietly with 141 when the reader leaves after the first line", async () => {
    mkdirSync(TEST_TMP, { recursive: true });
    const dir = mkdtempSync(join(TEST_TMP, "sessions-pipe-"));
    // A worker whose listing is long (far more than a pipe holds), which says when it has exited.
    const fake = join(dir, "agent-rpc.js");
    const exited = join(dir, "exited");
    writeFileSync(
      fake,
      'const row = "session " + "x".repeat(200) + "\\n";\nfor (let i = 0; i < 2000; i++) process.stdout.write(row);\n' +
        `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(exited)}, ""));\n`,
    );
    const child = spawn(
      process.execPath,
      [join(AGENT_BIN, "..", "agent-tui.js"), "sessions", "--agent", `${process.execPath} ${fake}`],
      {
        cwd: dir,
        env: { ...process.env, AGENT_TUI_HOME: join(dir, "home"), TMPDIR: TEST_TMP },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    // The reader takes one chunk, waits until the worker is gone, then leaves.
    child.stdout.once("data", () => {
      child.stdout.pause();
      void waitUntil(() => existsSync(exited), "the worker to exit").then(() => child.stdout.destroy());
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(141);
  });
});
