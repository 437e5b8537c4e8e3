// Tool commands run at a lower CPU priority than the worker and the terminal, so the agent's own
// build or test run cannot make typing lag: when every core is busy, the kernel shares CPU time
// between sessions (Linux autogroups), and each tool command has a session of its own (it is
// started detached, for the kill of its group), weighing as much as the terminal's. The bash
// tool's and `!cmd`'s commands start through `nice` and have their session lowered; extensions'
// exec has its session lowered. On an idle machine a command gets every free cycle as before.
// docs/echo-under-load.md has the measurements; settings.json `toolNice` sets the amount (0
// turns it off).
import { statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";

/** The default: about a third of the weight of a normal process or session, under contention only. */
export const DEFAULT_TOOL_NICE = 5;

let toolNice = DEFAULT_TOOL_NICE;

/** Set from settings.json's `toolNice` when the worker starts (0..19; 0: as the worker). */
export function setToolNice(nice: number): void {
  toolNice = Math.max(0, Math.min(19, Math.round(nice)));
}

/** `nice` on the PATH (coreutils, busybox, the BSDs), looked up once; null when there is none. */
let niceFile: string | null | undefined;

function findNice(): string | null {
  if (niceFile !== undefined) return niceFile;
  niceFile = null;
  for (const dir of (process.env["PATH"] ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "nice");
    const stat = statSync(candidate, { throwIfNoEntry: false });
    if (stat?.isFile() && (stat.mode & 0o111) !== 0) {
      niceFile = candidate;
      break;
    }
  }
  return niceFile;
}

/**
 * How to start `file args` as a tool command: through `nice -n <toolNice>`, so the command and
 * everything it starts run below the worker's priority from their first instruction (a nice
 * value set after the start would race a short command). As given when turned off or without
 * `nice`.
 */
export function toolCommand(file: string, args: readonly string[], nice = toolNice): { file: string; args: string[] } {
  const launcher = nice > 0 ? findNice() : null;
  return launcher === null ? { file, args: [...args] } : { file: launcher, args: ["-n", String(nice), file, ...args] };
}

/**
 * The kernel takes one change of a session group's priority per 100 ms from unprivileged
 * processes (EAGAIN otherwise): two commands started together wait their turn.
 */
const GROUP_RETRY_MS = 120;
const GROUP_ATTEMPTS = 5;

/** Errors that mean "not here": the command is gone, no session groups, not allowed. */
const NOT_APPLICABLE = new Set(["ENOENT", "ESRCH", "EACCES", "EPERM", "EINVAL"]);

/**
 * Lower the session group of the tool command `pid` (started in a session of its own) by
 * `nice`, where the kernel groups sessions (Linux autogroups; a new group starts at 0, as the
 * terminal's does). Resolves once done or found not to apply; never rejects.
 */
export async function lowerSessionGroup(pid: number, nice = toolNice): Promise<void> {
  if (nice <= 0) return;
  for (let attempt = 1; attempt <= GROUP_ATTEMPTS; attempt += 1) {
    try {
      await writeFile(`/proc/${pid}/autogroup`, String(nice));
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EAGAIN") {
        if (code === undefined || !NOT_APPLICABLE.has(code))
          process.stderr.write(`agent-rpc: could not lower a tool command's session group: ${String(error)}\n`);
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, GROUP_RETRY_MS).unref());
  }
}
