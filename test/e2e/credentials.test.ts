// Credentials never reach the terminal: under a pty, a model running `env`, a user `!env` and a
// provider 401 echoing the key leave no key in the bytes agent-tui writes or in any file of the
// sandbox; a `--agent "KEY=… cmd"` that cannot start is reported with the key masked.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnTui } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT as built, FAKE_MODEL, submitLine, withTuiSession } from "./tui-session.js";

const SECRETS = {
  OPENAI_API_KEY: "sk-openai-pty-SECRET-1111",
  GITHUB_TOKEN: "ghtok-pty-SECRET-2222",
  DB_PASSWORD: "dbpw-pty-SECRET-3333",
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

describe.skipIf(!built)("credentials under a pty", () => {
  it("keeps every key out of the pty bytes and the sandbox's files", async () => {
    const script = [
      {
        kind: "tool_call" as const,
        matchLastUser: "print env",
        calls: [{ id: "call-env", name: "bash", arguments: { command: "env" } }],
      },
      { kind: "text" as const, match: "call-env", chunks: ["Printed ", "it."] },
      {
        kind: "error" as const,
        matchLastUser: "again",
        status: 401,
        body: { error: { message: `Incorrect API key provided: ${SECRETS.OPENAI_API_KEY}` } },
      },
    ];
    await withTuiSession(script, { env: { ...SECRETS, SAFE_MARKER: "visible-marker-7" } }, async ({ tui, sandbox }) => {
      await submitLine(tui, "print env");
      await tui.waitForText("Printed it.", 15_000, "all");
      await submitLine(tui, "again");
      await tui.waitForText("Incorrect API key provided: [REDACTED]", 15_000, "all");
      await submitLine(tui, "!env");
      await tui.waitForText("visible-marker-7", 15_000, "all");
      const leaks = (text: string): string[] => Object.values(SECRETS).filter((v) => text.includes(v));
      expect(leaks(tui.output())).toEqual([]);
      for (const path of filesUnder(sandbox.root)) expect(leaks(readFileSync(path, "latin1")), path).toEqual([]);
    });
  }, 60_000);

  it("masks a key on an --agent command line that fails to start", async () => {
    const sandbox = await createSandbox([]);
    const tui = spawnTui({
      args: ["--agent", `OPENAI_API_KEY=${SECRETS.OPENAI_API_KEY} ./no-such-worker --mode rpc`, ...FAKE_MODEL],
      cwd: sandbox.cwd,
      env: sandbox.env,
    });
    try {
      await tui.waitForText("could not start the worker", 15_000, "all");
      expect(tui.allText()).toContain("OPENAI_API_KEY=[REDACTED]");
      expect(tui.output()).not.toContain(SECRETS.OPENAI_API_KEY);
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 30_000);
});
