// `agent-tui --plain "…" < /dev/null | head -1` with an answer longer than a pipe holds: once the
// run is over and the input has ended, plain mode stops its worker and exits, while the answer's
// tail is still on its way. A reader that leaves then got an incomplete log, so the exit is
// SIGPIPE's 141, not the 0 of a finished session; a reader that stays gets the whole log before the
// exit. pipe-reader.ts orders the events for certain: the reader reads nothing more until the
// worker is gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAN_SEE_CHILDREN, firstChunkThenWorkerGone, LONG_ANSWER, readTheRest, spawnIntoPipe } from "./pipe-reader.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL } from "./tui-session.js";

const plain = (message: string): string[] => [...FAKE_MODEL, "--no-session", "--plain", message];

describe.skipIf(!BUILT || !CAN_SEE_CHILDREN)("agent-tui --plain into a pipe", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox([
      { kind: "text", matchLastUser: "LEAVING-READER", chunks: [LONG_ANSWER] },
      { kind: "text", matchLastUser: "STAYING-READER", chunks: [LONG_ANSWER] },
    ]);
  }, 30_000);
  afterAll(async () => {
    await sandbox?.dispose();
  });

  it("exits 141, quietly, when the reader leaves before the log's end was written", async () => {
    const r = spawnIntoPipe(sandbox, plain("LEAVING-READER go"));
    await firstChunkThenWorkerGone(r);
    r.child.stdout?.destroy();
    expect(await r.exit).toBe(141);
    expect(r.stderr()).toBe("");
  });

  it("writes the whole answer and the run's end before exiting 0 when the reader stays", async () => {
    const r = spawnIntoPipe(sandbox, plain("STAYING-READER go"));
    const output = readTheRest(r, await firstChunkThenWorkerGone(r));
    expect(await r.exit).toBe(0);
    // Plain mode labels the answer's first line and says "done" when the run is over (plain-log.ts).
    expect(output()).toContain(`\nagent: ${LONG_ANSWER.trimEnd()}\n`);
    expect(output().endsWith("\ndone\n")).toBe(true);
    expect(r.stderr()).toBe("");
  });
});
