// The extension-UI trace of pi 0.73.1 (g_extension_ui) end to end: the built agent-rpc loads pi's UI test extension
// unchanged (-e test/fixtures/pi-ui-extension.ts), the same commands and dialog answers are sent,
// and the frames are compared with pi's (ids differ; our documented differences are filtered).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../../fixtures/fake-llm-server.mjs";
import { ROOT, spawnRpc, writeAgentHome, type Frame, type RpcProcess } from "../helpers/agent-process.js";

const FIXTURE = join(ROOT, "test/fixtures/pi-ui-extension.ts");
const TRACE = join(ROOT, "test/fixtures/traces/pi-0.73.1/g_extension_ui.jsonl");
const DIALOGS = new Set(["select", "confirm", "input", "editor"]);
const ANSWERS: Record<string, object | null> = {
  "ui-demo: pick one": { value: "Beta" },
  "ui-demo: confirm?": { confirmed: true },
  "ui-demo: type something": { cancelled: true },
  "ui-demo: edit this": { value: "edited line 1\nedited line 2" },
  "ui-demo: select with timeout": null,
  "ui-demo: confirm with timeout": null,
  "ui-demo: input with timeout": { value: "typed before the timeout" },
  "ui-demo: allow bash?": { confirmed: false },
};

/** The timeouts the fixture extension gives its unanswered dialogs (test/fixtures/pi-ui-extension.ts). */
const DIALOG_TIMEOUTS_MS: Record<string, number> = { selectTimeoutElapsedMs: 1500, confirmTimeoutElapsedMs: 1000 };

/**
 * One comparable line per frame. Ids are dropped (fresh UUIDs in both); an elapsed time in the
 * results dump becomes "the dialog's timeout elapsed" (how much later depends on machine load). Our documented differences are removed first: the ready
 * frame, `cancel` frames for timed-out dialogs (docs/protocol.md §7.4), agent_settled (§4.1), and message_update
 * payloads (delta form, docs/protocol.md §4.2: only the sub-event type is kept).
 */
function project(frames: Frame[]): string[] {
  const out: string[] = [];
  for (const f of frames) {
    if (f.type === "ready" || f.type === "agent_settled") continue;
    if (f.type === "extension_ui_request") {
      if (f.method === "cancel") continue;
      const { id: _id, type: _type, ...rest } = f;
      let fields = JSON.stringify(rest);
      if (typeof rest.message === "string" && rest.message.startsWith("ui-demo results: ")) {
        fields = fields.replace(/(\w+ElapsedMs)(\\":)(\d+)/g, (m, name: string, sep: string, n: string) => {
          const timeout = DIALOG_TIMEOUTS_MS[name];
          // A timer may fire a few ms early on some clocks; never a whole 100 ms.
          return timeout !== undefined && Number(n) >= timeout - 100 ? `${name}${sep}"at least ${timeout}"` : m;
        });
      }
      out.push(`ui ${fields}`);
    } else if (f.type === "response") {
      out.push(
        `response ${String(f.command)} ${String(f.id)} ${String(f.success)}${f.error ? ` ${String(f.error)}` : ""}`,
      );
    } else if (f.type === "extension_error") {
      out.push(`extension_error ${JSON.stringify(f)}`);
    } else if (f.type === "message_update") {
      const sub = (f.assistantMessageEvent as { type?: string } | undefined)?.type;
      const line = `message_update ${String(sub)}`;
      // A delta frame may join several provider deltas of one block (docs/protocol.md), so a run
      // of deltas counts once: how many frames carry it depends on timing, on either side.
      if (!(sub?.endsWith("_delta") && out.at(-1) === line)) out.push(line);
    } else if (f.type === "message_start" || f.type === "message_end") {
      out.push(`${f.type} ${String((f.message as { role?: string } | undefined)?.role)}`);
    } else if (f.type === "tool_execution_end") {
      out.push(`tool_execution_end ${JSON.stringify(f.result)} ${String(f.isError)}`);
    } else {
      out.push(String(f.type));
    }
  }
  return out;
}

describe("extension UI trace against agent-rpc", () => {
  let llm: FakeLlm;
  let home: string;
  let rpc: RpcProcess;

  beforeAll(async () => {
    llm = await startFakeLlm({
      script: [
        {
          kind: "tool_call",
          matchLastUser: "G-TOOL",
          calls: [{ id: "call_guarded_1", name: "bash", arguments: { command: "echo harness-confirm" } }],
        },
      ],
      fallback: (lastUser, n) => ({ kind: "text", chunks: [`ack ${n}`, ` (${lastUser.slice(0, 60)})`], delayMs: 5 }),
    });
    home = writeAgentHome(mkdtempSync(join(tmpdir(), "agent-home-")), llm.baseUrl);
    rpc = spawnRpc({ home, args: ["--no-session", "-e", FIXTURE] });
    rpc.onFrame((f) => {
      if (f.type !== "extension_ui_request" || !DIALOGS.has(String(f.method))) return;
      const answer = ANSWERS[String(f.title)];
      if (answer) setTimeout(() => rpc.send({ type: "extension_ui_response", id: f.id, ...answer }), 20);
    });
  });

  afterAll(async () => {
    await rpc?.kill();
    await llm?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it("replays g's commands and produces pi's frames", async () => {
    await rpc.request({ id: "ready", type: "get_state" }, 20_000);
    const commands = await rpc.request({ id: "g-cmds", type: "get_commands" });
    const start = rpc.frames.length;
    const g1 = await rpc.request({ id: "g-1", type: "prompt", message: "/ui-demo hello-arg" }, 20_000);
    expect(g1.success).toBe(true);
    const timedOutSelect = rpc.frames
      .slice(start)
      .find((f) => f.method === "select" && f.title === "ui-demo: select with timeout");
    rpc.send({ type: "extension_ui_response", id: timedOutSelect?.id, value: "X" });
    rpc.send({ type: "extension_ui_response", id: "no-such-request-id", value: "whatever" });
    await rpc.request({ id: "g-2", type: "prompt", message: "/ui-throw" });
    await rpc.request({ id: "g-3", type: "steer", message: "/ui-demo" });
    await rpc.request({ id: "g-4", type: "follow_up", message: "/ui-demo" });
    let mark = rpc.frames.length;
    await rpc.request({ id: "g-5", type: "prompt", message: "/no-such-command some args" });
    await rpc.waitFor((f) => f.type === "agent_end", { from: mark });
    mark = rpc.frames.length;
    await rpc.request({ id: "g-6", type: "prompt", message: "G-TOOL: run the guarded command" });
    await rpc.waitFor((f) => f.type === "agent_end", { from: mark });
    await rpc.waitFor((f) => f.type === "agent_settled", { from: mark });
    mark = rpc.frames.length;
    const g7 = await rpc.request({ id: "g-7", type: "new_session" });
    const afterNewSession = rpc.frames.slice(mark);
    rpc.closeStdin();
    expect(await rpc.exited).toBe(0);

    // new_session: session_start runs again before the response. pi 0.73.1 wrote that notify twice
    // (traces fact 20); ours fires session_start once per session.
    expect(g7).toMatchObject({ success: true, data: { cancelled: false } });
    expect(afterNewSession.filter((f) => f.type === "extension_ui_request").map((f) => f.message)).toEqual([
      "ui-demo extension: session_start (new)",
    ]);
    expect(afterNewSession.at(-1)).toBe(g7);

    const pi = readFileSync(TRACE, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Frame);
    const ours = project(rpc.frames.filter((f) => f !== commands));
    const theirs = project(pi.filter((f) => f.id !== "g-cmds"));
    // Documented difference (fact 20): pi wrote the new session's session_start notify twice.
    const newSessionNotify = theirs.findIndex((line) => line.includes("session_start (new)"));
    expect(theirs[newSessionNotify + 1]).toBe(theirs[newSessionNotify]);
    theirs.splice(newSessionNotify, 1);
    expect(ours.length).toBeGreaterThan(50);
    expect(ours).toEqual(theirs);

    // get_commands: pi's items (sourceInfo shape) are there; ours adds `path`. The built-in /demo-ui
    // is a demo: out of the user's commands unless the demo provider runs.
    const piCommands = (pi.find((f) => f.id === "g-cmds")!.data as { commands: Record<string, unknown>[] }).commands;
    const ourCommands = (commands.data as { commands: Record<string, unknown>[] }).commands;
    const normalise = (c: Record<string, unknown>) =>
      JSON.stringify({ ...c, path: undefined, sourceInfo: { ...(c.sourceInfo as object), path: "<ext>" } });
    expect(ourCommands.filter((c) => c.source === "extension" && c.path === FIXTURE).map(normalise)).toEqual(
      piCommands.map(normalise),
    );
    expect(ourCommands.map((c) => c.name)).not.toContain("demo-ui");

    // The model's next request carries the block reason as the bash tool result.
    const afterBlock = llm.requests.find(
      (r) => JSON.stringify(r.body).includes("call_guarded_1") && r.lastUser.startsWith("G-TOOL"),
    );
    const toolMessage = (
      afterBlock!.body as { messages: { role: string; content: unknown; tool_call_id?: string }[] }
    ).messages.find((m) => m.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call_guarded_1");
    expect(JSON.stringify(toolMessage?.content)).toContain("Blocked by the harness extension (confirm answered false)");

    // Ours (docs/protocol.md §7.4): each timed-out dialog is withdrawn with a cancel frame right after it expires.
    const timedOut = rpc.frames
      .filter((f) => f.method === "select" || f.method === "confirm")
      .filter((f) => typeof f.timeout === "number");
    const cancels = rpc.frames.filter((f) => f.method === "cancel");
    expect(cancels.map((f) => f.targetId)).toEqual(timedOut.map((f) => f.id));
    for (const cancel of cancels) {
      const target = rpc.frames.findIndex((f) => f.id === cancel.targetId);
      expect(rpc.frames.indexOf(cancel)).toBe(target + 1);
    }
    // The late answer and the unknown id produced nothing: g-1's response is followed by g-2's error.
    const g1Index = rpc.frames.indexOf(g1);
    expect(rpc.frames[g1Index + 1]).toMatchObject({ type: "extension_error", extensionPath: "command:ui-throw" });
  }, 30_000);
});
