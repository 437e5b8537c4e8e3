// /export never replaces a file silently: an existing path is refused by the worker and the
// TUI says how to replace it; /export --force asks the worker to overwrite.
import { describe, expect, it } from "vitest";
import type { SlashContext } from "../../../src/tui/slash/slash-registry.js";
import type { SlashDeps } from "../../../src/tui/slash/slash-deps.js";
import { infoCommands } from "../../../src/tui/slash/info-commands.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";

function setup(existing: Set<string>) {
  const calls: unknown[][] = [];
  const notices: string[] = [];
  const rpc = {
    async exportHtml(path?: string, options?: { overwrite?: boolean }) {
      calls.push([path, options]);
      if (path !== undefined && existing.has(path) && options?.overwrite !== true)
        throw new Error(`${path} already exists; it is replaced only when asked to overwrite it`);
      return { path: path ?? "default.html" };
    },
  };
  const ctx = {
    store: createStore(createInitialState(100, 30), { frameMs: 0 }),
    connection: { rpc, respondToUi: () => undefined, getSnapshot: () => ({ capabilities: { commands: {} } }) },
    exit: () => undefined,
    setEditorText: () => undefined,
    notice: (text: string) => notices.push(text),
  } as unknown as SlashContext;
  const command = infoCommands({} as SlashDeps).find((c) => c.name === "export");
  if (!command) throw new Error("no /export");
  return { run: (args: string) => command.run(args, ctx), calls, notices };
}

describe("/export", () => {
  it("says how to replace an existing file, and --force replaces it", async () => {
    const s = setup(new Set(["notes.html"]));
    await s.run("notes.html");
    expect(s.notices.at(-1)).toBe("notes.html already exists: /export --force notes.html replaces it.");
    await s.run("--force notes.html");
    expect(s.calls.at(-1)).toEqual(["notes.html", { overwrite: true }]);
    expect(s.notices.at(-1)).toBe("Exported to notes.html");
    await s.run("");
    expect(s.calls.at(-1)).toEqual([undefined, undefined]);
  });
});
