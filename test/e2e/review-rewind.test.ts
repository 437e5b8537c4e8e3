// Reviewing and rewinding a turn's changes as a person does, under a pty on the bundled agent and
// the scripted model: a turn edits three files and deletes one with bash; /diff lists the four;
// reverting one hunk leaves exactly the expected bytes; /rewind to the first turn restores every
// file byte for byte and forks the conversation (the session file only grew); a file the user
// edited meanwhile is not overwritten until the user says so.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS, ROOT, type TuiProcess } from "./pty-harness.js";
import { BUILT, submitLine, waitForEditor, waitUntil, withTuiSession } from "./tui-session.js";

const lines = (n: number, tag: string): string =>
  Array.from({ length: n }, (_, i) => `${tag} line ${i + 1}\n`).join("");

/** The files before the first turn. */
const ORIGINAL: Record<string, string> = {
  "a.txt": lines(20, "alpha"),
  "b.txt": "beta one\nbeta two\n",
  "c.txt": "gamma\r\nwithout final newline",
  "d.txt": "delta, deleted by bash\n",
};

const edit = (id: string, path: string, oldText: string, newText: string) => ({
  id,
  name: "edit",
  arguments: { path, edits: [{ oldText, newText }] },
});

const SCRIPT: FakeStep[] = [
  {
    kind: "tool_call",
    matchLastUser: "TURN-ONE",
    calls: [
      edit("call_a", "a.txt", "alpha line 2\n", "alpha line TWO\n"),
      edit("call_a2", "a.txt", "alpha line 18\n", "alpha line EIGHTEEN\n"),
      edit("call_b", "b.txt", "beta two", "beta 2"),
      edit("call_c", "c.txt", "gamma", "GAMMA"),
      { id: "call_d", name: "bash", arguments: { command: "rm d.txt" } },
    ],
  },
  { kind: "text", match: "call_d", chunks: ["Turn one ", "done."] },
  {
    kind: "tool_call",
    matchLastUser: "TURN-TWO",
    calls: [edit("call_b2", "b.txt", "beta one", "beta 1")],
  },
  { kind: "text", match: "call_b2", chunks: ["Turn two ", "done."] },
];

const read = (cwd: string, path: string): string => readFileSync(join(cwd, path), "utf8");
const exists = (cwd: string, path: string): boolean => readdirSync(cwd).includes(path);

/** The session files under `root` (the checkpoint store's own log.jsonl is not one). */
function sessionFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".jsonl") && name !== "log.jsonl") out.push(full);
    }
  };
  walk(root);
  return out;
}

/** The agent is idle: the empty editor's placeholder is the idle one. */
const idle = (tui: TuiProcess): Promise<void> => tui.waitForText(/^› {1,2}message the agent/m);

async function turnOne(tui: TuiProcess, cwd: string): Promise<void> {
  for (const [path, text] of Object.entries(ORIGINAL)) writeFileSync(join(cwd, path), text);
  await submitLine(tui, "TURN-ONE change the files");
  await tui.waitForText("Turn one done.", 20_000);
  await idle(tui);
}

/** Open /rewind, pick the turn whose prompt holds `query`, and take the first mode (files and conversation). */
async function rewindTo(tui: TuiProcess, query: string): Promise<void> {
  await submitLine(tui, "/rewind");
  await tui.waitForText("Rewind to before which turn?");
  await tui.type(query);
  await tui.waitForText(new RegExp(`› .*${query}`));
  tui.write(KEYS.enter);
  await tui.waitForText("Restore the files and the conversation");
  tui.write(KEYS.enter);
}

describe.skipIf(!BUILT)("review and rewind", () => {
  it("/diff lists the four files, a reverted hunk leaves the exact bytes, /rewind restores every file and forks", async () => {
    await withTuiSession(SCRIPT, { cols: 110, rows: 32 }, async ({ tui, sandbox }) => {
      const cwd = sandbox.cwd;
      await turnOne(tui, cwd);

      await submitLine(tui, "/diff");
      await tui.waitForText("Review · turn 1");
      expect(tui.bufferKind()).toBe("alternate");
      const screen = tui.screenText();
      for (const row of [/M a\.txt +\+2 -2/, /M b\.txt +\+1 -1/, /M c\.txt +\+1 -1/, /D d\.txt +\+0 -1/])
        expect(screen).toMatch(row);

      // The cursor starts on a.txt's first hunk (line 2): revert it, keep the second.
      tui.write("r");
      await tui.waitForText("Reverted a.txt lines 1–5.");
      expect(read(cwd, "a.txt")).toBe(ORIGINAL["a.txt"]?.replace("alpha line 18\n", "alpha line EIGHTEEN\n"));
      // Reject the second hunk with a reason: keys typed in one burst ("jx", then the reason).
      tui.write("jx");
      await tui.waitForText("Reason (enter sends, esc cancels):");
      tui.write("spell numbers as digits");
      await tui.waitForText("spell numbers as digits█");
      tui.write(KEYS.enter);
      await tui.waitForText("Reverted a.txt lines 15–20; the reason went to the agent.");
      expect(read(cwd, "a.txt")).toBe(ORIGINAL["a.txt"]);
      await waitUntil(
        () =>
          sandbox.llm.requests.some(
            (r) => r.lastUser === "I reverted your change to a.txt lines 15–20. spell numbers as digits",
          ),
        "the reason sent to the model",
      );
      tui.write("q");
      await tui.waitForText("Review of turn 1 (TURN-ONE change the files): 2 changes reverted.");
      expect(tui.bufferKind()).toBe("normal");
      await idle(tui);

      await submitLine(tui, "TURN-TWO once more");
      await tui.waitForText("Turn two done.", 20_000);
      await idle(tui);
      const [session] = sessionFiles(sandbox.root);
      if (!session) throw new Error("no session file");
      const before = readFileSync(session);

      await rewindTo(tui, "TURN-ONE");
      await tui.waitForText("Rewound to before turn 1:", 20_000);
      for (const [path, text] of Object.entries(ORIGINAL)) expect(read(cwd, path)).toBe(text);
      // The conversation forked: the prompt is back in the editor, the old session file only grew.
      await waitForEditor(tui, "TURN-ONE change the files");
      const after = readFileSync(session);
      expect(after.length).toBeGreaterThanOrEqual(before.length);
      expect(after.subarray(0, before.length).equals(before)).toBe(true);
      expect(sessionFiles(sandbox.root).length).toBe(2);
    });
  }, 90_000);

  it("does not overwrite a file the user edited since, until the user says so", async () => {
    await withTuiSession(SCRIPT, { cols: 110, rows: 32 }, async ({ tui, sandbox }) => {
      const cwd = sandbox.cwd;
      await turnOne(tui, cwd);
      writeFileSync(join(cwd, "c.txt"), "the user's own text\n");

      await rewindTo(tui, "TURN-ONE");
      await tui.waitForText("Overwrite 1 changed file(s)?");
      expect(tui.allText()).toMatch(/c\.txt: /);
      tui.write(KEYS.enter); // the first choice: no
      await tui.waitForText("Rewind stopped: no file was written.");
      expect(read(cwd, "c.txt")).toBe("the user's own text\n");
      expect(read(cwd, "a.txt")).not.toBe(ORIGINAL["a.txt"]);
      expect(exists(cwd, "d.txt")).toBe(false);

      await rewindTo(tui, "TURN-ONE");
      await tui.waitForText("Overwrite 1 changed file(s)?");
      tui.write(KEYS.down);
      tui.write(KEYS.enter);
      await tui.waitForText("Rewound to before turn 1:", 20_000);
      for (const [path, text] of Object.entries(ORIGINAL)) expect(read(cwd, path)).toBe(text);
      await waitUntil(() => sessionFiles(sandbox.root).length === 2, "the forked session file");
    });
  }, 90_000);
});

const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");

describe.skipIf(!BUILT || !existsSync(PI_CLI))("review and rewind on pi 0.73.1 (no checkpoints)", () => {
  it("/diff and /rewind say that files need agent-rpc; the conversation still rewinds", async () => {
    const script: FakeStep[] = [{ kind: "text", matchLastUser: "PI-FIRST", chunks: ["First ", "answer."] }];
    const agent = `${process.execPath} ${PI_CLI} --mode rpc`;
    const options = { args: ["--agent", agent, "--model", "fake-model"], cols: 110, rows: 32, readyTimeoutMs: 30_000 };
    await withTuiSession(script, options, async ({ tui }) => {
      await submitLine(tui, "PI-FIRST question");
      await tui.waitForText("First answer.");
      await idle(tui);
      await submitLine(tui, "/diff");
      await tui.waitForText("Reviewing and rewinding files needs agent-rpc: this worker keeps no checkpoints of them.");
      await submitLine(tui, "/rewind");
      await tui.waitForText("File rewind needs agent-rpc: this worker keeps no checkpoints.");
      await tui.waitForText("Rewind the conversation to before…");
      tui.write(KEYS.enter);
      await tui.waitForText("Rewound the conversation");
      await waitForEditor(tui, "PI-FIRST question");
    });
  }, 60_000);
});

const OMP_TRACES = join(ROOT, "test", "fixtures", "traces", "omp-18.2.3");

describe.skipIf(!BUILT)("review and rewind on oh-my-pi 18.2.3 (recorded; no checkpoints)", () => {
  it("/diff and /rewind say that files need agent-rpc; the rewind offers omp's branch messages", async () => {
    const replay = `${process.execPath} ${join(OMP_TRACES, "replay-worker.mjs")} ${join(OMP_TRACES, "g_session.jsonl")}`;
    const options = { args: ["--agent", replay], cols: 110, rows: 32, readyTimeoutMs: 30_000 };
    await withTuiSession([], options, async ({ tui }) => {
      await idle(tui);
      await submitLine(tui, "/diff");
      await tui.waitForText("Reviewing and rewinding files needs agent-rpc: this worker keeps no checkpoints of them.");
      await submitLine(tui, "/rewind");
      await tui.waitForText("File rewind needs agent-rpc: this worker keeps no checkpoints.");
      // omp names it get_branch_messages: the recorded session's one user message is offered.
      await tui.waitForText("Rewind the conversation to before…");
      await tui.waitForText(/› +Plan the work +turn 1/);
      tui.write(KEYS.esc);
      await tui.waitForNoText("Rewind the conversation to before…");
    });
  }, 40_000);
});
