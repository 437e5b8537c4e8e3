// Which workers reopen their session from the command line after a crash (--session FILE).
import { describe, expect, it } from "vitest";
import { isPiCommand, sessionArgsForRestart } from "../../../src/tui/app/restart-args.js";

describe("session args for a restarted worker", () => {
  it("the bundled agent and pi get --session FILE; nothing without a file", () => {
    const bundled = sessionArgsForRestart({
      customAgent: false,
      workerCommand: ["node", "/x/bin/agent-rpc.js", "--continue"],
    });
    expect(bundled?.("/s/a.jsonl")).toEqual(["--session", "/s/a.jsonl"]);
    expect(bundled?.(undefined)).toEqual([]);
    const pi = sessionArgsForRestart({
      customAgent: true,
      workerCommand: ["node", "/r/node_modules/@mariozechner/pi-coding-agent/dist/cli.js", "--mode", "rpc"],
    });
    expect(pi?.("/s/b.jsonl")).toEqual(["--session", "/s/b.jsonl"]);
    expect(isPiCommand(["/usr/local/bin/pi", "--mode", "rpc"])).toBe(true);
  });

  it("unknown and remote workers are reopened by switch_session instead", () => {
    expect(sessionArgsForRestart({ customAgent: true, workerCommand: ["omp", "--mode", "rpc"] })).toBeUndefined();
    expect(
      sessionArgsForRestart({ customAgent: true, workerCommand: ["ssh", "devbox", "pi", "--mode", "rpc"] }),
    ).toBeUndefined();
  });
});
