// Print mode (`agent-tui -p`) under plain pipes, no pty: the real agent-tui driving the bundled
// agent-rpc on the scripted fake LLM. stdout must be exactly the answer; exit codes for a
// success, a failing run and SIGINT; piped stdin and @file prompts; --mode json; dialogs.
import { type ChildProcess, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROOT, TUI_BIN } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL } from "./tui-session.js";
import { DEFAULT_MAX_RECORD_BYTES } from "../../src/protocol/index.js";

const UI_EXTENSION = resolve(ROOT, "test", "fixtures", "pi-ui-extension.ts");

type Run = { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> };

/** `base`: the flags before the test's own (default: the fake model, no session file). */
function start(
  sandbox: Sandbox,
  args: string[],
  stdin?: string,
  base: string[] = [...FAKE_MODEL, "--no-session"],
): Run {
  const child = spawn(process.execPath, [TUI_BIN, ...base, ...args], {
    cwd: sandbox.cwd,
    env: sandbox.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString("utf8")));
  child.stderr?.on("data", (d: Buffer) => (err += d.toString("utf8")));
  child.stdin?.end(stdin ?? "");
  const exit = new Promise<number | null>((res) => child.on("close", (code) => res(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function run(
  sandbox: Sandbox,
  args: string[],
  stdin?: string,
  base?: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const r = start(sandbox, args, stdin, base);
  const code = await r.exit;
  return { code, stdout: r.stdout(), stderr: r.stderr() };
}

describe.skipIf(!BUILT)("agent-tui -p (print mode) under pipes", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox([
      { kind: "text", matchLastUser: "HELLO-TEST", chunks: ["Hello ", "**world**", ".\n\nSecond line."] },
      { kind: "text", matchLastUser: "PIPED-TEST", chunks: ["Piped ", "answer."] },
      {
        kind: "tool_call",
        matchLastUser: "TOOL-TEST",
        calls: [{ id: "call_t", name: "bash", arguments: { command: "echo from-tool" } }],
      },
      { kind: "text", matchLastUser: "TOOL-TEST", chunks: ["After ", "the tool."] },
      {
        kind: "error",
        matchLastUser: "FAIL-TEST",
        status: 400,
        body: { error: { message: "Fake bad request", type: "invalid_request_error" } },
      },
      { kind: "hang", matchLastUser: "HANG-TEST" },
      { kind: "text", matchLastUser: "JSON-TEST", chunks: ["Json ", "answer."] },
      { kind: "text", matchLastUser: "SESSION-ONE", chunks: ["First ", "answer."] },
      { kind: "text", matchLastUser: "SESSION-TWO", chunks: ["Second ", "answer."] },
      {
        kind: "tool_call",
        matchLastUser: "CONFIRM-TEST",
        calls: [{ id: "call_c", name: "bash", arguments: { command: "echo harness-confirm ran" } }],
      },
      { kind: "text", matchLastUser: "CONFIRM-TEST", chunks: ["Confirm handled."] },
      {
        kind: "text",
        matchLastUser: "PIPE-TEST",
        chunks: Array.from({ length: 100 }, (_, i) => `part${i} `),
        delayMs: 30,
      },
    ]);
  }, 30_000);
  afterAll(async () => {
    await sandbox?.dispose();
  });

  it("prints exactly the final answer on stdout and exits 0", async () => {
    const r = await run(sandbox, ["-p", "HELLO-TEST please"]);
    expect(r).toMatchObject({ code: 0, stdout: "Hello **world**.\n\nSecond line.\n" });
    // stderr is not a terminal: no progress lines.
    expect(r.stderr).toBe("");
  });

  it("takes the prompt from piped stdin and @file arguments", async () => {
    const r = await run(sandbox, ["-p", "@hello.txt"], "PIPED-TEST from stdin\n");
    expect(r).toMatchObject({ code: 0, stdout: "Piped answer.\n" });
    const sent = sandbox.llm.requests.find((q) => q.lastUser.includes("PIPED-TEST"));
    expect(sent?.lastUser).toMatch(/^PIPED-TEST from stdin\n\n<file name="[^"]*hello\.txt">\nhello\n\n<\/file>$/);
  });

  it("prints only the last answer after a tool ran", async () => {
    const r = await run(sandbox, ["-p", "TOOL-TEST go"]);
    expect(r).toMatchObject({ code: 0, stdout: "After the tool.\n" });
  });

  it("runs on the session --session names: a second run continues the first", async () => {
    const file = join(sandbox.root, "print-session.jsonl");
    const first = await run(sandbox, ["--session", file, "-p", "SESSION-ONE"], undefined, FAKE_MODEL);
    expect(first).toMatchObject({ code: 0, stdout: "First answer.\n" });
    const second = await run(sandbox, ["--session", file, "-p", "SESSION-TWO"], undefined, FAKE_MODEL);
    expect(second).toMatchObject({ code: 0, stdout: "Second answer.\n" });
    const body = JSON.stringify(sandbox.llm.requests.at(-1)?.body);
    expect(body).toContain("SESSION-ONE");
    expect(body).toContain("First answer.");
  });

  it("a failing run exits 1 with the error on stderr and nothing on stdout", async () => {
    const r = await run(sandbox, ["-p", "FAIL-TEST go"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("Fake bad request");
  });

  it("no prompt at all is a usage error", async () => {
    const r = await run(sandbox, ["-p"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no prompt");
  });

  it("refuses to pass the offline demo model's answer off as a real one", async () => {
    const refused = await run(sandbox, ["-p", "hello"], undefined, ["--provider", "demo", "--no-session"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("No model provider is configured");
  });

  it("SIGINT aborts the run and exits 130", async () => {
    const r = start(sandbox, ["-p", "HANG-TEST go"]);
    await sandbox.llm.waitForRequests(1, 20_000, (q) => q.lastUser.includes("HANG-TEST"));
    r.child.kill("SIGINT");
    expect(await r.exit).toBe(130);
    expect(r.stdout()).toBe("");
    expect(r.stderr()).toContain("interrupted");
    const hung = sandbox.llm.requests.find((q) => q.lastUser.includes("HANG-TEST"));
    expect(hung?.clientClosedEarly).toBe(true);
  });

  it("--mode json prints the normalised events as JSON lines", async () => {
    const r = await run(sandbox, ["--mode", "json", "JSON-TEST go"]);
    expect(r.code).toBe(0);
    const events = r.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; delta?: { kind: string; delta?: string } });
    expect(events[0]?.type).toBe("agent_start");
    expect(events.map((e) => e.type)).toContain("agent_end");
    const text = events
      .flatMap((e) => (e.type === "message_update" && e.delta?.kind === "text_delta" ? [e.delta.delta] : []))
      .join("");
    expect(text).toBe("Json answer.");
  });

  it("a reader that leaves early (| head -1) ends the run quietly, as yes | head does", async () => {
    const r = start(sandbox, ["--mode", "json", "-p", "PIPE-TEST go"]);
    // head -1 while the answer streams: the model has the request, then the pipe closes while
    // events keep coming (closing it before the request left would prove nothing about the run).
    const streamed = await sandbox.llm.waitForRequests(1, 20_000, (q) => q.lastUser.includes("PIPE-TEST"));
    r.child.stdout?.destroy();
    // 128 + SIGPIPE: what a shell shows for `yes | head -1`.
    expect(await r.exit).toBe(141);
    expect(r.stderr()).toBe("");
    // The run was ended: the model's stream was cut off (the server sees the socket close a moment later).
    await vi.waitFor(() => expect(streamed.clientClosedEarly).toBe(true), { timeout: 10_000 });
  });

  it("refuses a prompt over the size a worker reads, at once, with exit 1", async () => {
    // A worker discards such a record with an error that carries no id: sent, it left -p waiting forever.
    const r = await run(sandbox, ["-p"], "y".repeat(DEFAULT_MAX_RECORD_BYTES + 1));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^agent-tui: The message is 64\.0 MiB as sent; a worker reads at most 64 MiB at once\. Not sent\.\n$/,
    );
    expect(sandbox.llm.requests.some((q) => q.lastUser.startsWith("yyyy"))).toBe(false);
  }, 60_000);

  it("answers an extension confirm with its default, or as --yes says, and says so on stderr", async () => {
    const no = await run(sandbox, ["-p", "-e", UI_EXTENSION, "CONFIRM-TEST one"]);
    expect(no.code).toBe(0);
    expect(no.stderr).toContain('dialog "ui-demo: allow bash?": answered no');
    const blocked = sandbox.llm.requests.filter((q) => q.lastUser.includes("CONFIRM-TEST"));
    expect(JSON.stringify(blocked.at(-1)?.body)).toContain("Blocked by the harness extension");
    sandbox.llm.push(
      {
        kind: "tool_call",
        matchLastUser: "CONFIRM-TEST",
        calls: [{ id: "call_y", name: "bash", arguments: { command: "echo harness-confirm ran" } }],
      },
      { kind: "text", matchLastUser: "CONFIRM-TEST", chunks: ["Confirmed."] },
    );
    const yes = await run(sandbox, ["-p", "--yes", "-e", UI_EXTENSION, "CONFIRM-TEST two"]);
    expect(yes).toMatchObject({ code: 0, stdout: "Confirmed.\n" });
    expect(yes.stderr).toContain("answered yes (--yes)");
    expect(JSON.stringify(sandbox.llm.requests.at(-1)?.body)).toContain("harness-confirm ran");
  });
});
