// Setup for driving the REAL pi 0.73.1 through the bridge: temp HOME/TMPDIR/agent dir with
// models.json + settings.json pointing at the scripted fake LLM on loopback (traces README).
import { join, resolve } from "node:path";
import { createFakeAgentHome, FAKE_MODEL, FAKE_MODEL_2 } from "../fixtures/fake-agent-home.js";
import type { FakeLlm, FakeStep } from "../fixtures/fake-llm-server.mjs";
import type { BridgeNotice } from "../../src/bridge/types.js";

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");
export const PI_UI_EXTENSION = join(ROOT, "test", "fixtures", "pi-ui-extension.ts");

export interface PiSandbox {
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  llm: FakeLlm;
  dispose(): Promise<void>;
}

export async function createPiSandbox(script: FakeStep[] = []): Promise<PiSandbox> {
  const home = await createFakeAgentHome({
    prefix: "bridge-pi-",
    script,
    models: [FAKE_MODEL, FAKE_MODEL_2],
    settings: {
      quietStartup: true,
      enableInstallTelemetry: false,
      retry: { enabled: true, maxRetries: 2, baseDelayMs: 300, provider: { maxRetries: 0 } },
    },
    env: { TERM: "dumb", PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1" },
  });
  home.env["PI_CODING_AGENT_DIR"] = home.agentDir;
  return home;
}

type WorkerEvent = Extract<BridgeNotice, { kind: "event" }>["event"];

/** Queries over the notices a test collected from a connection, by position in the log. */
export function createNoticeLog(): {
  notices: BridgeNotice[];
  eventsSince(start: number): WorkerEvent[];
  userTexts(start: number): string[];
} {
  const notices: BridgeNotice[] = [];
  const eventsSince = (start: number): WorkerEvent[] =>
    notices.slice(start).flatMap((n) => (n.kind === "event" ? [n.event] : []));
  const userTexts = (start: number): string[] =>
    eventsSince(start).flatMap((e) => {
      if (e.type !== "message_start" || e.message.role !== "user") return [];
      return [e.message.blocks.map((c) => (c.type === "text" ? c.text : "")).join("")];
    });
  return { notices, eventsSince, userTexts };
}
