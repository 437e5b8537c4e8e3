// One session file as the session pickers list it; its own module so that the reader of the
// files (session-list.ts) and the threading of forks (session-threads.ts) share it one way.
export type SessionSummary = {
  path: string;
  id: string;
  name: string | undefined;
  firstMessage: string;
  /** Last modification (ms since epoch). */
  modified: number;
  messageCount: number;
  cwd: string;
  /** A fork or clone (/fork, /tree jumps, /clone): the session file it was made from. */
  parentSession: string | undefined;
  /** For a fork: when it was made (its header's time), the messages it copied, its first prompt of its own. */
  fork: { at: number; copied: number; firstNewPrompt: string | undefined } | undefined;
};
