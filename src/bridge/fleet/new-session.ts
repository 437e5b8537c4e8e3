// A new live session from the fleet view: `agent-rpc serve` started in a chosen folder (in a
// process group of its own, so it outlives the view), optionally in a new git worktree on a new
// branch so that parallel agents never edit the same checkout. A worktree folder or a branch
// that already exists is refused with git's own reason; nothing is overwritten.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isRecord } from "../client-values.js";
import { runFleetCommand } from "./fleet-actions.js";
import { readJsonLines } from "./json-lines.js";

export type NewSessionRequest = {
  /** The folder to work in (the repository, when a worktree is asked for). */
  cwd: string;
  /** A new worktree at `path` (relative to cwd) on the new branch `branch`. */
  worktree?: { branch: string; path: string };
  /** The session file to go on with (a dead worker's conversation), instead of a new session. */
  session?: string;
};

export type NewSessionResult = { ok: true; id: string; pid: number; cwd: string } | { ok: false; error: string };

const START_TIMEOUT_MS = 30_000;

/** `git worktree add -b branch path`; the folder of the new worktree, or git's reason. */
async function addWorktree(cwd: string, branch: string, path: string): Promise<string | { error: string }> {
  const target = resolve(cwd, path);
  if (existsSync(target)) return { error: `${target} already exists: choose another folder for the worktree` };
  const { code, error } = await runFleetCommand(["git", "-C", cwd, "worktree", "add", "-b", branch, target]);
  if (code !== 0) return { error: `git worktree add failed: ${error !== "" ? error : `exit ${code}`}` };
  return target;
}

/** Starts `<reach> serve [--session file]` in `cwd`; resolves with its id once it listens. */
function serveIn(reach: readonly string[], cwd: string, session: string | undefined): Promise<NewSessionResult> {
  const [file, ...args] = [...reach, "serve", ...(session !== undefined ? ["--session", session] : [])];
  const child = spawn(file as string, args, { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((done) => {
    let stderr = "";
    let settled = false;
    const finish = (r: NewSessionResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
      done(r);
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish({ ok: false, error: "the new session did not start within 30 s" });
    }, START_TIMEOUT_MS);
    readJsonLines(child.stdout, (raw) => {
      if (isRecord(raw) && raw["type"] === "live_listening" && typeof raw["id"] === "string")
        finish({ ok: true, id: raw["id"], pid: typeof raw["pid"] === "number" ? raw["pid"] : 0, cwd });
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
    child.on("error", (error) => finish({ ok: false, error: error.message }));
    child.on("exit", (code) => {
      const why = stderr.trim().split("\n").pop() ?? "";
      finish({ ok: false, error: why !== "" ? why : `it exited during start-up (code ${code ?? "none"})` });
    });
  });
}

/** Starts a live session for `request` with the local agent-rpc `reach`. */
export async function startFleetSession(
  reach: readonly string[],
  request: NewSessionRequest,
): Promise<NewSessionResult> {
  let cwd = resolve(request.cwd);
  if (!existsSync(cwd)) return { ok: false, error: `${cwd} does not exist` };
  if (request.worktree) {
    const made = await addWorktree(cwd, request.worktree.branch, request.worktree.path);
    if (typeof made !== "string") return { ok: false, error: made.error };
    cwd = made;
  }
  if (request.session !== undefined && !existsSync(request.session))
    // Never written (a worker that died before its first message was saved) or removed since.
    return { ok: false, error: `there is no session file at ${request.session}: nothing of it was saved there` };
  return serveIn(reach, cwd, request.session);
}
