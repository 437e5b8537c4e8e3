// One session's checkpoint store on disk: `<home>/checkpoints/<session id>/` (0700) with the
// blobs, the log and the hash cache (files 0600). It keeps the log's records in memory and
// replays them into tree states on demand; appends go through the size check of
// checkpoint-log.ts, so a log changed or deleted behind the worker's back is noticed.

import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDir } from "../../protocol/private-files.js";
import type { LeftOut } from "../../protocol/types/checkpoints.js";
import { BlobStore } from "./blob-store.js";
import {
  appendRecord,
  applyChanges,
  changesBetween,
  type EndRecord,
  type LoadedLog,
  type LogRecord,
  readLog,
  type StartRecord,
  type SyncRecord,
} from "./checkpoint-log.js";
import { StatIndex } from "./stat-index.js";
import { CheckpointError, messageOf } from "./store-errors.js";
import type { FileState, TreeState } from "./tree-state.js";

type RecordHead = Omit<StartRecord, "changes"> | Omit<EndRecord, "changes"> | Omit<SyncRecord, "changes">;

export interface RecordedCheckpoint {
  record: StartRecord;
  /** Index of its start record in the log. */
  at: number;
  /** Index of the record that ended its turn, if any. */
  endAt?: number;
}

export class SessionStore {
  readonly blobs: BlobStore;
  readonly index: StatIndex;
  private readonly logFile: string;
  private log: LoadedLog | undefined;
  /** The state after the last record, kept so an append does not replay the whole log. */
  private latest: Map<string, FileState> | undefined;

  constructor(readonly dir: string) {
    ensurePrivateDir(join(dir, ".."), { tighten: true });
    ensurePrivateDir(dir, { tighten: true });
    this.blobs = new BlobStore(join(dir, "blobs"));
    this.index = new StatIndex(join(dir, "hash-cache.json"));
    this.logFile = join(dir, "log.jsonl");
  }

  /** The log as read (once); a damaged log throws a CheckpointError every time it is asked for. */
  private loaded(): LoadedLog {
    this.log ??= readLog(this.logFile);
    return this.log;
  }

  get records(): readonly LogRecord[] {
    return this.loaded().records;
  }

  /** The store's folder or log went away while the worker ran: its checkpoints are gone too. */
  checkIntact(): void {
    if (this.log !== undefined && this.log.bytes > 0 && !existsSync(this.logFile))
      throw new CheckpointError(`The checkpoint store ${this.dir} was deleted; this session's checkpoints are gone`);
  }

  checkpoints(): RecordedCheckpoint[] {
    const result: RecordedCheckpoint[] = [];
    for (const [at, record] of this.records.entries()) {
      if (record.kind === "start") result.push({ record, at });
      else if (record.kind === "end") {
        const open = result.find((c) => c.record.id === record.id);
        if (open !== undefined) open.endAt = at;
      }
    }
    return result;
  }

  /** The state after the first `count` records. */
  stateAfter(count: number): Map<string, FileState> {
    const state = new Map<string, FileState>();
    for (const record of this.records.slice(0, count)) applyChanges(state, record.changes);
    return state;
  }

  /** What the worker last recorded (the end of every record); a copy the caller may change. */
  recorded(): Map<string, FileState> {
    this.latest ??= this.stateAfter(this.records.length);
    return new Map(this.latest);
  }

  leftOutAt(index: number): LeftOut[] {
    const record = this.records[index];
    return record !== undefined && record.kind !== "sync" ? record.leftOut : [];
  }

  /** Appends a record holding the change from the last recorded state to `files`. */
  append(head: RecordHead, files: TreeState): void {
    const log = this.loaded();
    this.latest ??= this.stateAfter(this.records.length);
    const full: LogRecord = { ...head, changes: changesBetween(this.latest, files) };
    const bytes = appendRecord(this.logFile, log, full);
    log.records.push(full);
    this.log = { records: log.records, bytes, torn: false };
    applyChanges(this.latest, full.changes);
  }

  /** Appends a sync record for paths the worker itself just wrote or deleted. */
  appendSync(changes: Map<string, FileState | undefined>): void {
    const next = this.recorded();
    for (const [path, state] of changes) {
      if (state === undefined) next.delete(path);
      else next.set(path, state);
    }
    this.append({ kind: "sync", timestamp: Date.now() }, next);
  }

  /**
   * A log that cannot be read or appended to is moved aside (kept for a person to look at), so
   * a new store in the same folder begins with a new log; says so on stderr.
   */
  moveLogAside(reason: unknown): void {
    const aside = `${this.logFile}.damaged-${Date.now()}`;
    try {
      if (existsSync(this.logFile)) renameSync(this.logFile, aside);
    } catch (error) {
      throw new CheckpointError(`Cannot move the damaged checkpoint log aside: ${messageOf(error)}`);
    }
    process.stderr.write(
      `agent-rpc: checkpoints: ${messageOf(reason)}; earlier checkpoints of this session are no longer offered` +
        `${existsSync(aside) ? ` (the old log is ${aside})` : ""}\n`,
    );
  }
}
