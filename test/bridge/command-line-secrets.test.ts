// Worker command lines shown in notices (`--agent "… KEY=… …"`) keep their shape but never a key.
import { describe, expect, it } from "vitest";
import {
  commandLineSecrets,
  createRedactor,
  describeCommandLine,
  withCommandLineSecrets,
} from "../../src/bridge/redact.js";

describe("command-line secrets", () => {
  it("masks values of secret-named assignments and flags, and key-shaped values, keeping the names", () => {
    const argv = [
      "env",
      "OPENAI_API_KEY=plainvalue",
      "DEBUG=1",
      "REGION=eu-west-1",
      "--token",
      "abc12345",
      "--api-key=xyz98765",
      "X=Zq8fT2mW9vL4nB7c",
      "pi",
      "--mode",
      "rpc",
    ];
    expect(describeCommandLine(argv)).toBe(
      "env OPENAI_API_KEY=[REDACTED] DEBUG=1 REGION=eu-west-1 --token [REDACTED] --api-key=[REDACTED] X=[REDACTED] pi --mode rpc",
    );
  });

  it("masks key-shaped words anywhere and leaves ordinary command lines unchanged", () => {
    expect(describeCommandLine(["ssh", "devbox", "agent-rpc", "sk-proj-abcdefghijklmnop"])).toBe(
      "ssh devbox agent-rpc [REDACTED]",
    );
    expect(
      describeCommandLine(["node", "/opt/agent/bin/agent-rpc.js", "--mode", "rpc", "--session", "/home/me/s.jsonl"]),
    ).toBe("node /opt/agent/bin/agent-rpc.js --mode rpc --session /home/me/s.jsonl");
    expect(commandLineSecrets(["pi", "--mode", "rpc"])).toEqual([]);
  });

  it("quotes the words a shell would split, so the line reads back as the same command", () => {
    expect(describeCommandLine(["sh", "-c", "echo boom >&2; exit 3"])).toBe("sh -c 'echo boom >&2; exit 3'");
    expect(describeCommandLine(["agent", "it's", ""])).toBe("agent 'it'\\''s' ''");
  });

  it("removes the command line's secrets from other text the bridge shows (a spawn error quoting argv[0])", () => {
    const redact = withCommandLineSecrets(createRedactor({}), ["MY_KEY=hunter2hunter2", "./worker"]);
    expect(redact("spawn MY_KEY=hunter2hunter2 ENOENT")).toBe("spawn MY_KEY=[REDACTED] ENOENT");
  });
});
