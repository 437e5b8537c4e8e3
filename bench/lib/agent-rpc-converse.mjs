// A bench's conversation with one agent-rpc process (`serve`, `attach`, …): spawns
// `node <agentRpc> args`, hands each JSON line of its stdout to `onLine` with a way to send a
// frame back, and resolves with the first value `onLine` returns. A detached process (a live
// worker the bench leaves running) is then let go: its pipes closed, not waited for.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export function converse(agentRpc, args, { cwd, env, detached = false }, onLine) {
  const child = spawn(process.execPath, [agentRpc, ...args], { cwd, env, detached, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`agent-rpc ${args[0]}: no answer; ${stderr}`)), 120_000);
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      if (!line.startsWith("{")) return;
      const result = onLine(JSON.parse(line), (f) => child.stdin.write(`${JSON.stringify(f)}\n`));
      if (result === undefined) return;
      clearTimeout(timer);
      lines.close();
      child.stdin.end();
      if (detached) {
        child.stdout.destroy();
        child.stderr.destroy();
        child.unref();
      }
      resolve(result);
    });
    child.on("exit", (code) => reject(new Error(`agent-rpc ${args[0]} exited ${code}: ${stderr}`)));
  });
}
