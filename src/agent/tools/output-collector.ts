// Bounded accumulator for streamed command output: keeps a rolling tail for display,
// counts every line and byte, and once the output outgrows the limits spills the full
// text to a temp file so nothing is lost (the path is reported as fullOutputPath).

import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncateTail, type TruncationResult } from "./truncate.js";

export interface OutputSnapshot {
  /** The tail that fits the limits. */
  content: string;
  truncation: TruncationResult;
  /** Set once the output exceeded the limits: the file holding all of it. */
  fullOutputPath: string | undefined;
}

export interface OutputCollectorOptions {
  maxLines?: number;
  maxBytes?: number;
  tempDir?: string;
  tempFilePrefix?: string;
}

export class OutputCollector {
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly tempDir: string;
  private readonly prefix: string;
  /** Everything so far while under the limits (bounded by them), afterwards only a rolling tail. */
  private tail = "";
  /** False when trimming cut the tail inside a line; that first partial line is then not shown. */
  private tailAtLineStart = true;
  private totalBytes = 0;
  private newlines = 0;
  private file: WriteStream | undefined;
  private filePath: string | undefined;
  private fileError: Error | undefined;

  constructor(options: OutputCollectorOptions = {}) {
    this.maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.tempDir = options.tempDir ?? tmpdir();
    this.prefix = options.tempFilePrefix ?? "agent-bash";
  }

  append(text: string): void {
    if (text.length === 0) return;
    this.totalBytes += Buffer.byteLength(text, "utf8");
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.newlines++;
    if (this.file !== undefined) {
      this.file.write(text);
    } else if (this.exceedsLimits()) {
      // First crossing: the tail still holds everything, so the file starts complete.
      this.openFile(this.tail + text);
    }
    this.tail += text;
    // Trim lazily (at 4x) to keep appends cheap; 2x maxBytes always covers a full tail view.
    const keep = this.maxBytes * 2;
    if (this.tail.length > keep * 2) {
      const cut = this.tail.length - keep;
      this.tailAtLineStart = this.tail[cut - 1] === "\n";
      this.tail = this.tail.slice(cut);
    }
  }

  /** Line count as pi reports it: one more than the number of newlines. */
  get lineCount(): number {
    return this.newlines + 1;
  }

  get byteCount(): number {
    return this.totalBytes;
  }

  snapshot(): OutputSnapshot {
    let view = this.tail;
    if (!this.tailAtLineStart) {
      const nl = view.indexOf("\n");
      if (nl !== -1) view = view.slice(nl + 1);
    }
    const local = truncateTail(view, { maxLines: this.maxLines, maxBytes: this.maxBytes });
    const truncated = this.exceedsLimits();
    const truncation: TruncationResult = {
      ...local,
      truncated,
      truncatedBy: truncated ? (local.truncatedBy ?? (this.totalBytes > this.maxBytes ? "bytes" : "lines")) : null,
      totalLines: this.lineCount,
      totalBytes: this.totalBytes,
    };
    return { content: local.content, truncation, fullOutputPath: this.filePath };
  }

  /** Closes the temp file (if any) once everything is written. */
  async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    if (file === undefined) return;
    await new Promise<void>((resolve) => {
      file.end(() => resolve());
    });
    if (this.fileError !== undefined) {
      // The output itself is still returned; only the full copy is missing.
      process.stderr.write(
        `agent-rpc: could not save full bash output to ${this.filePath}: ${this.fileError.message}\n`,
      );
    }
  }

  private exceedsLimits(): boolean {
    return this.totalBytes > this.maxBytes || this.lineCount > this.maxLines;
  }

  private openFile(initial: string): void {
    this.filePath = join(this.tempDir, `${this.prefix}-${randomBytes(8).toString("hex")}.log`);
    // 0600 and exclusive: full command output can be as private as the conversation.
    const file = createWriteStream(this.filePath, { flags: "wx", mode: 0o600 });
    file.on("error", (error) => {
      this.fileError = error;
    });
    file.write(initial);
    this.file = file;
  }
}
