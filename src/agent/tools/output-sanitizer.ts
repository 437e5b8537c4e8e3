// Streaming sanitiser for command output: bytes -> UTF-8 text (invalid sequences become
// U+FFFD, sequences split across chunks are joined), ANSI escapes and control characters
// removed, because the text goes to a model, to JSON frames and to a terminal UI. Which text is
// a sequence is src/protocol/terminal-sequences.ts's to say.
import { ESC, isUnfinishedSequence, stripSequences } from "../../protocol/terminal-sequences.js";

/** C0 controls except tab and newline, DEL, C1 CSI leftovers and the interlinear annotation characters. */
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f\ufff9-\ufffb]/g;

/** Removes escapes and control characters from already-decoded text (no state). */
export function sanitizeText(text: string): string {
  return stripSequences(text).replace(CONTROL_CHARS, "");
}

/** Longest partial sequence we hold back; anything longer is not a real escape sequence. */
const MAX_HELD = 256;

export class StreamSanitizer {
  private readonly decoder = new TextDecoder("utf-8", { fatal: false });
  private held = "";

  /** Decodes a chunk; text that may be the start of an escape sequence is held for the next chunk. */
  push(chunk: Uint8Array): string {
    return this.process(this.held + this.decoder.decode(chunk, { stream: true }), false);
  }

  /** Flushes the decoder and anything held back. */
  end(): string {
    return this.process(this.held + this.decoder.decode(), true);
  }

  private process(text: string, final: boolean): string {
    this.held = "";
    if (!final) {
      const escAt = text.lastIndexOf(ESC);
      if (escAt !== -1 && text.length - escAt <= MAX_HELD && isUnfinishedSequence(text.slice(escAt))) {
        this.held = text.slice(escAt);
        text = text.slice(0, escAt);
      }
    }
    return sanitizeText(text);
  }
}
