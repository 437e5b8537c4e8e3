// agent-rpc's checkpoints end to end: the built worker on the scripted model edits three files
// and deletes one with bash in one turn; the checkpoint commands list and diff all four, refuse
// to overwrite a file the user changed meanwhile, restore the first checkpoint byte-identical,
// write one file back only over the expected content, refuse a restore while a run streams,
// name a large binary as left out, and leave the repository's .git as it was.
import { randomBytes, createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckpointSummary, FileChange } from "../../../src/protocol/types/checkpoints.js";
import type { FakeStep } from "../../fixtures/fake-llm-server.mjs";
import { startAgentProcess, type AgentProcess, type Frame } from "../helpers/agent-process.js";
import { git, gitFacts } from "./store-helpers.js";

const ORIGINAL: Record<string, string> = {
  "a.txt": "alpha\nbeta\ngamma\n",
  "src/b.ts": "export const b = 1;\n",
  "c.md": "# Title\n\nbody\n",
  "d.txt": "to be deleted\n",
};

const TURN: FakeStep[] = [
  {
    kind: "tool_call",
    matchLastUser: "Edit the files",
    calls: [
      {
        id: "call_edit",
        name: "edit",
        arguments: { path: "a.txt", edits: [{ oldText: "beta", newText: "BETA" }] },
      },
      { id: "call_write", name: "write", arguments: { path: "src/b.ts", content: "export const b = 2;\n" } },
      { id: "call_bash", name: "bash", arguments: { command: "printf 'more\\n' >> c.md && rm d.txt" } },
    ],
  },
  { kind: "text", matchLastUser: "Edit the files", chunks: ["Done."] },
  { kind: "hang", matchLastUser: "Think forever" },
];

let proc: AgentProcess | undefined;
afterEach(async () => {
  await proc?.stop();
  proc = undefined;
});

const sha = (bytes: Uint8Array | string): string => createHash("sha256").update(bytes).digest("hex");

async function settledTurn(p: AgentProcess, message: string): Promise<void> {
  const from = p.mark();
  expect((await p.request({ type: "prompt", message }))["success"]).toBe(true);
  await p.waitFor((f: Frame) => f.type === "agent_settled", { from });
}

function data<T>(frame: Frame): T {
  if (frame["success"] !== true) throw new Error(`command failed: ${JSON.stringify(frame)}`);
  return frame["data"] as T;
}

describe("checkpoints over RPC", () => {
  it("list, diff, conflict, restore, write and refusal while running", async () => {
    proc = await startAgentProcess({ script: TURN });
    const work = join(proc.dir, "work");
    const big = randomBytes(6 * 1024 * 1024);
    writeFileSync(join(work, "big.bin"), big);
    mkdirSync(join(work, "src"));
    for (const [path, content] of Object.entries(ORIGINAL)) writeFileSync(join(work, path), content);
    git(work, "init", "-q", "-b", "main");
    git(work, "add", ".");
    git(work, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "initial");
    const facts = gitFacts(work);
    const status = git(work, "status", "--porcelain");

    await settledTurn(proc, "Edit the files, please");
    expect(readFileSync(join(work, "a.txt"), "utf8")).toBe("alpha\nBETA\ngamma\n");

    const { checkpoints } = data<{ checkpoints: CheckpointSummary[] }>(await proc.request({ type: "checkpoint_list" }));
    expect(checkpoints).toHaveLength(1);
    const first = checkpoints[0] as CheckpointSummary;
    expect(first).toMatchObject({ turn: 1, prompt: "Edit the files, please", files: 4, added: 3, removed: 3 });
    expect(typeof first.entryId).toBe("string");
    expect(first.leftOut).toContainEqual({ path: "big.bin", reason: "too large" });

    const diff = data<{ files: FileChange[] }>(await proc.request({ type: "checkpoint_diff", from: first.id }));
    expect(diff.files.map((f) => [f.path, f.status])).toEqual([
      ["a.txt", "modified"],
      ["c.md", "modified"],
      ["d.txt", "deleted"],
      ["src/b.ts", "modified"],
    ]);
    const a = diff.files[0] as FileChange;
    expect(a).toMatchObject({
      before: ORIGINAL["a.txt"],
      after: "alpha\nBETA\ngamma\n",
      beforeHash: sha(ORIGINAL["a.txt"] ?? ""),
    });

    // The user edits c.md after the turn: a restore without force writes nothing.
    writeFileSync(join(work, "c.md"), "# Title\n\nthe user's text\n");
    const refused = data<{ conflicts: unknown[]; restored: string[] }>(
      await proc.request({ type: "checkpoint_restore", checkpoint: first.id }),
    );
    expect(refused).toMatchObject({ restored: [], deleted: [], bytesWritten: 0 });
    expect(refused.conflicts).toEqual([{ path: "c.md", reason: "changed since the agent last recorded it" }]);
    expect(readFileSync(join(work, "a.txt"), "utf8")).toBe("alpha\nBETA\ngamma\n");

    // A hunk reverted through checkpoint_write: only over the content the diff showed.
    const stale = await proc.request({
      type: "checkpoint_write",
      path: "a.txt",
      content: ORIGINAL["a.txt"],
      expectedHash: sha("something else"),
    });
    expect(stale).toMatchObject({ success: false, error: "a.txt changed since the diff was read" });
    const wrote = data<{ hash: string }>(
      await proc.request({
        type: "checkpoint_write",
        path: "a.txt",
        content: "alpha\nbeta\ngamma\n",
        expectedHash: a.afterHash,
      }),
    );
    expect(wrote.hash).toBe(sha(ORIGINAL["a.txt"] ?? ""));

    const forced = data<{ restored: string[]; deleted: string[]; bytesWritten: number }>(
      await proc.request({ type: "checkpoint_restore", checkpoint: first.id, force: true }),
    );
    expect(forced.restored.sort()).toEqual(["c.md", "d.txt", "src/b.ts"]);
    for (const [path, content] of Object.entries(ORIGINAL))
      expect(readFileSync(join(work, path), "utf8")).toBe(content);
    expect(sha(readFileSync(join(work, "big.bin")))).toBe(sha(big));
    expect(git(work, "status", "--porcelain")).toBe(status);
    expect(gitFacts(work)).toEqual(facts);

    // While a run streams, a restore is refused.
    const from = proc.mark();
    await proc.request({ type: "prompt", message: "Think forever" });
    await proc.waitFor((f) => f.type === "agent_start", { from });
    expect(await proc.request({ type: "checkpoint_restore", checkpoint: first.id })).toMatchObject({
      success: false,
      error: "Cannot restore a checkpoint while the agent is running",
    });
    await proc.request({ type: "abort" });
  });
});
