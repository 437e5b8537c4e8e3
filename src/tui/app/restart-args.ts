// How a restarted worker reopens its session: the bundled agent and pi take `--session FILE`
// on their command line, so the new process starts on the right session instead of starting a
// fresh one and being switched over (the bridge still switches when a worker ignored the args).
import { basename } from "node:path";
import { isRemoteCommand } from "../slash/start-checks.js";

/** Is this command line pi's CLI (`pi …`, or node running pi-coding-agent's dist/cli.js)? */
export function isPiCommand(argv: readonly string[]): boolean {
  const first = basename(argv[0] ?? "");
  if (first === "pi" || first === "pi.cmd") return true;
  return argv.some((a) => /pi-coding-agent[\\/]dist[\\/]cli\.js$/.test(a));
}

/**
 * The bridge's `sessionArgsForRestart` for this worker, or undefined when the worker's flags
 * are unknown, or it runs remotely (arguments pass through a remote shell there).
 */
export function sessionArgsForRestart(o: {
  customAgent: boolean;
  workerCommand: readonly string[];
}): ((file: string | undefined) => string[]) | undefined {
  if (isRemoteCommand(o.workerCommand)) return undefined;
  if (o.customAgent && !isPiCommand(o.workerCommand)) return undefined;
  return (file) => (file ? ["--session", file] : []);
}
