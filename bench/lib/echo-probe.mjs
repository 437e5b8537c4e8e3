// Preloaded into a TUI under test (node --import "<this file's URL>?log=<file>"): appends when
// the process reads each chunk of its stdin and when it writes each chunk to its stdout, as
// epoch milliseconds, so bench/typing-latency.mjs can split a key's echo delay in two: the time
// before the TUI read the key (it was running something else, or waiting for a CPU) and the
// time from that read to the next write (its own echo work). Timestamps are taken from
// performance.timeOrigin + performance.now() in both processes. Bench-only; never shipped.
import { appendFileSync } from "node:fs";

const log = new URL(import.meta.url).searchParams.get("log");
if (log) {
  const now = () => (performance.timeOrigin + performance.now()).toFixed(2);
  // Appended at once (a few hundred lines a second at most): the bench ends the TUI with SIGKILL.
  const note = (line) => appendFileSync(log, `${line}\n`);
  // Readable.read() emits "data" too, so this sees reads in flowing and paused mode alike.
  const emit = process.stdin.emit.bind(process.stdin);
  process.stdin.emit = (event, ...args) => {
    if (event === "data") note(`read ${now()} ${JSON.stringify(String(args[0]))}`);
    return emit(event, ...args);
  };
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...args) => {
    note(`write ${now()} ${chunk.length}`);
    return write(chunk, ...args);
  };
}
