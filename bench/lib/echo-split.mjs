// Splits each key's echo delay in two from what bench/lib/echo-probe.mjs logged in the TUI:
// the time before the TUI read the key (it was running something else, or waiting for a CPU)
// and the time from that read to its next write to the terminal (its own echo work).

/** Per key sent at `at` (epoch ms) as `char`: ms until the TUI read it, and from that read to its next write. */
export function splitEchoes(logText, keys) {
  const events = logText
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [kind, at, ...rest] = line.split(" ");
      return { kind, at: Number(at), data: kind === "read" ? JSON.parse(rest.join(" ")) : undefined };
    });
  const out = [];
  let from = 0;
  for (const key of keys) {
    const read = events.findIndex(
      (e, i) => i >= from && e.kind === "read" && e.at >= key.at - 1 && e.data === key.char,
    );
    if (read < 0) continue;
    const write = events.findIndex((e, i) => i > read && e.kind === "write");
    out.push({
      toRead: events[read].at - key.at,
      readToWrite: write < 0 ? Number.NaN : events[write].at - events[read].at,
    });
    from = read + 1;
  }
  return out;
}
