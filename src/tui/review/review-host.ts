// The review's effects (/diff): opening it on a diff between checkpoints, and what its keys do to
// the working tree through the worker. A hunk is reverted by writing the file's new text with
// checkpoint_write and the hash the review last knew (so a file someone changed since is never
// overwritten); a file that was added, deleted, binary or too large is put back whole with
// checkpoint_restore, whose conflicts are shown and written only after a "y". A rejection
// reverts, then tells the agent why: a steer while it runs, else a new prompt.
import type { CheckpointDiff } from "../../bridge/index.js";
import type { ReviewKeyAction } from "../input/review-bindings.js";
import type { TuiConnection } from "../session/tui-connection.js";
import { revertHunks } from "../state/hunks.js";
import { type ReviewOp, type ReviewState, revertedSet, reviewTally } from "../state/review.js";
import type { Store } from "../state/store.js";
import type { TuiAction } from "../state/actions.js";

export const REVIEW_OVERLAY = "review";

export type ReviewHost = {
  open(title: string, from: string, diff: CheckpointDiff): void;
  /** A named review key (keymap.ts REVIEW_BINDINGS). */
  key(action: ReviewKeyAction): void;
  /** The line where the reason of a rejection is typed: enter rejects, escape gives up. */
  reason(edit: { type: "text"; text: string } | { type: "backspace" | "cancel" | "submit" }): void;
  /** The answer to a conflict: "y" overwrites the file anyway. */
  answer(yes: boolean): void;
};

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function leftOutLines(diff: CheckpointDiff): string[] {
  if (diff.leftOut.length === 0) return [];
  const shown = diff.leftOut.slice(0, 3).map((l) => `${l.path} (${l.reason})`);
  const more = diff.leftOut.length > 3 ? `, and ${diff.leftOut.length - 3} more` : "";
  return [`Not in the checkpoints: ${shown.join(", ")}${more}.`];
}

function hunkLabel(s: ReviewState, file: number, hunk: number): string {
  const f = s.files[file];
  const h = f?.diff?.hunks[hunk];
  if (!f) return "";
  if (!h || (f.decisions.length === 1 && f.status !== "modified")) return f.path;
  const end = h.newStart + Math.max(0, h.newCount - 1);
  return `${f.path} lines ${h.newStart}–${end}`;
}

/** What the effects work with: the store, the worker, the review now, and a step of its reducer. */
type Ctx = {
  store: Store;
  connection: TuiConnection;
  review: () => ReviewState | undefined;
  op: (o: ReviewOp) => void;
};

/** Put file `i` back as it was at the diff's start; true when it was. */
async function restoreFile({ connection, review, op }: Ctx, i: number, force: boolean): Promise<boolean> {
  const s = review();
  const f = s?.files[i];
  if (!s || !f) return false;
  op({ op: "pending" });
  try {
    if (f.status === "modified" && f.diff && f.hash !== undefined) {
      await connection.rpc.checkpointWrite(f.path, f.diff.before.join(""), f.hash);
    } else {
      const r = await connection.rpc.checkpointRestore(s.from, { paths: [f.path], force });
      const conflict = r.conflicts[0];
      if (conflict) {
        op({
          op: "confirm",
          file: i,
          text: `${conflict.path} changed since the agent left it (${conflict.reason}).`,
        });
        return false;
      }
    }
    op({ op: "file_restored", file: i });
    op({ op: "message", text: `Reverted ${f.path}.` });
    return true;
  } catch (error) {
    op({ op: "failed", text: `Not reverted: ${errorText(error)}` });
    return false;
  }
}

/** Revert the current hunk (a file without hunks of its own is reverted whole); true when it was. */
async function revertCurrent(ctx: Ctx): Promise<boolean> {
  const { connection, review, op } = ctx;
  const s = review();
  const f = s?.files[s.file];
  if (!s || !f || s.pending) return false;
  if (f.restored || f.decisions[s.hunk] === "reverted") {
    op({ op: "message", text: "Already reverted." });
    return false;
  }
  if (!(f.status === "modified" && f.diff && f.hash !== undefined)) return restoreFile(ctx, s.file, false);
  const file = s.file;
  const hunk = s.hunk;
  op({ op: "pending" });
  try {
    const r = await connection.rpc.checkpointWrite(f.path, revertHunks(f.diff, revertedSet(f, hunk)), f.hash);
    op({ op: "hunk_reverted", file, hunk, hash: r.hash });
    op({ op: "message", text: `Reverted ${hunkLabel(s, file, hunk)}.` });
    return true;
  } catch (error) {
    op({ op: "failed", text: `Not reverted: ${errorText(error)}` });
    return false;
  }
}

/** Revert the current hunk, then tell the agent why. */
async function reject(ctx: Ctx, reason: string): Promise<void> {
  const { store, connection, review, op } = ctx;
  const s = review();
  if (!s) return;
  const what = hunkLabel(s, s.file, s.hunk);
  if (!(await revertCurrent(ctx))) return;
  const text = `I reverted your change to ${what}. ${reason}`.trim();
  const busy = store.getState().run.busy;
  try {
    // prompt with streamingBehavior is race-free: a run that just ended starts a new one.
    await connection.rpc.prompt(text, busy ? { streamingBehavior: "steer" } : {});
    op({ op: "message", text: `Reverted ${what}; the reason went to the agent${busy ? " as a steer" : ""}.` });
  } catch (error) {
    op({ op: "failed", text: `Reverted ${what}, but the reason was not sent: ${errorText(error)}` });
  }
}

/** Close the review with a line in the transcript saying what was decided. */
function close({ store, review }: Ctx): void {
  const s = review();
  if (!s) return;
  const t = reviewTally(s);
  const parts = [
    t.reverted > 0 ? `${t.reverted} change${t.reverted === 1 ? "" : "s"} reverted` : "",
    t.restored > 0 ? `${t.restored} file${t.restored === 1 ? "" : "s"} reverted whole` : "",
    t.kept > 0 ? `${t.kept} kept` : "",
  ].filter((p) => p !== "");
  const actions: TuiAction[] = [{ type: "review_close" }];
  if (store.getState().ui.overlay === REVIEW_OVERLAY) actions.push({ type: "overlay", name: undefined });
  if (parts.length > 0)
    actions.push({ type: "notice", level: "info", text: `Review of ${s.title}: ${parts.join(", ")}.` });
  store.dispatchAll(actions);
}

export function createReviewHost(store: Store, connection: TuiConnection): ReviewHost {
  const review = (): ReviewState | undefined => store.getState().review;
  const op = (o: ReviewOp): void => store.dispatch({ type: "review", op: o });
  const ctx: Ctx = { store, connection, review, op };
  return {
    open(title, from, diff) {
      store.dispatchAll([
        { type: "review_open", title, from, files: diff.files, leftOut: leftOutLines(diff) },
        { type: "overlay", name: REVIEW_OVERLAY },
      ]);
    },
    key(action) {
      const s = review();
      if (!s) return;
      const page = Math.max(1, Math.floor(store.getState().ui.rows / 2));
      const actions: Record<ReviewKeyAction, () => void> = {
        close: () => close(ctx),
        next_hunk: () => op({ op: "move_hunk", dir: 1 }),
        prev_hunk: () => op({ op: "move_hunk", dir: -1 }),
        next_file: () => op({ op: "move_file", dir: 1 }),
        prev_file: () => op({ op: "move_file", dir: -1 }),
        page_down: () => op({ op: "scroll", rows: page }),
        page_up: () => op({ op: "scroll", rows: -page }),
        keep: () => op({ op: "keep" }),
        revert_hunk: () => void revertCurrent(ctx),
        revert_file: () => void (s.pending ? undefined : restoreFile(ctx, s.file, false)),
        reject: () => op({ op: "reason_start" }),
      };
      actions[action]();
    },
    reason(edit) {
      if (edit.type === "text") return op({ op: "reason_type", text: edit.text });
      if (edit.type === "backspace") return op({ op: "reason_backspace" });
      const typed = review()?.reason;
      op({ op: "reason_cancel" });
      if (edit.type === "submit" && typed !== undefined) void reject(ctx, typed.trim());
    },
    answer(yes) {
      const c = review()?.confirm;
      if (!c) return;
      if (yes) void restoreFile(ctx, c.file, true);
      else op({ op: "confirm_cancel" });
    },
  };
}
