// `agent-tui -p … | head -1` with an answer longer than a pipe holds: once the answer is written,
// print mode stops its worker and exits, while the answer's tail is still on its way. A reader that
// leaves then made the answer incomplete, so the exit is SIGPIPE's 141, not the run's 0; a reader
// that stays gets the whole answer before the exit. pipe-reader.ts orders the events for certain:
// the reader reads nothing more until the worker is gone (print mode stops it only after the run).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAN_SEE_CHILDREN, firstChunkThenWorkerGone, LONG_ANSWER, readTheRest, spawnIntoPipe } from "./pipe-reader.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL } from "./tui-session.js";

const print = (prompt: string): string[] => [...FAKE_MODEL, "--no-session", "-p", prompt];

describe.skipIf(!BUILT || !CAN_SEE_CHILDREN)("agent-tui -p into a pipe", () => {
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

  it("exits 141, quietly, when the reader leaves before the answer's end was written", async () => {
    const r = spawnIntoPipe(sandbox, print("LEAVING-READER go"));
    await firstChunkThenWorkerGone(r);
    r.child.stdout?.destroy();
    expect(await r.exit).toBe(141);
    expect(r.stderr()).toBe("");
  });

  it("writes the whole answer before exiting 0 when the reader stays", async () => {
    const r = spawnIntoPipe(sandbox, print("STAYING-READER go"));
    const output = readTheRest(r, await firstChunkThenWorkerGone(r));
    expect(await r.exit).toBe(0);
    expect(output()).toBe(`${LONG_ANSWER}\n`);
    expect(r.stderr()).toBe("");
  });
});
