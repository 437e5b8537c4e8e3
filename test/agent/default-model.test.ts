// The model a user picks (/model's set_model, Ctrl+P's cycle_model, an extension's pi.setModel)
// is where the next new session starts, as in pi: the worker saves it in settings.json.
import "./helpers/isolated-tmp.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnRpc, startAgentProcess, type RpcProcess } from "./helpers/agent-process.js";

const PICKER_EXTENSION = `export default function (pi) {
  pi.registerCommand("pick-second", {
    handler: async () => { await pi.setModel({ provider: "fake", id: "fake-model-2" }); },
  });
}
`;

// Stopped in reverse order: the first worker of a test owns the temp home the others use.
const running: RpcProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const worker of running.splice(0).reverse()) await worker.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function modelOfNewSession(home: string): Promise<string> {
  const next = spawnRpc({ home, args: ["--no-session"] });
  running.push(next);
  const state = await next.request({ type: "get_state" });
  return (state["data"] as { model: { id: string } }).model.id;
}

function savedSettings(home: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(home, "settings.json"), "utf8")) as Record<string, unknown>;
}

describe("the chosen model is the default of new sessions", () => {
  it("set_model saves it and the next worker starts on it", async () => {
    const first = await startAgentProcess();
    running.push(first);
    const home = join(first.dir, "home");
    expect(await modelOfNewSession(home)).toBe("fake-model");
    await first.request({ type: "set_model", provider: "fake", modelId: "fake-model-2" });
    expect(savedSettings(home)).toMatchObject({ defaultProvider: "fake", defaultModel: "fake-model-2" });
    expect(await modelOfNewSession(home)).toBe("fake-model-2");
  });

  it("an extension's pi.setModel saves it too", async () => {
    const extensionDir = mkdtempSync(join(tmpdir(), "pick-model-"));
    dirs.push(extensionDir);
    const extension = join(extensionDir, "pick-second.mjs");
    writeFileSync(extension, PICKER_EXTENSION);
    const first = await startAgentProcess({ args: ["-e", extension] });
    running.push(first);
    await first.request({ type: "prompt", message: "/pick-second" });
    const home = join(first.dir, "home");
    await expect.poll(() => savedSettings(home)["defaultModel"]).toBe("fake-model-2");
    expect(await modelOfNewSession(home)).toBe("fake-model-2");
  });
});
