// Plain mode's abort (/abort, Ctrl+C), as the full TUI's Esc: queued messages must not ride along
// with the next prompt unasked, so they are taken back from the worker first and shown, and
// /resend sends them again; a worker that cannot take them back is said to keep them.
import type { WorkerConnection } from "../../bridge/index.js";
import { sanitizeText } from "../render/sanitize.js";

export type PlainAbortResult = {
  /** The lines saying what became of the queued messages. */
  lines: string[];
  /** The messages taken back (steering first), for /resend. */
  takenBack: string[];
};

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : `${n} ${many}`);

/** Each taken-back message, its lines indented under a "taken back:" label. */
export function takenBackLines(texts: readonly string[]): string[] {
  return texts.flatMap((text) => {
    const [first = "", ...rest] = sanitizeText(text).trimEnd().split("\n");
    return [`taken back: ${first}`, ...rest.map((l) => `  ${l}`)];
  });
}

const errorText = (error: unknown): string => sanitizeText(error instanceof Error ? error.message : String(error));

/**
 * Abort the run; `queued` is how many messages the worker holds. clear_queue's answer is what was
 * really removed (a message delivered a moment ago is not taken back twice). Failures are lines.
 */
export async function abortPlainRun(connection: WorkerConnection, queued: number): Promise<PlainAbortResult> {
  const canTakeBack = connection.getSnapshot().capabilities.commands["clear_queue"] !== false;
  const lines: string[] = [];
  let takenBack: string[] = [];
  if (queued > 0 && canTakeBack) {
    try {
      const removed = await connection.rpc.clearQueue();
      takenBack = [...removed.steering, ...removed.followUp];
    } catch (error) {
      lines.push(`error: could not take the queued messages back: ${errorText(error)}`);
    }
  }
  // Messages already taken back are shown even when the abort fails.
  await connection.rpc.abort().catch((error: unknown) => lines.push(`error: ${errorText(error)}`));
  if (takenBack.length > 0) {
    lines.push(
      `note: ${plural(takenBack.length, "the queued message was", "queued messages were")} not sent:`,
      ...takenBackLines(takenBack),
    );
    lines.push(`/resend sends ${takenBack.length === 1 ? "it" : "them as one message"}`);
  } else if (queued > 0 && !canTakeBack) {
    lines.push(
      `note: ${plural(queued, "the queued message", "queued messages")} will be delivered with your next prompt: ` +
        "this worker cannot take queued messages back",
    );
  }
  return { lines, takenBack };
}
