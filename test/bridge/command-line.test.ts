// Splitting an --agent command line without a shell, and finding the bundled worker.
import { describe, expect, it } from "vitest";
import { splitCommandLine, resolveBundledWorkerCommand } from "../../src/bridge/command-line.js";

describe("splitCommandLine", () => {
  it("splits on whitespace and honours quotes and escapes without a shell", () => {
    expect(splitCommandLine("pi --mode rpc")).toEqual(["pi", "--mode", "rpc"]);
    expect(splitCommandLine(`ssh devbox 'agent-rpc --mode rpc'`)).toEqual(["ssh", "devbox", "agent-rpc --mode rpc"]);
    expect(splitCommandLine(`node "my dir/cli.js" --name "a \\"b\\" c"`)).toEqual([
      "node",
      "my dir/cli.js",
      "--name",
      'a "b" c',
    ]);
    expect(splitCommandLine(`a\\ b c''d ""`)).toEqual(["a b", "cd", ""]);
    expect(splitCommandLine("  echo $HOME *.ts ~  ")).toEqual(["echo", "$HOME", "*.ts", "~"]);
  });
  it("rejects unterminated quotes", () => {
    expect(() => splitCommandLine(`pi "oops`)).toThrow(/Unterminated double quote/);
    expect(() => splitCommandLine(`pi 'oops`)).toThrow(/Unterminated single quote/);
  });
  it("resolves the bundled worker to this package's bin/agent-rpc.js", () => {
    const [node, script] = resolveBundledWorkerCommand();
    expect(node).toBe(process.execPath);
    expect(script).toMatch(/bin[/\\]agent-rpc\.js$/);
  });
});
