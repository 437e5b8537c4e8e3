// The session file a restart reopens (docs/protocol.md §11.4): what bring-up read, kept current
// across /new, /resume, /fork and omp's handoff compactions, so a restart reopens the session
// now open instead of the first one.
import type { NoticeSink } from "./notice-batcher.js";
import { readSessionFile, type RequestFn } from "./startup.js";

export class SessionFile {
  private path: string | undefined;

  /** `request`: the current generation's, for the get_state that names the file. */
  constructor(
    private readonly request: RequestFn,
    private readonly notices: NoticeSink,
  ) {}

  /** Undefined before the first get_state, and for an unsaved session. */
  get file(): string | undefined {
    return this.path;
  }

  set(file: string): void {
    this.path = file;
  }

  /** Read it again after a session change; a failed read is a warning and keeps what was known. */
  async refresh(): Promise<void> {
    const warn = (message: string): void => this.notices.emit({ kind: "notification", level: "warning", message });
    const read = await readSessionFile(this.request, warn);
    if (read) this.path = read.file;
  }
}
