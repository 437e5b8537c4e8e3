// The live worker's socket with two clients: the first controls, the second watches (it gets
// every event, may read and answer dialogs, and is refused anything else), take_control moves
// control and tells both, host tool frames reach only the controller, live_watch gives control up;
// consecutive deltas of one block reach them as one frame, in order with everything else.
import { mkdtempSync, rmSync } from "node:fs";
import type { Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { createClientHub, type ClientConnection, type ClientHub } from "../../../src/agent/live/client-hub.js";
import { watcherMay, WATCHING_REFUSAL } from "../../../src/agent/live/client-roles.js";
import { client, type Client, type Frame } from "./hub-client.js";

describe("live client roles", () => {
  let dir: string | undefined;
  let hub: ClientHub | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await hub?.close("shutdown");
    hub = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function start(): Promise<{
    hub: ClientHub;
    path: string;
    records: Array<{ line: string; from: ClientConnection }>;
  }> {
    dir = mkdtempSync(join(TEST_TMP, "hub-"));
    const path = join(dir, "w.sock");
    const records: Array<{ line: string; from: ClientConnection }> = [];
    const h = createClientHub({
      socketPath: path,
      version: "1",
      liveId: "live-1",
      snapshot: () => ({ state: {}, messages: [] }),
      onAttach: () => undefined,
      onDetach: () => undefined,
      onControlChanged: () => undefined,
      onShutdownRequested: () => undefined,
      warn: () => undefined,
    });
    hub = h;
    h.setRecordHandler((line, from) => {
      records.push({ line, from });
      const frame = JSON.parse(line) as Frame;
      if (h.intercept(frame, from)) return;
      h.reply(from, { id: frame["id"], type: "response", command: frame.type, success: true });
    });
    await h.listen();
    return { hub: h, path, records };
  }

  async function attached(path: string): Promise<{ c: Client; role: unknown }> {
    const c = await client(path);
    sockets.push(c.socket);
    c.send({ id: "a", type: "live_attach" });
    const answer = await c.next((f) => f.type === "response" && f["command"] === "live_attach");
    return { c, role: (answer["data"] as Record<string, unknown>)["role"] };
  }

  it("lets a second client watch everything, read and answer, and refuses it the rest", async () => {
    const { hub: h, path, records } = await start();
    const a = await attached(path);
    const b = await attached(path);
    expect([a.role, b.role]).toEqual(["controller", "watcher"]);
    expect([h.attached, h.clients]).toEqual([true, 2]);

    h.writer.write({ type: "agent_start" });
    h.writer.write({ type: "host_tool_call", id: "h1", toolName: "t" });
    h.writer.write({ type: "agent_settled" });
    await b.c.next((f) => f.type === "agent_settled");
    await a.c.next((f) => f.type === "agent_settled");
    expect(b.c.frames.map((f) => f.type)).not.toContain("host_tool_call");
    expect(a.c.frames.map((f) => f.type)).toContain("host_tool_call");

    b.c.send({ id: "p", type: "prompt", message: "hi" });
    const refused = await b.c.next((f) => f["id"] === "p");
    expect(refused).toMatchObject({ type: "response", command: "prompt", success: false, error: WATCHING_REFUSAL });
    b.c.send({ id: "s", type: "get_state" });
    expect(await b.c.next((f) => f["id"] === "s")).toMatchObject({ success: true });
    b.c.send({ id: "x", type: "shutdown" });
    expect(await b.c.next((f) => f["id"] === "x")).toMatchObject({ success: false, error: WATCHING_REFUSAL });
    // The prompt and the shutdown never reached the server.
    expect(records.map((r) => JSON.parse(r.line).type)).toEqual(["live_attach", "live_attach", "get_state"]);
    // A's own commands still go through.
    a.c.send({ id: "q", type: "prompt", message: "go" });
    expect(await a.c.next((f) => f["id"] === "q")).toMatchObject({ success: true });
  });

  it("moves control on take_control and tells both; live_watch gives it up", async () => {
    const { hub: h, path } = await start();
    const a = await attached(path);
    const b = await attached(path);
    b.c.send({ id: "t", type: "take_control" });
    expect(await b.c.next((f) => f["id"] === "t")).toMatchObject({ success: true, data: { role: "controller" } });
    expect(b.c.frames.find((f) => f.type === "live_control")).toEqual({ type: "live_control", role: "controller" });
    expect(await a.c.next((f) => f.type === "live_control")).toEqual({ type: "live_control", role: "watcher" });
    // Control moved: A is refused, B's prompt goes through.
    a.c.send({ id: "p", type: "prompt" });
    expect(await a.c.next((f) => f["id"] === "p")).toMatchObject({ success: false, error: WATCHING_REFUSAL });
    b.c.send({ id: "p2", type: "prompt" });
    expect(await b.c.next((f) => f["id"] === "p2")).toMatchObject({ success: true });

    b.c.send({ id: "w", type: "live_watch" });
    expect(await b.c.next((f) => f["id"] === "w")).toMatchObject({ data: { role: "watcher" } });
    expect([h.attached, h.clients]).toEqual([false, 2]);
    // The controller leaving does not make a watcher control: it takes control when it wants.
    a.c.send({ id: "t2", type: "take_control" });
    await a.c.next((f) => f["id"] === "t2");
    a.c.socket.end();
    await new Promise<void>((r) => a.c.socket.once("close", () => r()));
    const deadline = Date.now() + 2000;
    while (h.clients !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect([h.attached, h.clients]).toEqual([false, 1]);
  });

  it("sends consecutive deltas of one block as one frame, in order with answers and other events", async () => {
    const { hub: h, path, records } = await start();
    const a = await attached(path);
    const from = records[0]?.from as ClientConnection;
    const delta = (contentIndex: number, text: string) => ({
      type: "message_update",
      assistantMessageEvent: { type: "text_delta", contentIndex, delta: text },
    });
    h.writer.write(delta(0, "Hel"));
    h.writer.write(delta(0, "lo"));
    h.reply(from, { id: "s", type: "response", command: "get_state", success: true });
    h.writer.write(delta(0, " wor"));
    h.writer.write(delta(0, "ld"));
    h.writer.write(delta(1, "!"));
    h.writer.write({ type: "agent_settled" });
    await a.c.next((f) => f.type === "agent_settled");
    const after = a.c.frames.slice(a.c.frames.findIndex((f) => f["command"] === "live_attach") + 1);
    const shown = after.map((f) => {
      const e = f["assistantMessageEvent"] as { contentIndex: number; delta: string } | undefined;
      return e ? `${e.contentIndex}:${e.delta}` : f.type;
    });
    expect(shown).toEqual(["0:Hello", "response", "0: world", "1:!", "agent_settled"]);
  });

  it("names what a watcher may send", () => {
    expect(
      ["get_state", "get_messages", "extension_ui_response", "take_control", "live_attach"].every(watcherMay),
    ).toBe(true);
    expect(["prompt", "steer", "abort", "set_model", "shutdown", "host_tool_result", "bash"].some(watcherMay)).toBe(
      false,
    );
  });
});
