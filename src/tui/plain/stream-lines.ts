// The streamed text of one assistant message as whole lines, written as they complete (pure
// state plus a method per step): the first line is labelled "agent:", the rest follow as they
// came; the last partial line is written when the message ends. The lines are the plain rows of
// the answer and thinking blocks (blocks/), sanitised there.
import type { ClientMessage, MessageDelta } from "../../bridge/index.js";
import { blockRows, PLAIN_ROWS } from "../blocks/index.js";

function textOf(message: ClientMessage): string {
  return message.blocks.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

export class StreamLines {
  /** Everything received of the message's text so far. */
  private text = "";
  /** How much of `text` has been written (always up to a line break). */
  private written = 0;
  private labelled = false;
  private thinkingSaid = false;

  /** A new assistant message begins. */
  start(): void {
    this.text = "";
    this.written = 0;
    this.labelled = false;
    this.thinkingSaid = false;
  }

  /** One streaming step; returns the lines it completed. */
  update(delta: MessageDelta, snapshot: ClientMessage | undefined): string[] {
    switch (delta.kind) {
      case "text_delta":
        this.text += delta.delta;
        break;
      case "block_start":
        if (delta.block.type === "text" && this.text !== "") this.text += "\n";
        break;
      case "thinking_delta":
        if (this.thinkingSaid) return [];
        this.thinkingSaid = true;
        return blockRows({ kind: "thinking", text: delta.delta, continues: false }, PLAIN_ROWS);
      case "snapshot_only": {
        const full = snapshot ? textOf(snapshot) : this.text;
        if (full.startsWith(this.text)) this.text = full;
        break;
      }
      default:
        break;
    }
    const end = this.text.lastIndexOf("\n");
    if (end < this.written) return [];
    const lines = this.text.slice(this.written, end).split("\n");
    this.written = end + 1;
    return this.label(lines);
  }

  /** The message ended: the rest of its text (from the final message when it says more). */
  end(message: ClientMessage): string[] {
    const full = textOf(message);
    if (full.startsWith(this.text.slice(0, this.written))) this.text = full;
    const rest = this.text.slice(this.written);
    this.written = this.text.length;
    return rest.trim() === "" ? [] : this.label(rest.replace(/\n+$/, "").split("\n"));
  }

  private label(lines: string[]): string[] {
    const safe = blockRows({ kind: "markdown", text: lines.join("\n"), continues: this.labelled }, PLAIN_ROWS);
    if (!this.labelled && safe.length > 0) {
      this.labelled = true;
      safe[0] = `agent: ${safe[0]}`;
    }
    return safe;
  }
}
