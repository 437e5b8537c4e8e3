// The worker's recent outgoing events, numbered: a client that lost its link says how many it
// received and gets exactly the rest again (nothing twice, nothing lost). Bounded by frame
// count and bytes; a cursor older than what is kept cannot be resumed (the client rehydrates).

export interface ReplayLog {
  /** Record the next event line; returns its sequence number (1, 2, …). */
  push(line: string): number;
  /** Sequence number of the last event recorded (0 before the first). */
  readonly last: number;
  /** The lines after `seq` up to now, or undefined when some of them are no longer kept. */
  since(seq: number): string[] | undefined;
}

export function createReplayLog(maxFrames = 50_000, maxBytes = 32 * 1024 * 1024): ReplayLog {
  let lines: string[] = [];
  let first = 1; // sequence number of lines[0]
  let last = 0;
  let bytes = 0;
  return {
    push(line) {
      lines.push(line);
      bytes += line.length;
      last += 1;
      if (lines.length > maxFrames || bytes > maxBytes) {
        // Trim to 90% at once so that the copy below happens once per many pushes.
        const keepFrames = Math.floor(maxFrames * 0.9);
        const keepBytes = Math.floor(maxBytes * 0.9);
        let drop = 0;
        while (drop < lines.length - 1 && (lines.length - drop > keepFrames || bytes > keepBytes)) {
          bytes -= (lines[drop] as string).length;
          drop += 1;
        }
        lines = lines.slice(drop);
        first += drop;
      }
      return last;
    },
    get last() {
      return last;
    },
    since(seq) {
      if (!Number.isInteger(seq) || seq < first - 1 || seq > last) return undefined;
      return lines.slice(seq - first + 1);
    },
  };
}
