// No tool process outlives its worker. Tool commands run in their own process groups (so an
// abort reaches pipelines and background jobs); this reaper, a small bash loop started in its
// own session, is told "+<pgid>" / "-<pgid>" on its stdin. When that pipe closes because the
// worker exited for any reason, kill -9 included, it sends SIGTERM, then SIGKILL, to every
// group still registered. A group is released once nothing in it runs any more.
import { Socket } from "node:net";
import { spawn, type ChildProcess } from "node:child_process";

const REAPER_SCRIPT = `
trap '' HUP INT
groups=" "
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups\${line#+} " ;;
    -*) groups="\${groups/ \${line#-} / }" ;;
  esac
done
alive=""
for g in $groups; do kill -TERM -- "-$g" 2>/dev/null && alive="$alive $g"; done
if [ -n "$alive" ]; then
  sleep 1
  for g in $alive; do kill -KILL -- "-$g" 2>/dev/null; done
fi
`;

/** How often registered groups are checked for being empty (background jobs end later). */
const RELEASE_CHECK_MS = 5000;

let reaper: ChildProcess | undefined;
let reaperFailed = false;
const groups = new Set<number>();
let checkTimer: NodeJS.Timeout | undefined;

function startReaper(): ChildProcess | undefined {
  if (reaper || reaperFailed) return reaper;
  const child = spawn("bash", ["-c", REAPER_SCRIPT], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  child.on("error", (error) => {
    reaperFailed = true;
    reaper = undefined;
    process.stderr.write(
      "agent-rpc: cannot start the tool process reaper (tool processes may outlive a killed worker): " +
        `${error.message}\n`,
    );
  });
  child.stdin?.on("error", (error) => {
    // The reaper died before us: nothing to clean up for it, but say so once.
    if (reaper === child) process.stderr.write(`agent-rpc: tool process reaper gone: ${error.message}\n`);
    reaper = undefined;
  });
  // Neither the reaper nor its pipe may keep this process alive.
  child.unref();
  // A piped stdin is a socket (ChildProcess types it as a Writable).
  if (child.stdin instanceof Socket) child.stdin.unref();
  reaper = child;
  return child;
}

function tell(line: string): void {
  // Only a registration starts the reaper; a release with no reaper running has no one to tell.
  const target = line.startsWith("+") ? startReaper() : reaper;
  target?.stdin?.write(`${line}\n`);
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM: members exist (under another uid); ESRCH: the group is empty.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function scheduleCheck(): void {
  if (checkTimer !== undefined || groups.size === 0) return;
  checkTimer = setTimeout(() => {
    checkTimer = undefined;
    for (const pgid of [...groups]) releaseToolGroupIfEmpty(pgid);
    scheduleCheck();
  }, RELEASE_CHECK_MS);
  checkTimer.unref();
}

/** A tool process group was created (its leader's pid): kill it if this worker dies. */
export function registerToolGroup(pgid: number): void {
  if (groups.has(pgid)) return;
  groups.add(pgid);
  tell(`+${pgid}`);
}

/**
 * The group's leader exited: forget the group once nothing in it runs (so its number, free
 * for reuse, is never signalled later); background jobs still running keep it registered.
 */
export function releaseToolGroupIfEmpty(pgid: number): void {
  if (!groups.has(pgid)) return;
  if (groupAlive(pgid)) {
    scheduleCheck();
    return;
  }
  groups.delete(pgid);
  tell(`-${pgid}`);
}

/** Groups currently registered (tests, diagnostics). */
export function registeredToolGroups(): number[] {
  return [...groups];
}
