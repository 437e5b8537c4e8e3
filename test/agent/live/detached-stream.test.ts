// A live worker streaming with nobody attached (client-hub.ts): nobody waits for its deltas, so no
// timer serialises them every few ms; they become one frame per stretch of text (bounded), and a
// client that attaches later, fresh or resuming, still gets exactly the text it would have seen.
import { mkdtempSync, rmSync } from "node:fs";
import type { Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { createClientHub, type ClientHub } from "../../../src/agent/live/client-hub.js";
import { STREAM_COALESCE_MS } from "../../../src/agent/rpc/frame-writer.js";
import { client, type Client, type Frame } from "./hub-client.js";

const delta = (text: string) => ({
  type: "message_update",
  assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: text },
});

/** The text deltas among `frames`, joined. */
const deltaText = (frames: readonly Frame[]): string =>
  frames
    .map((f) => (f["assistantMessageEvent"] as { delta?: unknown } | undefined)?.delta)
    .filter((d): d is string => typeof d === "string")
    .join("");

/** Frames a client counts for its resume cursor (docs/protocol-notes.md, "Live sessions"). */
const counted = (f: Frame): boolean => !["response", "ready", "live_detached"].includes(f.type);

describe("a live worker streaming with nobody attached", () => {
  let dir: string | undefined;
  let hub: ClientHub | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const s of sockets.splice(0)) s.destroy();
    await hub?.close("shutdown");
    hub = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A hub as the worker runs it, and a wait for the next time a client goes. */
  async function start(): Promise<{ h: ClientHub; path: string; detached: () => Promise<void> }> {
    dir = mkdtempSync(join(TEST_TMP, "hub-"));
    const path = join(dir, "w.sock");
    let gone: (() => void) | undefined;
    const h = createClientHub({
      socketPath: path,
      version: "1",
      liveId: "live-1",
      snapshot: () => ({ state: {}, messages: [] }),
      onAttach: () => undefined,
      onDetach: () => gone?.(),
      onControlChanged: () => undefined,
      onShutdownRequested: () => undefined,
      warn: () => undefined,
    });
    hub = h;
    h.setRecordHandler((line, from) => h.intercept(JSON.parse(line) as Frame, from));
    await h.listen();
    const detached = () => new Promise<void>((resolve) => (gone = resolve));
    return { h, path, detached };
  }

  async function attach(path: string, after?: number): Promise<{ c: Client; answer: Frame }> {
    const c = await client(path);
    sockets.push(c.socket);
    c.send({ id: "a", type: "live_attach", ...(after !== undefined ? { after } : {}) });
    return { c, answer: await c.next((f) => f.type === "response" && f["command"] === "live_attach") };
  }

  /** Streams `parts` one every 25 ms on a fake clock (the worker's timers with it). */
  function streamDetached(h: ClientHub, parts: readonly string[]): void {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    for (const p of parts) {
      h.writer.write(delta(p));
      vi.advanceTimersByTime(25);
    }
    vi.useRealTimers();
  }

  const words = (from: number, n: number): string[] => Array.from({ length: n }, (_, i) => `w${from + i} `);

  it("logs no frame per delta, and a fresh client gets the whole answer so far, then the rest live", async () => {
    const { h, path } = await start();
    h.writer.write({ type: "agent_start" });
    h.writer.write({ type: "message_start", message: { role: "assistant", content: [] } });
    const before = h.writer.framesWritten;
    const early = words(0, 200);
    // 5 s of streaming, many times STREAM_COALESCE_MS: nothing is numbered, serialised or folded.
    streamDetached(h, early);
    expect(25 * early.length).toBeGreaterThan(10 * STREAM_COALESCE_MS);
    expect(h.writer.framesWritten - before).toBe(0);

    const { c, answer } = await attach(path);
    const data = answer["data"] as { resumed: boolean; frames: Frame[] };
    expect(data.resumed).toBe(false);
    const opened = data.frames.find((f) => f.type === "message_start");
    const content = ((opened?.["message"] ?? { content: [] }) as { content: Array<{ text?: string }> }).content;
    expect(content.map((b) => b.text ?? "").join("")).toBe(early.join(""));

    const late = words(200, 20);
    for (const p of late) h.writer.write(delta(p));
    h.writer.write({ type: "agent_settled" });
    await c.next((f) => f.type === "agent_settled");
    expect(deltaText(c.frames.slice(c.frames.indexOf(answer) + 1))).toBe(late.join(""));
  });

  it("gives a client that resumes exactly the text streamed while it was gone, in frames of bounded size", async () => {
    const { h, path, detached } = await start();
    const { c: a, answer } = await attach(path);
    h.writer.write({ type: "agent_start" });
    h.writer.write({ type: "message_start", message: { role: "assistant", content: [] } });
    const seen = words(0, 10);
    for (const p of seen) h.writer.write(delta(p));
    h.writer.write({ type: "tool_execution_start", toolCallId: "t1", toolName: "bash", args: {} });
    await a.next((f) => f.type === "tool_execution_start");
    const cursor =
      ((answer["data"] as { seq: number }).seq ?? 0) +
      a.frames.slice(a.frames.indexOf(answer) + 1).filter(counted).length;
    const gone = detached();
    a.socket.destroy();
    await gone;

    // 100 kB of text while nobody is attached: one frame per 64 KiB stretch, not one per delta.
    const before = h.writer.framesWritten;
    const missed = Array.from({ length: 100 }, (_, i) => `${String(i).padStart(4, "0")}${"x".repeat(996)}`);
    streamDetached(h, missed);
    expect(h.writer.framesWritten - before).toBe(1);
    h.writer.write({ type: "agent_settled" });

    const { c: b, answer: resumed } = await attach(path, cursor);
    expect(resumed["data"]).toMatchObject({ resumed: true, seq: cursor });
    await b.next((f) => f.type === "agent_settled");
    const after = b.frames.slice(b.frames.indexOf(resumed) + 1);
    expect(deltaText(after)).toBe(missed.join(""));
    expect(after.map((f) => f.type)).toEqual(["message_update", "message_update", "agent_settled"]);
  });
});
