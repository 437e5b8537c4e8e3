// Images from the laptop reach the model, on the built programs under a pty: an @path typed in
// a terminal attached to a live worker (the worker's folder has no such file: the bytes travel
// in the prompt), Ctrl+V with a clipboard tool on PATH that holds a PNG, and pi as the worker.
// The scripted model records what it was sent: an image part with the file's exact bytes.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listLiveEntries } from "../../src/agent/live/live-registry.js";
import { FAKE_MODEL as FAKE_MODEL_INFO } from "../fixtures/fake-agent-home.js";
import type { FakeRequest } from "../fixtures/fake-llm-server.mjs";
import { ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine, waitForEditor, waitUntil } from "./tui-session.js";
import { endLiveWorkers } from "./live-workers.js";

const PNG = readFileSync(join(ROOT, "test", "fixtures", "images", "shot.png"));
const DATA_URL = `data:image/png;base64,${PNG.toString("base64")}`;
const CHIP = `[image #1 shot.png 37×23 ${Math.round(PNG.length / 1000)} kB]`;
const SEES_IMAGES = [{ ...FAKE_MODEL_INFO, input: ["text", "image"] }];
const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");

let sandbox: Sandbox | undefined;
const tuis: TuiProcess[] = [];
const liveDir = (): string => join(sandbox?.root ?? "", "agent", "live");

afterEach(async () => {
  for (const t of tuis.splice(0)) t.kill();
  const pids = sandbox ? listLiveEntries(liveDir()).map((e) => e.pid) : [];
  await endLiveWorkers(pids);
  await sandbox?.dispose();
  sandbox = undefined;
});

/** The content parts of the last user message the model was sent. */
function lastUserParts(r: FakeRequest | undefined): Array<Record<string, unknown>> {
  const body = (r?.body ?? {}) as { messages?: Array<{ role: string; content: unknown }> };
  const messages = body.messages ?? [];
  const content = messages.filter((m) => m.role === "user").at(-1)?.content;
  return Array.isArray(content) ? content : [];
}

const imageParts = (r: FakeRequest | undefined) => lastUserParts(r).filter((p) => p["type"] === "image_url");

function start(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): TuiProcess {
  const tui = spawnTui({ args, cwd, env: { ...sandbox?.env, ...env }, cols: 120, rows: 30 });
  tuis.push(tui);
  return tui;
}

describe.skipIf(!BUILT)("images in the prompt reach the model", () => {
  it("an @path typed in a terminal attached to a live worker elsewhere reaches it as an image part", async () => {
    const answer = { kind: "text" as const, matchLastUser: "what is this", chunks: ["A-RED-SQUARE"] };
    const hello = { kind: "text" as const, matchLastUser: "hello", chunks: ["HELLO-ANSWER"] };
    sandbox = await createSandbox([hello, answer], {
      models: SEES_IMAGES,
      settings: { liveSessions: { enabled: true } },
    });
    const live = { AGENT_TUI_LIVE_SESSIONS: "1" };
    const first = start(FAKE_MODEL, sandbox.cwd, live);
    await first.waitForText("Fake Model", 20_000);
    await submitLine(first, "hello");
    await first.waitForText("HELLO-ANSWER");
    process.kill(first.pid, "SIGHUP");
    await first.waitForExit();
    await waitUntil(() => listLiveEntries(liveDir()).every((e) => !e.attached), "the worker to be detached");
    const id = listLiveEntries(liveDir())[0]?.id.slice(0, 13) ?? "";

    // The laptop: another folder, the only one with the picture.
    const laptop = join(sandbox.root, "laptop");
    mkdirSync(laptop);
    writeFileSync(join(laptop, "shot.png"), PNG);
    const tui = start(["attach", id], laptop, live);
    await tui.waitForText("HELLO-ANSWER", 20_000, "all");
    await tui.type("what is this @shot.png");
    await waitForEditor(tui, "what is this @shot.png");
    tui.write("\r");
    await tui.waitForText("A-RED-SQUARE");
    const request = sandbox.llm.requests.at(-1);
    expect(request?.lastUser.trimEnd()).toBe(`what is this ${CHIP}`);
    expect(imageParts(request)).toEqual([{ type: "image_url", image_url: { url: DATA_URL } }]);
  }, 90_000);

  it("Ctrl+V attaches the PNG a clipboard tool on PATH prints, shown as a chip", async () => {
    sandbox = await createSandbox([{ kind: "text", matchLastUser: "pasted", chunks: ["GOT-THE-PASTE"] }], {
      models: SEES_IMAGES,
    });
    const bin = join(sandbox.root, "bin");
    mkdirSync(bin);
    writeFileSync(join(sandbox.root, "clip.png"), PNG);
    // xclip as a screenshot tool leaves it: TARGETS lists image/png, `-t image/png -o` prints it.
    const xclip = [
      "#!/bin/sh",
      'case "$*" in',
      "  *TARGETS*) printf 'TARGETS\\nimage/png\\n' ;;",
      `  *image/png*) cat '${join(sandbox.root, "clip.png")}' ;;`,
      "  *) exit 1 ;;",
      "esac",
      "",
    ].join("\n");
    writeFileSync(join(bin, "xclip"), xclip);
    chmodSync(join(bin, "xclip"), 0o755);
    const tui = start(FAKE_MODEL, sandbox.cwd, { PATH: `${bin}:${process.env["PATH"]}`, DISPLAY: ":99" });
    await tui.waitForText("Fake Model", 20_000);
    tui.write("\u0016"); // Ctrl+V
    const chip = `[image #1 clipboard 37×23 ${Math.round(PNG.length / 1000)} kB]`;
    await tui.waitForText(chip);
    await tui.type("pasted");
    await waitForEditor(tui, `${chip} pasted`);
    tui.write("\r");
    await tui.waitForText("GOT-THE-PASTE");
    expect(imageParts(sandbox.llm.requests.at(-1))).toEqual([{ type: "image_url", image_url: { url: DATA_URL } }]);
  }, 60_000);

  it.skipIf(!BUILT)(
    "pi as the worker gets the image the same way",
    async () => {
      sandbox = await createSandbox([{ kind: "text", matchLastUser: "from pi", chunks: ["PI-SAW-IT"] }], {
        models: SEES_IMAGES,
      });
      writeFileSync(join(sandbox.cwd, "shot.png"), PNG);
      const tui = start(["--agent", `${process.execPath} ${PI_CLI} --mode rpc`, "--model", "fake-model"], sandbox.cwd);
      await tui.waitForText("Fake Model", 30_000);
      await submitLine(tui, "from pi @shot.png");
      await tui.waitForText("PI-SAW-IT");
      const request = sandbox.llm.requests.at(-1);
      expect(request?.lastUser.trimEnd()).toBe(`from pi ${CHIP}`);
      expect(imageParts(request)).toEqual([{ type: "image_url", image_url: { url: DATA_URL } }]);
    },
    60_000,
  );
});
