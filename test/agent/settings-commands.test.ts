// get_settings / set_setting / list_files over the in-process server: values in effect, changes
// applied and saved to settings.json without losing keys written by someone else, validation,
// pi's set_* switches saved too, and the chosen model saved as the default.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createServerHarness, type ServerHarness } from "./helpers/server-harness.js";

let s: ServerHarness | undefined;
afterEach(() => {
  s?.dispose();
  s = undefined;
});

const saved = (h: ServerHarness): Record<string, unknown> =>
  JSON.parse(readFileSync(join(h.h.runtime.config.home, "settings.json"), "utf8")) as Record<string, unknown>;

describe("settings commands", () => {
  it("set_setting applies at once and saves the key next to the file's other keys", async () => {
    s = createServerHarness();
    // Another program (agent-tui's display settings) wrote the file after the worker started.
    writeFileSync(
      join(s.h.runtime.config.home, "settings.json"),
      JSON.stringify({ hideThinkingBlock: true, theme: "dark" }),
    );
    const before = (await s.request({ id: "g1", type: "get_settings" }))["data"] as {
      settings: Record<string, unknown>;
    };
    expect(before.settings).toMatchObject({
      steeringMode: "one-at-a-time",
      "tasks.maxReminders": 3,
      "tasks.reminders": true,
      permissionGate: false,
    });
    expect(await s.request({ id: "s1", type: "set_setting", key: "tasks.maxReminders", value: 5 })).toMatchObject({
      success: true,
      data: { key: "tasks.maxReminders", value: 5 },
    });
    await s.request({ id: "s2", type: "set_setting", key: "interruptMode", value: "immediate" });
    expect(s.h.runtime.interruptMode).toBe("immediate");
    const after = (await s.request({ id: "g2", type: "get_settings" }))["data"] as {
      settings: Record<string, unknown>;
    };
    expect(after.settings).toMatchObject({ "tasks.maxReminders": 5, interruptMode: "immediate" });
    expect(saved(s)).toEqual({
      hideThinkingBlock: true,
      theme: "dark",
      tasks: { maxReminders: 5 },
      interruptMode: "immediate",
    });
  });

  it("rejects unknown keys and values out of range, naming what is allowed", async () => {
    s = createServerHarness();
    expect(await s.request({ id: "a", type: "set_setting", key: "colour", value: "red" })).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Unknown setting: colour \(known: steeringMode/),
    });
    expect(await s.request({ id: "b", type: "set_setting", key: "tasks.maxReminders", value: 99 })).toMatchObject({
      success: false,
      error: "tasks.maxReminders must be a whole number from 0 to 20",
    });
    expect(await s.request({ id: "c", type: "set_setting", key: "steeringMode", value: true })).toMatchObject({
      success: false,
      error: "steeringMode must be one of all, one-at-a-time",
    });
  });

  it("set_auto_retry and set_auto_compaction are saved, as pi saves them", async () => {
    s = createServerHarness();
    await s.request({ id: "r", type: "set_auto_retry", enabled: false });
    await s.request({ id: "c", type: "set_auto_compaction", enabled: false });
    expect(saved(s)).toEqual({ retry: { enabled: false }, compaction: { enabled: false } });
  });

  it("set_model and cycle_model save the model as the default of new sessions, as pi does", async () => {
    s = createServerHarness();
    writeFileSync(join(s.h.runtime.config.home, "settings.json"), JSON.stringify({ theme: "dark" }));
    await s.request({ id: "m", type: "set_model", provider: "faux", modelId: "faux-plain" });
    expect(saved(s)).toEqual({ theme: "dark", defaultProvider: "faux", defaultModel: "faux-plain" });
    expect(s.h.runtime.config.settings).toMatchObject({ defaultProvider: "faux", defaultModel: "faux-plain" });
    await s.request({ id: "c", type: "cycle_model" });
    expect(saved(s)).toMatchObject({ defaultProvider: "faux", defaultModel: "faux-1" });
  });

  it("list_files lists the working directory's files relative to it, .gitignore honoured, and says when the limit cut it", async () => {
    s = createServerHarness();
    const all = (await s.request({ id: "l", type: "list_files", limit: 20000 }))["data"] as {
      cwd: string;
      files: string[];
      truncated: boolean;
    };
    expect(all.cwd).toBe(process.cwd());
    expect(all.files).toContain("package.json");
    expect(all.files).toContain("src/agent/commands/workspace-commands.ts");
    expect(all.files.some((f) => f.startsWith("node_modules/") || f.startsWith("dist/"))).toBe(false);
    const few = (await s.request({ id: "f", type: "list_files", limit: 3 }))["data"] as {
      files: string[];
      truncated: boolean;
    };
    expect(few).toMatchObject({ truncated: true });
    expect(few.files).toHaveLength(3);
    // Read-only: nothing reached the conversation.
    expect(s.h.runtime.messages).toEqual([]);
  });
});
