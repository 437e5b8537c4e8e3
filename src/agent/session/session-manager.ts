// The session store: an append-only tree of entries with a movable leaf, persisted as one
// pi-v3 JSONL file (or only in memory with --no-session). Appends are synchronous and
// durable before they return, so callers may announce an entry right after appending it.
// Repeated reads (the branch, the name) are memoized in read-caches.ts.
import { resolve } from "node:path";
import type { ImageContent, TextContent } from "@mariozechner/pi-ai";
import { buildContextFromPath, buildTree, contextSettings, resolveLabels, userMessageText } from "./context.js";
import { createEntryId } from "./ids.js";
import { copiedBranch, forkPoints, materializes, newSessionHeader } from "./new-sessions.js";
import { sessionFileName } from "./paths.js";
import { BranchCache, NameCache } from "./read-caches.js";
import { loadNotes, readSessionFile, type LoadedSessionFile, type Warn } from "./session-file.js";
import { SessionError } from "./session-errors.js";
import { takeSessionLock, type SessionLock } from "./session-lock.js";
import { SessionFileWriter, type WriterStart } from "./session-writer.js";
import type {
  CompactionEntry,
  LabelEntry,
  ModelRef,
  NewEntry,
  SessionContext,
  SessionEntry,
  SessionHeader,
  SessionMessage,
  SessionTreeNode,
} from "./types.js";

export type SessionManagerInit = {
  cwd: string;
  /** Directory for new session files; undefined when not persisting. */
  sessionDir: string | undefined;
  persist: boolean;
  /** fdatasync after each append (default true). */
  sync?: boolean;
  warn?: Warn;
  /** What a loaded file had skipped or read differently, for the user (default: warn). */
  notice?: (message: string) => void;
};

export { SessionError, SessionInUseError } from "./session-errors.js";

function defaultWarn(message: string): void {
  process.stderr.write(`[agent-rpc] ${message}\n`);
}

export class SessionManager {
  readonly cwd: string;
  readonly sessionDir: string | undefined;
  readonly persist: boolean;
  private readonly sync: boolean;
  private readonly warn: Warn;
  private readonly notice: (message: string) => void;
  private header: SessionHeader;
  private entries: SessionEntry[] = [];
  private byId = new Map<string, SessionEntry>();
  private leafId: string | null = null;
  private file: string | undefined;
  private writer: SessionFileWriter | undefined;
  /** Held while this session's file is ours to write (one writer per file). */
  private lock: SessionLock | undefined;
  private readonly walked = new BranchCache();
  private readonly named = new NameCache();

  constructor(init: SessionManagerInit) {
    this.cwd = init.cwd;
    this.sessionDir = init.sessionDir;
    this.persist = init.persist;
    this.sync = init.sync ?? true;
    this.warn = init.warn ?? defaultWarn;
    this.notice = init.notice ?? this.warn;
    this.header = newSessionHeader(this.cwd, undefined);
    this.startNew(undefined);
  }

  // ---- identity ----

  get sessionId(): string {
    return this.header.id;
  }

  /** Path of the session file (it may not exist yet: files are created lazily). */
  get sessionFile(): string | undefined {
    return this.persist ? this.file : undefined;
  }

  getHeader(): SessionHeader {
    return { ...this.header };
  }

  /** Whether the file has been written to disk yet. */
  isMaterialized(): boolean {
    return this.writer?.onDisk ?? false;
  }

  // ---- appends ----

  appendMessage(message: SessionMessage): SessionEntry {
    // Custom messages (extensions, todo reminders) are custom_message entries, as pi writes them.
    if (message.role === "custom")
      return this.appendCustomMessage(message.customType, message.content, message.display, message.details);
    return this.append({ type: "message", message });
  }

  appendModelChange(provider: string, modelId: string): SessionEntry {
    return this.append({ type: "model_change", provider, modelId });
  }

  appendThinkingLevelChange(thinkingLevel: string): SessionEntry {
    return this.append({ type: "thinking_level_change", thinkingLevel });
  }

  appendCompaction(
    summary: string,
    firstKeptEntryId: string,
    tokensBefore: number,
    details?: unknown,
    fromHook?: boolean,
  ): CompactionEntry {
    const entry: NewEntry<CompactionEntry> = { type: "compaction", summary, firstKeptEntryId, tokensBefore };
    if (details !== undefined) entry.details = details;
    if (fromHook !== undefined) entry.fromHook = fromHook;
    return this.append(entry);
  }

  /** Move the leaf to `fromId`'s parent branch point and record a summary of the branch left. */
  appendBranchSummary(branchFromId: string | null, summary: string, details?: unknown): SessionEntry {
    this.setLeaf(branchFromId);
    const entry: NewEntry = { type: "branch_summary", fromId: branchFromId ?? "root", summary };
    if (details !== undefined) entry.details = details;
    return this.append(entry);
  }

  appendCustom(customType: string, data?: unknown): SessionEntry {
    const entry: NewEntry = { type: "custom", customType };
    if (data !== undefined) entry.data = data;
    return this.append(entry);
  }

  appendCustomMessage(
    customType: string,
    content: string | (TextContent | ImageContent)[],
    display: boolean,
    details?: unknown,
  ): SessionEntry {
    const entry: NewEntry = { type: "custom_message", customType, content, display };
    if (details !== undefined) entry.details = details;
    return this.append(entry);
  }

  appendLabel(targetId: string, label: string | undefined): LabelEntry {
    if (!this.byId.has(targetId)) throw new SessionError(`Entry ${targetId} not found`);
    const entry: NewEntry<LabelEntry> = { type: "label", targetId };
    if (label) entry.label = label;
    return this.append(entry);
  }

  getName(): string | undefined {
    return this.named.nameIn(this.entries);
  }

  /** Trims the name; a blank name is rejected with pi's message. */
  setName(name: string): SessionEntry {
    const trimmed = name.trim();
    if (!trimmed) throw new SessionError("Session name cannot be empty");
    return this.append({ type: "session_info", name: trimmed });
  }

  /** Generic append: the entry becomes a child of the leaf and the new leaf. */
  append<E extends SessionEntry>(fields: NewEntry<E>): E {
    // The distributive NewEntry plus the three base fields is exactly one entry variant.
    const entry = {
      ...fields,
      id: createEntryId(this.byId),
      parentId: this.leafId,
      timestamp: new Date().toISOString(),
    } as unknown as E; // exactly E, which TypeScript cannot see through the spread
    this.persistEntry(entry);
    this.entries.push(entry);
    this.byId.set(entry.id, entry);
    this.leafId = entry.id;
    return entry;
  }

  // ---- reading ----

  getEntries(): readonly SessionEntry[] {
    return this.entries;
  }

  getEntry(id: string): SessionEntry | undefined {
    return this.byId.get(id);
  }

  /** Entries appended strictly after `id`, or undefined when `id` is not in this session. */
  getEntriesSince(id: string): SessionEntry[] | undefined {
    const index = this.entries.findIndex((entry) => entry.id === id);
    return index < 0 ? undefined : this.entries.slice(index + 1);
  }

  getLeafId(): string | null {
    return this.leafId;
  }

  /** Move the leaf (in-place branching); the next append starts a new branch there. */
  setLeaf(id: string | null): void {
    if (id !== null && !this.byId.has(id)) throw new SessionError(`Entry ${id} not found`);
    this.leafId = id;
  }

  /** Entries from the root to `leafId` (default: the current leaf). */
  getBranch(leafId: string | null = this.leafId): SessionEntry[] {
    return this.walked.branch(this.byId, leafId);
  }

  buildContext(): SessionContext {
    return buildContextFromPath(this.getBranch());
  }

  buildContextMessages(): SessionMessage[] {
    return this.buildContext().messages;
  }

  /** The model and thinking level recorded on the current branch, without building its messages. */
  getContextSettings(): Pick<SessionContext, "model" | "thinkingLevel"> {
    const { model, thinkingLevel } = contextSettings(this.getBranch());
    return { model, thinkingLevel };
  }

  getLastModel(): ModelRef | undefined {
    return this.getContextSettings().model;
  }

  getLastThinkingLevel(): string | undefined {
    return this.getContextSettings().thinkingLevel;
  }

  getTree(): SessionTreeNode[] {
    return buildTree(this.entries);
  }

  getLabel(id: string): string | undefined {
    return resolveLabels(this.entries).get(id)?.label;
  }

  /** User messages with text, every branch, append order (pi 0.73.1 behaviour). */
  getForkMessages(): { entryId: string; text: string }[] {
    return forkPoints(this.entries);
  }

  // ---- replacing the session ----

  /** Start an empty session (new file name in the session dir). */
  newSession(options: { parentSession?: string } = {}): void {
    this.startNew(options.parentSession);
  }

  /**
   * Throws SessionError when `path` cannot become the current session (missing, not a
   * session, unreadable, or held by another worker); changes nothing. For checks made before
   * leaving the current session (switch_session).
   */
  probe(path: string): void {
    const absolute = resolve(path);
    const read = readSessionFile(absolute);
    if (!read.ok) throw new SessionError(read.message);
    if (this.persist && absolute !== this.file) takeSessionLock(absolute).release();
  }

  /**
   * Make `path` the current session. An existing file is loaded (leaf = last entry) and
   * appended to; what it had skipped is reported through `notice`. A missing one becomes a
   * new empty session at that path (unless `mustExist`); an empty one is taken over. Anything
   * else (a directory, a user's file, an unreadable or locked one) throws SessionError and
   * leaves the current session as it was; the file itself is never changed.
   */
  openFile(path: string, options: { mustExist?: boolean } = {}): void {
    const absolute = resolve(path);
    const read = readSessionFile(absolute);
    if (!read.ok && (options.mustExist || (read.kind !== "missing" && read.kind !== "empty")))
      throw new SessionError(read.message);
    const lock = this.persist && absolute !== this.file ? takeSessionLock(absolute) : undefined;
    if (!read.ok) {
      this.startNew(undefined);
      this.file = absolute;
      this.adoptLock(lock);
      if (!this.persist) return;
      if (read.kind === "empty") {
        this.notice(`Session ${absolute} was empty; a new session starts in it`);
        this.writer = new SessionFileWriter(absolute, this.sync, { kind: "empty" });
        this.materialize();
      } else {
        this.writer = new SessionFileWriter(absolute, this.sync, { kind: "new" });
      }
      return;
    }
    this.load(absolute, read.file, lock);
  }

  private load(absolute: string, loaded: LoadedSessionFile, lock: SessionLock | undefined): void {
    this.closeWriter();
    this.header = loaded.header;
    this.entries = loaded.entries;
    this.byId = loaded.byId;
    this.leafId = loaded.entries.at(-1)?.id ?? null;
    this.file = absolute;
    this.adoptLock(lock);
    const notes = loadNotes(absolute, loaded);
    if (notes.length > 0) this.notice(`Session ${absolute}: ${notes.join("; ")}`);
    if (!this.persist) return;
    const start: WriterStart =
      loaded.migratedFrom !== undefined
        ? { kind: "migrate", fromVersion: loaded.migratedFrom }
        : { kind: "existing", needsNewline: loaded.needsNewline };
    this.writer = new SessionFileWriter(absolute, this.sync, start);
  }

  /** Release the previous file's lock and hold `lock` (undefined: none until materialized). */
  private adoptLock(lock: SessionLock | undefined): void {
    if (lock === this.lock) return;
    this.lock?.release();
    this.lock = lock;
  }

  /**
   * Fork before a user message: the new session holds root → parent of `entryId`.
   * Returns the message text for re-editing.
   */
  fork(entryId: string): { text: string } {
    const entry = this.byId.get(entryId);
    if (entry?.type !== "message" || entry.message.role !== "user") {
      throw new SessionError("Invalid entry ID for forking");
    }
    const text = userMessageText(entry.message);
    if (entry.parentId === null) this.startNew(this.file);
    else this.copyBranchToNewSession(entry.parentId);
    return { text };
  }

  /** Duplicate root → leaf into a new session and switch to it. */
  clone(): void {
    if (this.leafId === null) throw new SessionError("Cannot clone session: no current entry selected");
    this.copyBranchToNewSession(this.leafId);
  }

  close(): void {
    this.closeWriter();
    this.adoptLock(undefined);
  }

  // ---- internals ----

  private startNew(parentSession: string | undefined): void {
    this.closeWriter();
    this.adoptLock(undefined);
    this.header = newSessionHeader(this.cwd, this.persist ? parentSession : undefined);
    this.entries = [];
    this.byId = new Map();
    this.leafId = null;
    this.file = this.sessionDir
      ? resolve(this.sessionDir, sessionFileName(this.header.timestamp, this.header.id))
      : undefined;
    this.writer = this.persist && this.file ? new SessionFileWriter(this.file, this.sync, { kind: "new" }) : undefined;
  }

  private copyBranchToNewSession(leafId: string): void {
    const path = this.getBranch(leafId).filter((entry) => entry.type !== "label");
    if (path.length === 0) throw new SessionError(`Entry ${leafId} not found`);
    const all = this.entries;
    this.startNew(this.file);
    const copy = copiedBranch(all, path);
    this.entries = copy.entries;
    this.byId = copy.byId;
    this.leafId = copy.leafId;
    if (this.entries.some(materializes)) this.materialize();
  }

  private persistEntry(entry: SessionEntry): void {
    if (!this.writer) return;
    if (!this.writer.needsWholeSession) {
      this.writer.append([entry]);
      return;
    }
    if (!materializes(entry) && !this.entries.some(materializes)) return;
    this.materialize([entry]);
  }

  /** Write header + all entries (+ `extra`): a new, empty or migrated file's first write. */
  private materialize(extra: SessionEntry[] = []): void {
    if (!this.writer || !this.file) return;
    if (!this.lock) this.lock = takeSessionLock(this.file);
    this.writer.writeWhole([this.header, ...this.entries, ...extra]);
  }

  private closeWriter(): void {
    this.writer?.close();
    this.writer = undefined;
  }
}
