// The built-in /demo-ui command exercises every ctx.ui method with an RPC representation; it is a
// demo, so a worker lists it only on the demo provider (agent-tui --demo), never among the
// user's own commands.
import "../helpers/isolated-tmp.js";
import { describe, expect, it } from "vitest";
import { startAgentProcess } from "../helpers/agent-process.js";
import { createDemoUi, DEMO_UI_COMMAND, DEMO_UI_PATH } from "../../../src/agent/extensions/builtin/demo-ui.js";
import { ExtensionHost } from "../../../src/agent/extensions/host.js";

describe("demo-ui built-in", () => {
  it("emits every request kind and reports what the dialogs returned", async () => {
    const frames: Record<string, unknown>[] = [];
    const host = new ExtensionHost({ cwd: "/w", emit: (f) => frames.push(f) });
    await host.register({ path: DEMO_UI_PATH, source: "builtin", scope: "temporary" }, createDemoUi());
    const answers: Record<string, object> = {
      select: { value: "Green" },
      confirm: { confirmed: true },
      input: { value: "Ada" },
      editor: { cancelled: true },
    };
    let answered = 0;
    const origEmit = frames.push.bind(frames);
    frames.push = (...items: Record<string, unknown>[]) => {
      const n = origEmit(...items);
      for (const f of items) {
        const answer = answers[String(f.method)];
        // The timed confirm is answered "false" at once (its timeout path is covered in ui-bridge tests).
        if (answer)
          queueMicrotask(
            () =>
              void (answered++,
              host.bridge.handleUiResponse({
                type: "extension_ui_response",
                id: f.id,
                ...(f.timeout ? { confirmed: false } : answer),
              })),
          );
      }
      return n;
    };
    await expect(host.runCommand(`/${DEMO_UI_COMMAND} with args`)).resolves.toBe(true);
    expect(answered).toBe(5);
    const methods = new Set(frames.map((f) => f.method));
    for (const m of [
      "notify",
      "setStatus",
      "setWidget",
      "setTitle",
      "set_editor_text",
      "select",
      "confirm",
      "input",
      "editor",
    ])
      expect(methods).toContain(m);
    expect(frames.some((f) => f.method === "setWidget" && f.widgetPlacement === "belowEditor")).toBe(true);
    expect(frames.some((f) => f.method === "setStatus" && !("statusText" in f))).toBe(true);
    expect(frames.find((f) => f.method === "set_editor_text")?.text).toBe("demo-ui was run with: with args");
    expect(frames.at(-1)).toMatchObject({
      method: "notify",
      message: 'demo-ui results: colour "Green", continue true, name "Ada", note (cancelled), timed confirm false',
    });
    expect(host.extensionCommands().map((c) => c.name)).toEqual(["demo-ui"]);
  });

  it("is listed by a worker on the demo provider, and not by one on the user's own model", async () => {
    const commandNames = async (args: string[]): Promise<string[]> => {
      const agent = await startAgentProcess({ args });
      try {
        const reply = await agent.request({ type: "get_commands" });
        return (reply["data"] as { commands: { name: string }[] }).commands.map((c) => c.name);
      } finally {
        await agent.stop();
      }
    };
    expect(await commandNames([])).not.toContain(DEMO_UI_COMMAND);
    expect(await commandNames(["--provider", "demo"])).toContain(DEMO_UI_COMMAND);
  });
});
