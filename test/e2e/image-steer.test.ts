// Steer and follow-up messages carry images too, as a person sends them under a pty while a run
// works: `@shot.png` typed while a tool runs, sent with Enter (a steer) or Alt+Enter (a
// follow-up), reaches the scripted model as an image part with the file's exact bytes, in the
// request that carries that message (after the tool for the steer, after the run for the follow-up).
// A steer pulled back with Alt+Up comes back with its image, and is sent with it.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FAKE_MODEL as FAKE_MODEL_INFO } from "../fixtures/fake-agent-home.js";
import type { FakeRequest, FakeStep } from "../fixtures/fake-llm-server.mjs";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, waitForEditor } from "./tui-session.js";

const PNG = readFileSync(join(ROOT, "test", "fixtures", "images", "shot.png"));
const IMAGE_PART = { type: "image_url", image_url: { url: `data:image/png;base64,${PNG.toString("base64")}` } };
const CHIP = `[image #1 shot.png 37×23 ${Math.round(PNG.length / 1000)} kB]`;

/** A bash call that runs until the test creates `file` in the session's folder. */
const waitsFor = (id: string, file: string) => ({
  id,
  name: "bash",
  arguments: { command: `until [ -e ${file} ]; do sleep 0.02; done; echo released` },
});

const SCRIPT: FakeStep[] = [
  { kind: "tool_call", matchLastUser: "STEER-TEST", calls: [waitsFor("call_s", "steer-release")] },
  { kind: "text", matchLastUser: "steer look", chunks: ["STEERED-ANSWER"] },
  { kind: "tool_call", matchLastUser: "FOLLOW-TEST", calls: [waitsFor("call_f", "follow-release")] },
  { kind: "text", matchLastUser: "FOLLOW-TEST", chunks: ["RUN-DONE"] },
  { kind: "text", matchLastUser: "follow look", chunks: ["FOLLOWED-ANSWER"] },
  { kind: "tool_call", matchLastUser: "PULL-TEST", calls: [waitsFor("call_p", "pull-release")] },
  { kind: "text", matchLastUser: "PULL-TEST", chunks: ["PULL-RUN-DONE"] },
  { kind: "text", matchLastUser: "pull look", chunks: ["PULLED-ANSWER"] },
];

/** Alt+Up as xterm sends it: pull the queue back into the editor. */
const ALT_UP = "\u001b[1;3A";

/** The image parts of the last user message of `r`. */
function imageParts(r: FakeRequest | undefined): unknown[] {
  const body = (r?.body ?? {}) as { messages?: Array<{ role: string; content: unknown }> };
  const content = (body.messages ?? []).filter((m) => m.role === "user").at(-1)?.content;
  return Array.isArray(content) ? content.filter((p: { type?: string }) => p.type === "image_url") : [];
}

/** Start `prompt`'s run, and while its tool waits send `message` with the image by `key` (queued). */
async function sendDuringTool(
  tui: TuiProcess,
  o: { prompt: string; release: string; message: string; key: string; queued: RegExp },
): Promise<void> {
  await tui.type(o.prompt);
  await waitForEditor(tui, o.prompt);
  tui.write(KEYS.enter);
  await tui.waitForText(new RegExp(`⋯ bash until \\[ -e ${o.release} \\]`));
  await tui.type(`${o.message} @shot.png`);
  await waitForEditor(tui, `${o.message} @shot.png`);
  tui.write(o.key);
  await tui.waitForText(o.queued);
}

const release = (sandbox: Sandbox, file: string): void => writeFileSync(join(sandbox.cwd, file), "");

describe.skipIf(!BUILT)("images in steer and follow-up messages", () => {
  it("a steer and a follow-up sent with @shot.png while a tool runs reach the model with the image", async () => {
    const sandbox = await createSandbox(SCRIPT, { models: [{ ...FAKE_MODEL_INFO, input: ["text", "image"] }] });
    writeFileSync(join(sandbox.cwd, "shot.png"), PNG);
    const tui = spawnTui({ args: FAKE_MODEL, cwd: sandbox.cwd, env: sandbox.env, cols: 120, rows: 30 });
    const request = (text: string) => sandbox.llm.requests.find((r) => r.lastUser.trimEnd() === text);
    try {
      await tui.waitForText("Fake Model", 20_000);
      await sendDuringTool(tui, {
        prompt: "STEER-TEST go",
        release: "steer-release",
        message: "steer look",
        key: KEYS.enter,
        queued: /Steering \(1\) steer look/,
      });
      release(sandbox, "steer-release");
      await tui.waitForText("STEERED-ANSWER");
      expect(imageParts(request(`steer look ${CHIP}`))).toEqual([IMAGE_PART]);
      await tui.waitForText(/^› {1,2}message the agent/m);

      await sendDuringTool(tui, {
        prompt: "FOLLOW-TEST go",
        release: "follow-release",
        message: "follow look",
        key: KEYS.altEnter,
        queued: /Follow-up \(1\) follow look/,
      });
      release(sandbox, "follow-release");
      await tui.waitForText("FOLLOWED-ANSWER");
      expect(sandbox.llm.requests.findIndex((r) => r.lastUser.includes("follow look"))).toBeGreaterThan(
        sandbox.llm.requests.findIndex((r) => r.lastUser.includes("FOLLOW-TEST")),
      );
      expect(imageParts(request(`follow look ${CHIP}`))).toEqual([IMAGE_PART]);
      await tui.waitForText(/^› {1,2}message the agent/m);

      // Pulled back (the worker returns the text only): the chip is whole, its image attached.
      await sendDuringTool(tui, {
        prompt: "PULL-TEST go",
        release: "pull-release",
        message: "pull look",
        key: KEYS.enter,
        queued: /Steering \(1\) pull look/,
      });
      tui.write(ALT_UP);
      await waitForEditor(tui, `pull look ${CHIP}`);
      release(sandbox, "pull-release");
      await tui.waitForText("PULL-RUN-DONE");
      await tui.waitForNoText("Working…");
      tui.write(KEYS.enter);
      await tui.waitForText("PULLED-ANSWER");
      expect(imageParts(request(`pull look ${CHIP}`))).toEqual([IMAGE_PART]);
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 40_000);
});
