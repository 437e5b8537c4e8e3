// agent-tui's settings file: one key saved without losing the others, never over a broken file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTuiSettings, saveTuiSetting } from "../../../src/tui/settings/settings-file.js";

describe("settings file", () => {
  const home = mkdtempSync(join(tmpdir(), "tui-settings-"));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("saves one key next to the keys already there, and reads them back", () => {
    writeFileSync(join(home, "settings.json"), JSON.stringify({ steeringMode: "all", retry: { enabled: false } }));
    saveTuiSetting(home, "hideThinkingBlock", true);
    expect(readTuiSettings(home)).toEqual({ steeringMode: "all", retry: { enabled: false }, hideThinkingBlock: true });
  });

  it("refuses to replace a file it cannot parse", () => {
    writeFileSync(join(home, "settings.json"), "{ broken");
    expect(() => saveTuiSetting(home, "hideThinkingBlock", false)).toThrow();
    expect(readFileSync(join(home, "settings.json"), "utf8")).toBe("{ broken");
    expect(readTuiSettings(home)).toEqual({});
  });
});
