// A prompt sent with an image comes back from history with it, as a person uses it under a pty:
// `what is this @shot.png` is sent, Up recalls it with its chip, Enter sends it again, and the
// scripted model gets the image part with the file's exact bytes both times. The history file
// keeps the prompt's words and says the image was not kept; it holds none of the bytes.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FAKE_MODEL as FAKE_MODEL_INFO } from "../fixtures/fake-agent-home.js";
import type { FakeRequest } from "../fixtures/fake-llm-server.mjs";
import { ROOT, spawnTui } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, waitForEditor } from "./tui-session.js";

const PNG = readFileSync(join(ROOT, "test", "fixtures", "images", "shot.png"));
const DATA_URL = `data:image/png;base64,${PNG.toString("base64")}`;
const CHIP = `[image #1 shot.png 37×23 ${Math.round(PNG.length / 1000)} kB]`;

const imageParts = (r: FakeRequest | undefined): unknown[] => {
  const body = (r?.body ?? {}) as { messages?: Array<{ role: string; content: unknown }> };
  const content = (body.messages ?? []).filter((m) => m.role === "user").at(-1)?.content;
  return Array.isArray(content) ? content.filter((p: { type?: string }) => p.type === "image_url") : [];
};

describe.skipIf(!BUILT)("images in prompt history", () => {
  it("Up recalls a prompt with its image, which is sent again; the history file holds no bytes", async () => {
    const sandbox = await createSandbox(
      [
        { kind: "text", matchLastUser: "what is this", chunks: ["FIRST-LOOK"] },
        { kind: "text", matchLastUser: "what is this", chunks: ["SECOND-LOOK"] },
      ],
      { models: [{ ...FAKE_MODEL_INFO, input: ["text", "image"] }] },
    );
    writeFileSync(join(sandbox.cwd, "shot.png"), PNG);
    const tui = spawnTui({ args: FAKE_MODEL, cwd: sandbox.cwd, env: sandbox.env, cols: 120, rows: 30 });
    try {
      await tui.waitForText("Fake Model", 20_000);
      await tui.type("what is this @shot.png");
      await waitForEditor(tui, "what is this @shot.png");
      tui.write("\r");
      await tui.waitForText("FIRST-LOOK");
      await tui.waitForText(/^› {1,2}message the agent/m);
      expect(imageParts(sandbox.llm.requests.at(-1))).toEqual([{ type: "image_url", image_url: { url: DATA_URL } }]);

      tui.write("\u001b[A");
      await waitForEditor(tui, `what is this ${CHIP}`);
      tui.write("\r");
      await tui.waitForText("SECOND-LOOK");
      const again = sandbox.llm.requests.at(-1);
      expect(again?.lastUser.trimEnd()).toBe(`what is this ${CHIP}`);
      expect(imageParts(again)).toEqual([{ type: "image_url", image_url: { url: DATA_URL } }]);

      const dir = join(sandbox.env["AGENT_TUI_HOME"] ?? "", "history");
      const file = readFileSync(join(dir, readdirSync(dir)[0] ?? ""), "utf8");
      // The chip's own space after it stays, as it was sent.
      const kB = Math.round(PNG.length / 1000);
      const marked = JSON.stringify(`what is this [image shot.png 37×23 ${kB} kB, not kept in history] `);
      expect(file.split("\n").filter((l) => l !== "")).toEqual([marked, marked]);
      expect(file).not.toContain(PNG.toString("base64").slice(0, 40));
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 40_000);
});
