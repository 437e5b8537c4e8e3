// `agent-tui -p … | head -1` and `agent-tui --plain "…" < /dev/null | head -1`, with an answer
// longer than a pipe holds: once the run is over (and, in plain mode, the input has ended), the
// program stops its worker and exits while the answer's tail is still on its way. A reader that
// leaves then got an incomplete output, so the exit is SIGPIPE's 141, not the run's 0; a reader
// that stays gets all of it before the exit. pipe-reader.ts orders the events for certain: the
// reader reads nothing more until the worker is gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAN_SEE_CHILDREN, firstChunkThenWorkerGone, LONG_ANSWER, readTheRest, spawnIntoPipe } from "./pipe-reader.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL } from "./tui-session.js";

const MODES = [
  {
    mode: "-p",
    args: (prompt: string): string[] => [...FAKE_MODEL, "--no-session", "-p", prompt],
    whole: (out: string): void => expect(out).toBe(`${LONG_ANSWER}\n`),
  },
  {
    mode: "--plain",
    args: (message: string): string[] => [...FAKE_MODEL, "--no-session", "--plain", message],
    // Plain mode labels the answer's first line and says "done" when the run is over (plain-log.ts).
    whole: (out: string): void => {
      expect(out).toContain(`\nagent: ${LONG_ANSWER.trimEnd()}\n`);
      expect(out.endsWith("\ndone\n")).toBe(true);
    },
  },
];

describe.skipIf(!BUILT || !CAN_SEE_CHILDREN)("agent-tui's output into a pipe", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox([
      { kind: "text", matchLastUser: "LEAVING-READER", chunks: [LONG_ANSWER] },
      { kind: "text", matchLastUser: "STAYING-READER", chunks: [LONG_ANSWER] },
      { kind: "text", matchLastUser: "LEAVING-READER", chunks: [LONG_ANSWER] },
      { kind: "text", matchLastUser: "STAYING-READER", chunks: [LONG_ANSWER] },
    ]);
  }, 30_000);
  afterAll(async () => {
    await sandbox?.dispose();
  });

  describe.each(MODES)("$mode", ({ args, whole }) => {
    it("exits 141, quietly, when the reader leaves before the output's end was written", async () => {
      const r = spawnIntoPipe(sandbox, args("LEAVING-READER go"));
      await firstChunkThenWorkerGone(r);
      r.child.stdout?.destroy();
      expect(await r.exit).toBe(141);
      expect(r.stderr()).toBe("");
    });

    it("writes all of it before exiting 0 when the reader stays", async () => {
      const r = spawnIntoPipe(sandbox, args("STAYING-READER go"));
      const output = readTheRest(r, await firstChunkThenWorkerGone(r));
      expect(await r.exit).toBe(0);
      whole(output());
      expect(r.stderr()).toBe("");
    });
  });
});
