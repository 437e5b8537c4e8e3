// Streaming sanitiser for command output: bytes -> UTF-8 text (invalid sequences become
// U+FFFD, sequences split across chunks are joined), ANSI escapes and control characters
// removed, because the text goes to a model, to JSON frames and to a terminal UI.

/** Complete escape sequences: CSI, OSC (BEL or ST terminated), DCS/SOS/PM/APC, charset and two-byte ESC forms. */
const ANSI_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[PX^_][^\u001b]*\u001b\\|\u001b[()*+][ -~]|\u001b[ -/]*[0-~]|\u009b[0-?]*[ -/]*[@-~]/g;

/** An escape sequence that has started but whose end has not arrived yet. */
const INCOMPLETE_TAIL = /(?:\u001b(?:\[[0-?]*[ -/]*|\][^\u0007\u001b]*\u001b?|[PX^_][^\u001b]*\u001b?|[()*+]|[ -/]*)?)$/;

/** C0 controls except tab and newline, DEL, C1 CSI leftovers and the interlinear annotation characters. */
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f\ufff9-\ufffb]/g;

/** Removes escapes and control characters from already-decoded text (no state). */
export function sanitizeText(text: string): string {
  return text.replace(ANSI_SEQUENCE, "").replace(CONTROL_CHARS, "");
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
      const escAt = text.lastIndexOf("\u001b");
      if (escAt !== -1 && text.length - escAt <= MAX_HELD) {
        const rest = text.slice(escAt);
        const match = INCOMPLETE_TAIL.exec(rest);
        if (match !== null && match.index === 0 && match[0].length === rest.length) {
          this.held = rest;
          text = text.slice(0, escAt);
        }
      }
    }
    return sanitizeText(text);
  }
}
