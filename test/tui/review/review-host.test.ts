// What the review's keys ask of the worker: the exact text and hash of a hunk's revert, a whole
// file put back through restore (and a conflict only forced after "y"), a failed write reported
// and nothing marked, a rejection's reason sent as a prompt or as a steer.
import { describe, expect, it } from "vitest";
import type { CheckpointDiff, CheckpointRestoreResult } from "../../../src/bridge/index.js";
import { createReviewHost, REVIEW_OVERLAY } from "../../../src/tui/review/review-host.js";
import type { TuiConnection } from "../../../src/tui/session/tui-connection.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore, type Store } from "../../../src/tui/state/store.js";

const text = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join("");
const AFTER = text(20).replace("line 2\n", "line two\n").replace("line 18\n", "line eighteen\n");

const DIFF: CheckpointDiff = {
  files: [
    {
      path: "a.ts",
      status: "modified",
      binary: false,
      before: text(20),
      after: AFTER,
      beforeHash: "h-before",
      afterHash: "h-after",
      beforeBytes: 1,
      afterBytes: 1,
    },
    { path: "new.ts", status: "added", binary: false, after: "x\n", afterHash: "h-new", beforeBytes: 0, afterBytes: 2 },
  ],
  leftOut: [],
};

type Call = { method: string; args: unknown[] };

function setup(answers: { write?: () => unknown; restore?: (force: boolean) => CheckpointRestoreResult } = {}): {
  store: Store;
  calls: Call[];
  host: ReturnType<typeof createReviewHost>;
} {
  const store = createStore(createInitialState(100, 30), { frameMs: 0 });
  const calls: Call[] = [];
  let hashes = 0;
  const rpc = {
    checkpointWrite: async (...args: unknown[]) => {
      calls.push({ method: "checkpointWrite", args });
      if (answers.write) return answers.write();
      hashes += 1;
      return { path: args[0], hash: `h-written-${hashes}`, bytesWritten: 1 };
    },
    checkpointRestore: async (...args: unknown[]) => {
      calls.push({ method: "checkpointRestore", args });
      const force = (args[1] as { force?: boolean } | undefined)?.force === true;
      return answers.restore?.(force) ?? { restored: [], deleted: ["new.ts"], conflicts: [], bytesWritten: 0 };
    },
    prompt: async (...args: unknown[]) => {
      calls.push({ method: "prompt", args });
    },
  };
  const connection = { rpc, respondToUi: () => undefined } as unknown as TuiConnection;
  const host = createReviewHost(store, connection);
  host.open("turn 1 (edit)", "cp-1", DIFF);
  return { store, calls, host };
}

/** Resolve once the review is no longer waiting on the worker. */
async function settled(store: Store): Promise<void> {
  for (let i = 0; i < 50 && store.getState().review?.pending !== false; i += 1) await new Promise((r) => setTimeout(r));
  await new Promise((r) => setTimeout(r));
}

describe("review host", () => {
  it("opens on the diff in the review overlay", () => {
    const { store } = setup();
    expect(store.getState().ui.overlay).toBe(REVIEW_OVERLAY);
    expect(store.getState().review?.files.map((f) => f.path)).toEqual(["a.ts", "new.ts"]);
  });

  it("reverts a hunk with the file's new text and the hash of the diff, then the next with the written hash", async () => {
    const { store, calls, host } = setup();
    host.key("next_hunk");
    host.key("revert_hunk");
    await settled(store);
    host.key("prev_hunk");
    host.key("revert_hunk");
    await settled(store);
    expect(calls).toEqual([
      { method: "checkpointWrite", args: ["a.ts", text(20).replace("line 2\n", "line two\n"), "h-after"] },
      { method: "checkpointWrite", args: ["a.ts", text(20), "h-written-1"] },
    ]);
    expect(store.getState().review?.files[0]?.decisions).toEqual(["reverted", "reverted"]);
  });

  it("reports a refused write and marks nothing", async () => {
    const { store, host } = setup({
      write: () => {
        throw new Error("a.ts changed since the diff was read");
      },
    });
    host.key("revert_hunk");
    await settled(store);
    expect(store.getState().review?.files[0]?.decisions).toEqual(["open", "open"]);
    expect(store.getState().review?.message).toBe("Not reverted: a.ts changed since the diff was read");
  });

  it("puts a new file back through restore, and forces a conflict only after yes", async () => {
    const { store, calls, host } = setup({
      restore: (force) =>
        force
          ? { restored: [], deleted: ["new.ts"], conflicts: [], bytesWritten: 0 }
          : {
              restored: [],
              deleted: [],
              conflicts: [{ path: "new.ts", reason: "edited by the user" }],
              bytesWritten: 0,
            },
    });
    host.key("next_file");
    host.key("revert_hunk");
    await settled(store);
    expect(store.getState().review?.confirm?.text).toContain("new.ts changed since the agent left it");
    expect(store.getState().review?.files[1]?.restored).toBe(false);
    host.answer(true);
    await settled(store);
    expect(calls).toEqual([
      { method: "checkpointRestore", args: ["cp-1", { paths: ["new.ts"], force: false }] },
      { method: "checkpointRestore", args: ["cp-1", { paths: ["new.ts"], force: true }] },
    ]);
    expect(store.getState().review?.files[1]?.restored).toBe(true);
  });

  it.each([
    { busy: false, options: {} },
    { busy: true, options: { streamingBehavior: "steer" } },
  ])("rejects with a reason (busy: $busy): reverts, then tells the agent", async ({ busy, options }) => {
    const { store, calls, host } = setup();
    store.dispatch({ type: "run_state", busy, now: 0 });
    host.key("reject");
    for (const ch of "use a constant") host.reason({ type: "text", text: ch });
    host.reason({ type: "submit" });
    await settled(store);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls.map((c) => c.method)).toEqual(["checkpointWrite", "prompt"]);
    expect(calls[1]?.args).toEqual(["I reverted your change to a.ts lines 1–5. use a constant", options]);
  });

  it("closes with a line saying what was decided", async () => {
    const { store, host } = setup();
    host.key("keep");
    host.key("revert_hunk");
    await settled(store);
    host.key("close");
    const s = store.getState();
    expect(s.review).toBeUndefined();
    expect(s.ui.overlay).toBeUndefined();
    const last = s.transcript.committed.at(-1);
    expect(last?.kind === "notice" ? last.text : "").toBe("Review of turn 1 (edit): 1 change reverted, 1 kept.");
  });
});
