// Public surface of the session store: open a session per the CLI options, plus the types
// and helpers the runtime and commands use.
// session/ sits below runtime/ and commands/: of runtime/ it imports only the plug-in types
// (hooks.ts, wire-events.ts); features.ts gets the runtime and the services as parameters.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ensurePrivateDir } from "../../protocol/private-files.js";
import { defaultSessionDir, findMostRecentSession } from "./paths.js";
import { SessionError, SessionInUseError, SessionManager } from "./session-manager.js";
import type { Warn } from "./session-file.js";

export type OpenSessionOptions = {
  cwd: string;
  /** $AGENT_TUI_HOME: sessions go to <agentHome>/sessions/<cwd-slug>/ by default. */
  agentHome: string;
  /** --session-dir */
  sessionDir?: string;
  /** --session <file>: opened if it exists, created there otherwise. */
  sessionFile?: string;
  /** --no-session: keep everything in memory. */
  noSession?: boolean;
  /** --continue: resume the most recent session of the directory (new one if none). */
  continueRecent?: boolean;
  /** --name: set the session name at start. */
  name?: string;
  /** fdatasync after each append (default true). */
  sync?: boolean;
  warn?: Warn;
  /** What was skipped or could not be opened, for the user (default: warn). */
  notice?: (message: string) => void;
};

export function openSessionManager(options: OpenSessionOptions): SessionManager {
  const persist = options.noSession !== true;
  const sessionDir = options.sessionDir
    ? resolve(options.cwd, options.sessionDir)
    : defaultSessionDir(options.agentHome, options.cwd);
  // Directories we own under $AGENT_TUI_HOME that an older version created 0755 become 0700
  // (a --session-dir is the user's: new ones are created 0700, existing ones are left alone).
  if (persist && !options.sessionDir) {
    for (const dir of [dirname(sessionDir), sessionDir]) if (existsSync(dir)) ensurePrivateDir(dir, { tighten: true });
  }
  const manager = new SessionManager({
    cwd: options.cwd,
    sessionDir: persist ? sessionDir : undefined,
    persist,
    ...(options.sync !== undefined ? { sync: options.sync } : {}),
    ...(options.warn ? { warn: options.warn } : {}),
    ...(options.notice ? { notice: options.notice } : {}),
  });
  const notice =
    options.notice ?? options.warn ?? ((message: string) => process.stderr.write(`agent-rpc: ${message}\n`));
  // A file that cannot be a session is left untouched and the worker stays up on a new
  // session; only a session another worker is writing refuses (one writer per file).
  const open = (file: string): void => {
    try {
      manager.openFile(file);
    } catch (error) {
      if (!(error instanceof SessionError) || error instanceof SessionInUseError) throw error;
      notice(`${error.message}; it was left untouched and a new session was started instead`);
    }
  };
  if (persist && options.sessionFile) {
    open(resolve(options.cwd, options.sessionFile));
  } else if (persist && options.continueRecent) {
    const recent = findMostRecentSession(sessionDir, (skipped) =>
      notice(`Not continuing ${skipped}: it is not a readable session file (left untouched)`),
    );
    if (recent) open(recent);
  }
  if (options.name !== undefined && options.name.trim() !== "") manager.setName(options.name);
  return manager;
}

export { SessionManager, SessionError, SessionInUseError } from "./session-manager.js";
export { acquireSessionLock, lockPathFor, SessionLockedError, type SessionLock } from "./session-lock.js";
export { defaultSessionDir, findMostRecentSession, hasSessionHeader, sessionFileName } from "./paths.js";
export { buildContextFromPath, buildTree, userMessageText } from "./context.js";
export { loadSessionFile, readSessionFile } from "./session-file.js";
export type * from "./types.js";
export { CURRENT_SESSION_VERSION } from "./types.js";
export { sessionTotals, awaitingUsageAfterCompaction, type SessionTotals } from "./stats.js";
export { installSessionFeatures, getSessionFeatures, type SessionFeatures } from "./features.js";
export { CompactionController, type CompactionDeps } from "./compaction.js";
export { DEFAULT_COMPACTION_SETTINGS, type CompactionSettings } from "./compaction-plan.js";
export { TodoStore, TodoValidationError, normalizeTodoPhases } from "./todo-state.js";
// todo-tool.ts loads typebox: import it directly (features.ts loads it before the first run).
export { HostToolRegistry, HostToolError, HOST_DISCONNECTED_MESSAGE } from "./host-tools.js";
// export-html.ts is imported on demand (it loads marked): import it directly when needed.
