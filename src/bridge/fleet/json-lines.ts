// The JSON values a fleet child (a host's watcher, a relay, a new worker) prints on stdout, one
// per line. A line that is not JSON is skipped: a transport's banner or motd is not a frame of
// ours, and what counts (a heartbeat, an answer, `live_listening`) arrives as JSON.
import type { Readable } from "node:stream";
import { createJsonlFramer } from "../../protocol/jsonl.js";

const NOT_JSON = Symbol("not JSON");

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return NOT_JSON;
  }
}

/** Calls `onValue` with each JSON value `stream` prints, in order. */
export function readJsonLines(stream: Readable, onValue: (raw: unknown) => void): void {
  const framer = createJsonlFramer({
    onRecord(line) {
      const raw = parseLine(line);
      if (raw !== NOT_JSON) onValue(raw);
    },
  });
  stream.on("data", (chunk: Buffer) => framer.push(chunk));
}
