// A fork keeps the checkpoints of the turns it keeps: the built worker on the scripted model runs
// three turns, then `fork`s at the third; in the new session checkpoint_list offers turns 1 and 2,
// their diffs read, a restore to turn 1 puts the files back byte for byte (with the parent's store
// gone), and the next turn is turn 3. `clone` keeps all three.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckpointSummary, FileChange } from "../../../src/protocol/types/checkpoints.js";
import type { FakeStep } from "../../fixtures/fake-llm-server.mjs";
import { startAgentProcess, type AgentProcess, type Frame } from "../helpers/agent-process.js";

const write = (n: number, content: string): FakeStep[] => [
  {
    kind: "tool_call",
    matchLastUser: `TURN-${n}`,
    calls: [{ id: `call_${n}`, name: "write", arguments: { path: "notes.txt", content } }],
  },
  { kind: "text", matchLastUser: `TURN-${n}`, chunks: [`Turn ${n} done.`] },
];
const SCRIPT: FakeStep[] = [...write(1, "one\n"), ...write(2, "two\n"), ...write(3, "three\n"), ...write(4, "four\n")];

let proc: AgentProcess | undefined;
afterEach(async () => {
  await proc?.stop();
  proc = undefined;
});

function data<T>(frame: Frame): T {
  if (frame["success"] !== true) throw new Error(`command failed: ${JSON.stringify(frame)}`);
  return frame["data"] as T;
}

async function settledTurn(p: AgentProcess, message: string): Promise<void> {
  const from = p.mark();
  expect((await p.request({ type: "prompt", message }))["success"]).toBe(true);
  await p.waitFor((f: Frame) => f.type === "agent_settled", { from });
}

const list = async (p: AgentProcess): Promise<CheckpointSummary[]> =>
  data<{ checkpoints: CheckpointSummary[] }>(await p.request({ type: "checkpoint_list" })).checkpoints;

const sessionId = async (p: AgentProcess): Promise<string> =>
  data<{ sessionId: string }>(await p.request({ type: "get_state" })).sessionId;

describe("checkpoints in a fork", () => {
  it("a fork offers the checkpoints of the turns it kept; diff, restore and the next turn work there", async () => {
    proc = await startAgentProcess({ script: SCRIPT });
    const work = join(proc.dir, "work");
    const file = join(work, "notes.txt");
    writeFileSync(file, "original\n");
    for (const n of [1, 2, 3]) await settledTurn(proc, `TURN-${n} write`);
    const parent = await list(proc);
    expect(parent.map((c) => c.prompt)).toEqual(["TURN-1 write", "TURN-2 write", "TURN-3 write"]);
    const parentId = await sessionId(proc);

    const third = parent[2] as CheckpointSummary;
    expect(data<{ cancelled: boolean }>(await proc.request({ type: "fork", entryId: third.entryId }))).toMatchObject({
      cancelled: false,
    });
    expect(await sessionId(proc)).not.toBe(parentId);
    const forked = await list(proc);
    expect(forked.map((c) => [c.turn, c.prompt, c.entryId])).toEqual([
      [1, "TURN-1 write", parent[0]?.entryId],
      [2, "TURN-2 write", parent[1]?.entryId],
    ]);
    // Turn 2 runs to the tree now: the fork left the files as turn 3 wrote them.
    const diff = data<{ files: FileChange[] }>(
      await proc.request({ type: "checkpoint_diff", from: forked[1]?.id }),
    ).files;
    expect(diff).toMatchObject([{ path: "notes.txt", status: "modified", before: "one\n", after: "three\n" }]);

    // The parent's store is gone: the fork's own copy still restores.
    const parentStore = join(proc.dir, "home", "checkpoints", parentId);
    expect(existsSync(join(parentStore, "log.jsonl"))).toBe(true);
    rmSync(parentStore, { recursive: true });
    const restored = data<{ restored: string[]; conflicts: unknown[] }>(
      await proc.request({ type: "checkpoint_restore", checkpoint: forked[0]?.id }),
    );
    expect(restored).toMatchObject({ restored: ["notes.txt"], conflicts: [] });
    expect(readFileSync(file, "utf8")).toBe("original\n");

    await settledTurn(proc, "TURN-4 write");
    expect((await list(proc)).map((c) => [c.turn, c.prompt])).toEqual([
      [1, "TURN-1 write"],
      [2, "TURN-2 write"],
      [3, "TURN-4 write"],
    ]);
  });

  it("a clone keeps every checkpoint", async () => {
    proc = await startAgentProcess({ script: SCRIPT });
    writeFileSync(join(proc.dir, "work", "notes.txt"), "original\n");
    for (const n of [1, 2]) await settledTurn(proc, `TURN-${n} write`);
    data(await proc.request({ type: "clone" }));
    expect((await list(proc)).map((c) => c.prompt)).toEqual(["TURN-1 write", "TURN-2 write"]);
  });
});
