// Under tmux, modified keys reach us only with tmux's `extended-keys` on (tmux then forwards
// what our modifyOtherKeys request asks for); off, Shift+Enter arrives as a plain Enter. Ask
// tmux once at start and say how to turn it on, as pi does.
import { spawn } from "node:child_process";

const ASK_TIMEOUT_MS = 2000;

/** `tmux show -gv <option>`, or undefined when tmux cannot be asked. */
function tmuxOption(option: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn("tmux", ["show", "-gv", option], { env, stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    const timer = setTimeout(() => {
      child.kill();
      resolve(undefined);
    }, ASK_TIMEOUT_MS);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString("utf8");
    });
    child.on("error", () => {
      clearTimeout(timer);
      resolve(undefined); // no tmux binary here: nothing to advise
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? out.trim() : undefined);
    });
  });
}

/** The advice to give, or undefined (not in tmux, tmux unreachable, or already on). */
export async function tmuxExtendedKeysAdvice(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (env["TMUX"] === undefined || env["TMUX"] === "") return undefined;
  const value = await tmuxOption("extended-keys", env);
  if (value === undefined || value === "on" || value === "always") return undefined;
  return (
    "tmux has extended-keys off, so Shift+Enter arrives as Enter: " +
    "add `set -g extended-keys on` to ~/.tmux.conf and restart tmux. (\\ then Enter always starts a new line.)"
  );
}
