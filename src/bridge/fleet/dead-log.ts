// The peek of a dead worker: the last lines of its log (its stderr up to its death), read from
// the end of the file so a 4 MiB log costs one small read. Foreign text: the view sanitises it.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

const TAIL_BYTES = 16 * 1024;

/** The last `lines` lines of the log at `path`, or why it cannot be read. */
export function readLogTail(path: string, lines: number): { lines: string[] } | string {
  if (path === "") return "it has no log";
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return `cannot read its log ${path}: ${(error as Error).message}`;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return `its log ${path} is not a file`;
    const size = stat.size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, size - length);
    const text = buffer.subarray(0, read).toString("utf8").replace(/\n+$/, "");
    // A cut start is half a line: dropped, unless the log is that one line.
    const all = text.split("\n");
    const whole = size > length && all.length > 1 ? all.slice(1) : all;
    return { lines: text === "" ? ["(its log is empty)"] : whole.slice(-lines) };
  } finally {
    closeSync(fd);
  }
}
