// `agent-rpc attach [ID] [--or-start | --or-serve [options]]`: finds a live worker (by id, by
// the session --session names, the conversation used last for --continue (continue-choice.ts),
// or the most recently used one of this folder without ID),
// then relays stdin/stdout to its socket byte for byte. With none: --or-start spawns one in a
// session of its own and relays to it; --or-serve becomes one in this process (serve-here.ts);
// --or-run runs a plain worker here that ends with stdin (one-shot clients: print, plain mode),
// and leaves a live worker in use (working, or attached elsewhere) alone, saying how to reach it.
// Every transport that can run a command (ssh, docker exec -i, kubectl exec -i) reaches a live
// worker this way; the relay dies with its link, the worker does not.
import { connect, type Socket } from "node:net";
import { resolve } from "node:path";
import { RELAY_EXIT_WORKER_DIED } from "../../protocol/constants.js";
import { agentHome } from "../config.js";
import { CliError, HELP_TEXT, parseCli } from "../cli.js";
import { defaultSessionDir } from "../session/paths.js";
import { chooseContinued } from "./continue-choice.js";
import { busyLiveSession } from "./live-holder.js";
import { liveDir, liveSocketFits } from "./live-paths.js";
import { findLiveEntry, isProcessAlive, listLiveEntries, removeLiveEntry, type LiveEntry } from "./live-registry.js";
import { deadWorkerHint, REASON_DIED, tombstoneLiveEntry } from "./live-tombstones.js";
import { StartError, startLiveWorker } from "./start-worker.js";

/** Exit code when no live worker matches and none may be started. */
export const EXIT_NO_SESSION = 4;
/**
 * Exit code of `--or-run` when the live worker it names is in use (busyLiveSession): said, not
 * taken over. Not 5: a relay whose worker died exits with that (RELAY_EXIT_WORKER_DIED).
 */
export const EXIT_SESSION_BUSY = 6;

/** What to do when no live worker matches: fail, spawn one and relay, serve in this process, or run a plain worker. */
export type WhenNone = "fail" | "start" | "serve" | "run";

/**
 * How this client means to be attached when another controls the worker: as the worker decides
 * (a watcher), taking control at once (`--take`), or only watching even when nobody controls (`--watch`).
 */
export type AttachRole = "default" | "take" | "watch";

export type AttachArgs = {
  query: string | undefined;
  whenNone: WhenNone;
  workerArgs: string[];
  role: AttachRole;
  /** --help: print the usage and attach to nothing. */
  help: boolean;
};

export function parseAttachArgs(argv: readonly string[]): AttachArgs {
  let query: string | undefined;
  let whenNone: WhenNone = "fail";
  let role: AttachRole = "default";
  const workerArgs: string[] = [];
  for (const arg of argv) {
    if (arg === "--take" || arg === "--watch") {
      if (role !== "default") throw new CliError("--take and --watch exclude each other");
      role = arg === "--take" ? "take" : "watch";
    } else if (arg === "--or-start") whenNone = "start";
    else if (arg === "--or-serve") whenNone = "serve";
    else if (arg === "--or-run") whenNone = "run";
    else if (query === undefined && workerArgs.length === 0 && !arg.startsWith("-")) query = arg;
    else workerArgs.push(arg);
  }
  // A bad worker flag is reported here, before anything starts.
  const { help } = parseCli(workerArgs);
  return { query, whenNone, workerArgs, role, help };
}

/**
 * The live worker these arguments name, if one is running. --continue: the one whose
 * conversation was used last, unless a finished session of this folder was used after it.
 */
export function chooseLiveEntry(
  entries: readonly LiveEntry[],
  args: AttachArgs,
  cwd: string,
  home = agentHome(),
): LiveEntry | undefined {
  if (args.query !== undefined) return findLiveEntry(entries, args.query);
  const cli = parseCli(args.workerArgs);
  if (cli.session !== undefined) {
    const file = resolve(cwd, cli.session);
    return entries.find((e) => e.sessionFile === file);
  }
  if (cli.continueSession) {
    const dir = cli.noSession
      ? undefined
      : cli.sessionDir
        ? resolve(cwd, cli.sessionDir)
        : defaultSessionDir(home, cwd);
    return chooseContinued(entries, cwd, dir);
  }
  if (args.whenNone === "fail") return entries.find((e) => e.cwd === cwd);
  return undefined;
}

function connectTo(path: string): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect(path);
    socket.once("connect", () => {
      socket.off("error", reject);
      resolveSocket(socket);
    });
    socket.once("error", reject);
  });
}

/** How long after the socket closed a dying worker may still be in the process table. */
const WORKER_GONE_GRACE_MS = 300;
/** The last bytes from the worker kept to see its goodbye (its last frame, live_detached). */
const TAIL_BYTES = 512;

/**
 * The relay's exit code once the worker closed the socket: 0 when it let this client go (its
 * last frame was live_detached: shutdown, take-over) or lives on; RELAY_EXIT_WORKER_DIED when
 * it went without a goodbye and its process is gone (the socket closes as it ends, a moment
 * before it leaves the process table).
 */
async function closedCode(workerPid: number, tail: string): Promise<number> {
  if (tail.includes('"live_detached"')) return 0;
  for (let waited = 0; waited <= WORKER_GONE_GRACE_MS; waited += 20) {
    if (!isProcessAlive(workerPid)) return RELAY_EXIT_WORKER_DIED;
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
  return 0;
}

/** What the relay says for the client before relaying it: the role it asked for (docs/protocol-notes.md). */
const ROLE_FRAMES: Record<AttachRole, string> = {
  default: "",
  take: '{"type":"take_control"}\n',
  watch: '{"type":"live_watch"}\n',
};

function relay(socket: Socket, workerPid: number, role: AttachRole): void {
  socket.on("error", (error: Error) => {
    process.stderr.write(`agent-rpc attach: ${error.message}\n`);
    process.exit(1);
  });
  if (role !== "default") socket.write(ROLE_FRAMES[role]);
  process.stdin.pipe(socket);
  socket.pipe(process.stdout);
  let tail = "";
  socket.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("latin1")).slice(-TAIL_BYTES);
  });
  // The worker closed the connection (it ended, or another client took over): so do we, saying which.
  socket.on("close", () => {
    void closedCode(workerPid, tail).then((code) => {
      if (process.stdout.writableLength === 0) process.exit(code);
      process.stdout.once("drain", () => process.exit(code));
    });
  });
}

export async function runAttach(argv: readonly string[]): Promise<number> {
  let args: AttachArgs;
  try {
    args = parseAttachArgs(argv);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    process.stderr.write(`agent-rpc attach: ${error.message} (see agent-rpc --help)\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP_TEXT);
    return 0;
  }
  const dir = liveDir(agentHome());
  const cwd = process.cwd();
  const target = chooseLiveEntry(listLiveEntries(dir), args, cwd, agentHome());
  const busy = target && args.whenNone === "run" ? busyLiveSession(target) : undefined;
  if (busy !== undefined) {
    process.stderr.write(`agent-rpc attach: ${busy}\n`);
    return EXIT_SESSION_BUSY;
  }
  if (target) {
    try {
      relay(await connectTo(target.socket), target.pid, args.role);
      return -1; // relaying: the process exits when the connection closes
    } catch (error) {
      // The worker died between listing and connecting: it is listed dead from now on.
      if (!isProcessAlive(target.pid)) tombstoneLiveEntry(dir, target, REASON_DIED);
      else removeLiveEntry(dir, target);
      if (args.whenNone === "fail") {
        process.stderr.write(`agent-rpc attach: live session ${target.id} is gone (${(error as Error).message})\n`);
        return EXIT_NO_SESSION;
      }
    }
  } else if (args.whenNone === "fail") {
    const dead = args.query !== undefined ? deadWorkerHint(dir, args.query) : undefined;
    if (dead !== undefined) {
      process.stderr.write(`agent-rpc attach: ${dead}\n`);
      return EXIT_NO_SESSION;
    }
    const what = args.query !== undefined ? `matches ${args.query}` : `runs in ${cwd}`;
    process.stderr.write(`agent-rpc attach: no live session ${what} (agent-rpc sessions lists them)\n`);
    return EXIT_NO_SESSION;
  }
  if (args.whenNone === "run") return (await import("./serve-here.js")).runHere(args.workerArgs);
  if (!liveSocketFits(dir)) {
    const why = `the socket path under ${dir} would be too long for a Unix socket`;
    return (await import("./serve-here.js")).serveWithoutLive(args.workerArgs, why);
  }
  if (args.whenNone === "serve") return (await import("./serve-here.js")).serveHere(args.workerArgs);
  try {
    const started = await startLiveWorker(args.workerArgs);
    relay(await connectTo(started.socket), started.pid, args.role);
    return -1;
  } catch (error) {
    if (!(error instanceof StartError)) throw error;
    process.stderr.write(`agent-rpc attach: ${error.message}\n`);
    return error.exitCode;
  }
}
