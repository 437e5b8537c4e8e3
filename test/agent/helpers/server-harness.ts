// In-process RPC server over a PassThrough "stdin" and a capturing sink: the dispatcher,
// decoding and command table without spawning a process.

import { PassThrough } from "node:stream";
import { EventEmitter } from "node:events";
import type { AgentServices } from "../../../src/agent/commands/command-table.js";
import { buildCommandTable } from "../../../src/agent/commands/registry.js";
import { createFrameWriter, type FrameSink } from "../../../src/agent/rpc/frame-writer.js";
import { startRpcServer } from "../../../src/agent/rpc/rpc-server.js";
import { openSessionManager } from "../../../src/agent/session/index.js";
import { createHarness, type Harness, type HarnessOptions } from "./runtime-harness.js";

export interface ServerHarness {
  h: Harness;
  frames: Record<string, unknown>[];
  send(line: string): void;
  request(command: Record<string, unknown>): Promise<Record<string, unknown>>;
  dispose(): void;
}

export function createServerHarness(options: HarnessOptions = {}): ServerHarness {
  const frames: Record<string, unknown>[] = [];
  const emitter = new EventEmitter();
  const sink: FrameSink = {
    write(chunk) {
      for (const line of chunk.split("\n")) {
        if (line.length > 0) frames.push(JSON.parse(line) as Record<string, unknown>);
      }
      emitter.emit("frame");
      return true;
    },
    once: (event, listener) => emitter.once(event, listener),
    on: (event, listener) => emitter.on(event, listener),
  };
  const writer = createFrameWriter({ sink });
  const h = createHarness({ ...options });
  // Route the runtime's events through the same writer, as agent-server does.
  h.hooks.add({ onEvent: (event) => writer.write(event) });
  const input = new PassThrough();
  const session = openSessionManager({ cwd: process.cwd(), agentHome: h.runtime.config.home, noSession: true });
  const services: AgentServices = {
    version: "test",
    cwd: process.cwd(),
    cli: { mode: "rpc", noSession: true, continueSession: false, extensions: [], version: false, help: false },
    config: h.runtime.config,
    session,
    shutdown: () => undefined,
    frameRoutes: new Map(),
    slots: new Map(),
  };
  startRpcServer({
    input,
    writer,
    table: buildCommandTable(),
    contextFor: (id) => ({
      runtime: h.runtime,
      services,
      emit: (e) => h.runtime.emit(e),
      ...(id !== undefined ? { id } : {}),
    }),
    frameRoutes: services.frameRoutes,
    onInputEnd: () => undefined,
  });
  const waitResponse = (id: string): Promise<Record<string, unknown>> =>
    new Promise((resolve) => {
      const check = (): void => {
        const hit = frames.find((f) => f["type"] === "response" && f["id"] === id);
        if (hit) {
          emitter.off("frame", check);
          resolve(hit);
        }
      };
      emitter.on("frame", check);
      check();
    });
  return {
    h,
    frames,
    send: (line) => input.write(line),
    request: (command) => {
      input.write(JSON.stringify(command) + "\n");
      return waitResponse(String(command["id"]));
    },
    dispose: () => h.dispose(),
  };
}
