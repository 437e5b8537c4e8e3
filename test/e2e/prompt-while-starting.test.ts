// A prompt typed while the worker is still starting is not lost: it stays in the editor (with
// a note saying so) and is sent once the worker is ready.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS, ROOT, spawnTui } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT as built, waitForEditor } from "./tui-session.js";

describe.skipIf(!built)("prompt while the worker starts", () => {
  it("keeps it in the editor, then sends it when the worker is ready", async () => {
    const sandbox = await createSandbox([]);
    const worker = join(ROOT, "test", "fixtures", "fake-worker.mjs");
    const tui = spawnTui({
      args: ["--agent", `node ${worker}`],
      cwd: sandbox.cwd,
      env: { ...sandbox.env, FAKE_START_DELAY_MS: "4000", FAKE_READY: "1" },
    });
    try {
      await tui.waitForText("worker starting", 15_000);
      await tui.type("text");
      await waitForEditor(tui, "text");
      tui.write(KEYS.enter);
      await tui.waitForText("your message stays here and is sent when it is ready");
      expect(
        tui
          .screen()
          .filter((row) => row.startsWith("› "))
          .at(-1)
          ?.trimEnd(),
      ).toBe("› text");
      // The fake worker answers the prompt "text" with three deltas.
      await tui.waitForText("d0 d1 d2", 15_000, "all");
      await waitForEditor(tui, "");
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 40_000);
});
