// The checkpoints of the worker's current session: recorded at the start and the end of every
// user turn (turn-hooks.ts calls in), read and restored by the checkpoint_* commands. One
// operation at a time, in order: a command sent right after a turn ends sees that turn's end.

import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type {
  CheckpointDiff,
  CheckpointRestoreResult,
  CheckpointSummary,
  LeftOut,
} from "../../protocol/types/checkpoints.js";
import { diffStates, summarise } from "./file-changes.js";
import type { LineCounts } from "./line-count.js";
import { applyRestore, planRestore } from "./restore.js";
import { SessionStore, type RecordedCheckpoint } from "./session-store.js";
import type { CheckpointSettings } from "./settings.js";
import { takeSnapshot } from "./snapshot.js";
import { inheritCheckpoints } from "./store-inherit.js";
import { CheckpointError } from "./store-errors.js";
import { normaliseClientPath } from "./path-guard.js";
import type { FileState, Snapshot } from "./tree-state.js";
import { isGitWorkTree } from "./tree-scan.js";

export interface CheckpointServiceOptions {
  cwd: string;
  /** $AGENT_TUI_HOME: stores live in its `checkpoints/<session id>/`. */
  home: string;
  settings: CheckpointSettings;
}

const PROMPT_MAX = 200;

function firstLine(text: string): string {
  const line = text.trimStart().split("\n")[0] ?? "";
  return line.length > PROMPT_MAX ? line.slice(0, PROMPT_MAX) : line;
}

function mergeLeftOut(...lists: LeftOut[][]): LeftOut[] {
  const byPath = new Map<string, LeftOut>();
  for (const list of lists) for (const item of list) byPath.set(item.path, item);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export class CheckpointService {
  private store: SessionStore | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private inGit: Promise<boolean> | undefined;
  /** The tree at the start of a turn whose user message has not arrived yet. */
  private pendingStart: { sessionId: string; snapshot: Snapshot } | undefined;
  private openTurn: { sessionId: string; id: string } | undefined;
  private readonly lineCounts = new Map<string, LineCounts>();
  /** Our own home when it lies inside cwd: never recorded (session files change every turn). */
  private readonly exclude: string | undefined;

  constructor(private readonly options: CheckpointServiceOptions) {
    const rel = relative(options.cwd, options.home);
    this.exclude =
      rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? `${rel.split("\\").join("/")}/` : undefined;
  }

  get enabled(): boolean {
    return this.options.settings.enabled;
  }

  /** Runs `work` after every operation queued before it. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch((error: unknown) => error);
    return run;
  }

  storeFor(sessionId: string): SessionStore {
    const dir = join(this.options.home, "checkpoints", sessionId);
    if (this.store?.dir !== dir) this.store = new SessionStore(dir);
    return this.store;
  }

  private async snapshot(store: SessionStore, saveIndex = true): Promise<Snapshot> {
    this.inGit ??= isGitWorkTree(this.options.cwd);
    return takeSnapshot({
      saveIndex,
      cwd: this.options.cwd,
      inGit: await this.inGit,
      index: store.index,
      blobs: store.blobs,
      maxFileBytes: this.options.settings.maxFileBytes,
      maxFiles: this.options.settings.maxFiles,
      ...(this.exclude !== undefined ? { exclude: this.exclude } : {}),
    });
  }

  /** A store whose log is unreadable or was changed behind us is set aside; a new one begins. */
  private usableStore(sessionId: string): SessionStore {
    const store = this.storeFor(sessionId);
    try {
      store.checkIntact();
      void store.records;
      return store;
    } catch (error) {
      store.moveLogAside(error);
      this.store = undefined;
      return this.storeFor(sessionId);
    }
  }

  // ---- the turn's life (turn-hooks.ts) ------------------------------------------------------

  /** Before the model runs: the tree as the turn finds it (recorded when its message arrives). */
  beforeTurn(sessionId: string): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return this.serial(async () => {
      this.pendingStart = undefined;
      // The prompt waits for this one: the hash cache is saved with the turn's end state instead.
      const snapshot = await this.snapshot(this.usableStore(sessionId), false);
      this.pendingStart = { sessionId, snapshot };
    });
  }

  /** The turn's user message was recorded: the checkpoint is written with its text and entry. */
  turnOpened(prompt: string, entryId: string | undefined): Promise<void> {
    const pending = this.pendingStart;
    if (pending === undefined) return Promise.resolve();
    this.pendingStart = undefined;
    return this.serial(async () => {
      const store = this.usableStore(pending.sessionId);
      const turn = store.checkpoints().length + 1;
      const id = `${turn}-${randomBytes(4).toString("hex")}`;
      const head = { kind: "start" as const, id, turn, timestamp: Date.now(), prompt: firstLine(prompt) };
      store.append(
        { ...head, ...(entryId !== undefined ? { entryId } : {}), leftOut: pending.snapshot.leftOut },
        pending.snapshot.files,
      );
      this.openTurn = { sessionId: pending.sessionId, id };
    });
  }

  /** The turn settled: its end state, so later changes by someone else are told apart. */
  turnEnded(): Promise<void> {
    const open = this.openTurn;
    if (open === undefined) return Promise.resolve();
    this.openTurn = undefined;
    return this.serial(async () => {
      const store = this.storeFor(open.sessionId);
      const snapshot = await this.snapshot(store);
      store.append({ kind: "end", id: open.id, timestamp: Date.now(), leftOut: snapshot.leftOut }, snapshot.files);
    });
  }

  // ---- commands ---------------------------------------------------------------------------

  private find(store: SessionStore, id: string): RecordedCheckpoint {
    const found = store.checkpoints().find((c) => c.record.id === id);
    if (found === undefined) throw new CheckpointError(`Unknown checkpoint: ${id}`);
    return found;
  }

  private openStore(sessionId: string): SessionStore {
    if (!this.enabled) throw new CheckpointError("Checkpoints are turned off (checkpoints.enabled in settings.json)");
    const store = this.storeFor(sessionId);
    store.checkIntact();
    return store;
  }

  list(sessionId: string): Promise<CheckpointSummary[]> {
    if (!this.enabled) return Promise.resolve([]);
    return this.serial(async () => {
      const store = this.openStore(sessionId);
      const checkpoints = store.checkpoints();
      if (checkpoints.length === 0) return [];
      const now = await this.snapshot(store);
      return checkpoints.map((cp, i) => {
        const next = checkpoints[i + 1];
        const to = next !== undefined ? store.stateAfter(next.at + 1) : now.files;
        const counts = summarise(store.blobs, store.stateAfter(cp.at + 1), to, this.lineCounts);
        const { id, turn, timestamp, prompt, entryId, leftOut } = cp.record;
        return { id, turn, ...(entryId !== undefined ? { entryId } : {}), timestamp, prompt, ...counts, leftOut };
      });
    });
  }

  diff(sessionId: string, from: string, to?: string): Promise<CheckpointDiff> {
    return this.serial(async () => {
      const store = this.openStore(sessionId);
      const start = this.find(store, from);
      const end = to !== undefined ? this.find(store, to) : undefined;
      const now = end === undefined ? await this.snapshot(store) : undefined;
      const toFiles = end !== undefined ? store.stateAfter(end.at + 1) : (now?.files ?? new Map<string, FileState>());
      const toLeftOut = end !== undefined ? end.record.leftOut : (now?.leftOut ?? []);
      return {
        files: diffStates(store.blobs, store.stateAfter(start.at + 1), toFiles),
        leftOut: mergeLeftOut(start.record.leftOut, toLeftOut),
      };
    });
  }

  restore(sessionId: string, id: string, paths?: string[], force = false): Promise<CheckpointRestoreResult> {
    return this.serial(async () => {
      const store = this.openStore(sessionId);
      const target = store.stateAfter(this.find(store, id).at + 1);
      const scope = paths?.map((path) => normaliseClientPath(this.options.cwd, path));
      const now = await this.snapshot(store);
      const plan = planRestore(target, now, store.recorded(), scope);
      if (plan.conflicts.length > 0 && !force)
        return { restored: [], deleted: [], conflicts: plan.conflicts, bytesWritten: 0 };
      const outcome = applyRestore(this.options.cwd, plan, now.files, store.blobs);
      const written = new Map<string, FileState | undefined>(plan.writes.map((w) => [w.path, w.state]));
      for (const path of plan.deletes) written.set(path, undefined);
      if (written.size > 0) store.appendSync(written);
      return { ...outcome, conflicts: [] };
    });
  }

  /**
   * A fork or clone: the new session's store starts with the checkpoints of the turns it kept
   * (those whose user message is among `keptEntries`; store-inherit.ts). Returns how many.
   */
  inherit(fromSession: string, toSession: string, keptEntries: ReadonlySet<string>): Promise<number> {
    if (!this.enabled || fromSession === toSession) return Promise.resolve(0);
    return this.serial(async () => {
      const dir = join(this.options.home, "checkpoints", fromSession);
      if (!existsSync(dir)) return 0;
      const parent = this.storeFor(fromSession);
      parent.checkIntact();
      const count = inheritCheckpoints(parent, join(this.options.home, "checkpoints", toSession), (record) =>
        record.entryId !== undefined ? keptEntries.has(record.entryId) : false,
      );
      // The child's store is opened afresh, with the log and hash cache it was just given.
      this.store = undefined;
      return count;
    });
  }

  /** After checkpoint_write changed a file: the worker's own change, not someone else's. */
  noteWrite(sessionId: string, path: string, state: FileState, bytes: Uint8Array): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return this.serial(async () => {
      const store = this.storeFor(sessionId);
      store.blobs.put(state.hash, bytes);
      store.appendSync(new Map([[path, state]]));
    });
  }
}
