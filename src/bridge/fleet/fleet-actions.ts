// What the fleet view does to one session, through the same commands a person would run
// (`reach` = the local agent-rpc command, or a host's transport plus agent-rpc):
// answer its dialog and peek at it as a watcher (`attach ID --watch`: it never takes the session
// from the terminal attached to it), stop it (`sessions --stop ID`), start a new one (`serve`).
import { spawn } from "node:child_process";
import { isRecord, toClientMessage } from "../client-values.js";
import type { UiResponse } from "../types.js";
import { readJsonLines } from "./json-lines.js";

export type ActionResult = { ok: true } | { ok: false; error: string };

const ACTION_TIMEOUT_MS = 15_000;

type Frames = { frame(raw: Record<string, unknown>): boolean };

/**
 * Runs `argv`, hands each JSON line of its stdout to `on.frame` until that returns true, and then
 * lets go of it (stdin ended: the relay detaches). `write` sends a line to its stdin.
 */
function converse(argv: readonly string[], start: (write: (frame: unknown) => void) => Frames): Promise<ActionResult> {
  const [file, ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(file as string, args, { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    let settled = false;
    const finish = (result: ActionResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdin.end();
      // The relay exits once its stdin ends; a transport that hangs is not ours to wait for.
      setTimeout(() => child.kill("SIGTERM"), 2000).unref();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, error: "no answer from the session in 15 s" }),
      ACTION_TIMEOUT_MS,
    );
    const frames = start((frame) => child.stdin.write(`${JSON.stringify(frame)}\n`));
    readJsonLines(child.stdout, (raw) => {
      if (isRecord(raw) && frames.frame(raw)) finish({ ok: true });
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
    child.stdin.on("error", (error: Error) => void error);
    child.on("error", (error) => finish({ ok: false, error: error.message }));
    child.on("close", (code) => {
      const why = stderr.trim().split("\n").pop() ?? "";
      finish({ ok: false, error: why !== "" ? why : `it ended (exit ${code ?? "signal"}) before answering` });
    });
  });
}

/** Answers dialog `dialogId` of session `id` as a watcher: one extension_ui_response, then closes. */
export function answerFleetDialog(
  reach: readonly string[],
  id: string,
  dialogId: string,
  response: UiResponse,
): Promise<ActionResult> {
  return converse([...reach, "attach", id, "--watch"], (write) => ({
    frame(raw) {
      if (raw["type"] !== "ready") return false;
      write({ type: "extension_ui_response", id: dialogId, ...response });
      return true;
    },
  }));
}

export type Peek = { lines: string[] };

/** The text of the last messages of session `id`, read as a watcher (nothing is sent to it). */
export async function peekFleetSession(reach: readonly string[], id: string, tail = 4): Promise<Peek | string> {
  let lines: string[] = [];
  const result = await converse([...reach, "attach", id, "--watch"], (write) => ({
    frame(raw) {
      if (raw["type"] === "ready") write({ type: "live_attach", id: "fleet-peek", tail });
      if (raw["type"] !== "response" || raw["id"] !== "fleet-peek") return false;
      const data = isRecord(raw["data"]) ? raw["data"] : {};
      lines = messageLines(Array.isArray(data["messages"]) ? data["messages"] : []);
      return true;
    },
  }));
  return result.ok ? { lines } : result.error;
}

/** Each message's text as lines, marked by who wrote it. */
function messageLines(messages: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    const message = toClientMessage(m);
    if (!message) continue;
    const text = message.blocks
      .map((b) => (b.type === "text" ? b.text : b.type === "toolCall" ? `[${b.name} ${b.argsText}]` : ""))
      .filter((t) => t !== "")
      .join("\n");
    if (text === "") continue;
    const who = message.role === "user" ? "› " : "";
    for (const line of text.split("\n")) out.push(`${who}${line}`);
  }
  return out;
}

/** Runs `argv` to its end; its exit code and stderr's last line. */
function run(argv: readonly string[], cwd?: string): Promise<{ code: number; error: string }> {
  const [file, ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(file as string, args, { stdio: ["ignore", "ignore", "pipe"], ...(cwd ? { cwd } : {}) });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
    child.on("error", (error) => resolve({ code: 127, error: error.message }));
    child.on("close", (code) => resolve({ code: code ?? 1, error: stderr.trim().split("\n").pop() ?? "" }));
  });
}

/** `sessions --stop ID`: its run is aborted, its session file kept. */
export async function stopFleetSession(reach: readonly string[], id: string): Promise<ActionResult> {
  const { code, error } = await run([...reach, "sessions", "--stop", id]);
  return code === 0 ? { ok: true } : { ok: false, error: error !== "" ? error : `exit ${code}` };
}

export { run as runFleetCommand };
