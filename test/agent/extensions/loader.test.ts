// Loading extensions: -e paths (TS and JS, no build step), $AGENT_TUI_HOME/extensions, and project
// extensions only when the project is trusted; pi's own UI test extension loads unchanged.
import "../helpers/isolated-tmp.js";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverExtensions, isProjectTrusted, loadExtensionModules } from "../../../src/agent/extensions/loader.js";
import { setupExtensions } from "../../../src/agent/extensions/index.js";

const FIXTURE = resolve(import.meta.dirname, "../../fixtures/pi-ui-extension.ts");
const roots: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "ext-load-"));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const TS_EXT = `
interface Api { registerCommand(name: string, o: { description?: string; handler: (args: string) => Promise<void> }): void }
const label: string = "from-ts";
export default function (pi: Api): void {
  pi.registerCommand(label, { description: "typed", handler: async (_args: string) => {} });
}
`;
const JS_EXT = `export default function (pi) { pi.registerCommand("from-js", { description: "plain js", handler: async () => {} }); }\n`;

describe("extension discovery", () => {
  it("trusts a project only through the user's settings or an explicit override", () => {
    expect(isProjectTrusted({}, "/p")).toBe(false);
    expect(isProjectTrusted(undefined, "/p")).toBe(false);
    expect(isProjectTrusted({ trustProjectExtensions: true }, "/p")).toBe(true);
    expect(isProjectTrusted({ trustedProjects: ["/other", "/p/"] }, "/p")).toBe(true);
    expect(isProjectTrusted({ trustedProjects: ["/other"] }, "/p")).toBe(false);
    expect(isProjectTrusted({ trustProjectExtensions: true }, "/p", false)).toBe(false);
    expect(isProjectTrusted({}, "/p", true)).toBe(true);
  });

  it("finds -e files and directories, user extensions, and project ones only when trusted", () => {
    const home = tempRoot();
    const cwd = tempRoot();
    const cliFile = write(join(cwd, "mine.ts"), TS_EXT);
    const cliDir = join(cwd, "dir-ext");
    write(join(cliDir, "index.js"), JS_EXT);
    const userFile = write(join(home, "extensions", "user.js"), JS_EXT);
    const userIndex = write(join(home, "extensions", "pkg", "index.ts"), TS_EXT);
    write(join(home, "extensions", "notes.md"), "not an extension");
    const projectFile = write(join(cwd, ".agent-tui", "extensions", "project.ts"), TS_EXT);

    const untrusted = discoverExtensions({
      cliPaths: ["mine.ts", cliDir, "missing.ts"],
      home,
      cwd,
      projectTrusted: false,
    });
    expect(untrusted.found).toEqual([
      { path: cliFile, source: "cli", scope: "temporary" },
      { path: join(cliDir, "index.js"), source: "cli", scope: "temporary" },
      { path: userIndex, source: "local", scope: "user" },
      { path: userFile, source: "local", scope: "user" },
    ]);
    expect(untrusted.untrusted).toEqual([projectFile]);
    expect(untrusted.missing).toEqual([join(cwd, "missing.ts")]);

    const trusted = discoverExtensions({ cliPaths: [], home, cwd, projectTrusted: true });
    expect(trusted.found.at(-1)).toEqual({ path: projectFile, source: "local", scope: "project" });
    expect(trusted.untrusted).toEqual([]);
  });
});

describe("extension loading", () => {
  it("loads TypeScript and JavaScript modules without a build step; reports bad modules", async () => {
    const dir = tempRoot();
    const ts = write(join(dir, "a.ts"), TS_EXT);
    const js = write(join(dir, "b.mjs"), JS_EXT);
    const noDefault = write(join(dir, "c.js"), "export const x = 1;\n");
    const broken = write(join(dir, "d.ts"), "export default function (pi: { }) { throw new Error('x') \n const = ;\n}");
    const { loaded, failed } = await loadExtensionModules(
      [ts, js, noDefault, broken].map((path) => ({ path, source: "cli" as const, scope: "temporary" as const })),
    );
    expect(loaded.map((l) => l.origin.path)).toEqual([ts, js]);
    expect(loaded.every((l) => typeof l.factory === "function")).toBe(true);
    expect(failed.map((f) => f.origin.path)).toEqual([noDefault, broken]);
    expect(failed[0]?.error).toMatch(/default export/);
  });

  it("setupExtensions loads pi's UI test extension unchanged, skips untrusted project extensions, lists commands", async () => {
    const home = tempRoot();
    const cwd = tempRoot();
    write(join(home, "extensions", "user.js"), JS_EXT);
    write(join(cwd, ".agent-tui", "extensions", "project.ts"), TS_EXT);
    write(join(cwd, ".agent-tui", "prompts", "fix.md"), "---\ndescription: Fix it\n---\nFix $1\n");
    const frames: Record<string, unknown>[] = [];
    const warnings: string[] = [];
    const system = await setupExtensions({
      cwd,
      home,
      cliPaths: [FIXTURE],
      settings: {},
      emit: (f) => frames.push(f),
      warn: (m) => warnings.push(m),
    });
    const listed = system.listCommands().map((c) => `${c.source}:${c.name}`);
    expect(listed).toEqual(["extension:ui-demo", "extension:ui-throw", "extension:from-js", "prompt:fix"]);
    expect(system.listCommands()[0]).toEqual({
      name: "ui-demo",
      description: "Exercise every RPC extension UI method (harness fixture)",
      source: "extension",
      path: FIXTURE,
      sourceInfo: { path: FIXTURE, source: "cli", scope: "temporary", origin: "top-level" },
    });
    expect(warnings.join("\n")).toMatch(/project extensions skipped[\s\S]*project\.ts/);
    // session_start {reason:"startup"} fires on its own right after setup.
    await new Promise((r) => setImmediate(r));
    expect(frames).toEqual([
      expect.objectContaining({
        method: "notify",
        message: "ui-demo extension: session_start (startup)",
        notifyType: "info",
      }),
    ]);
    expect(system.hooks.expandInput("/fix parser")).toBe("Fix parser");

    const trusted = await setupExtensions({
      cwd,
      home,
      cliPaths: [],
      settings: { trustedProjects: [cwd] },
      emit: () => {},
      warn: () => {},
      demo: false,
      startSession: false,
    });
    expect(
      trusted
        .listCommands()
        .filter((c) => c.source === "extension")
        .map((c) => c.name),
    ).toEqual(["from-js", "from-ts"]);
  });

  it("lists the built-in /demo-ui only in demo mode or when AGENT_TUI_DEMO_UI=1 asks for it", async () => {
    const home = tempRoot();
    const cwd = tempRoot();
    const names = async (demo: boolean | undefined): Promise<string[]> => {
      const options = { cwd, home, cliPaths: [], settings: {}, emit: () => {}, warn: () => {}, startSession: false };
      const system = await setupExtensions(demo === undefined ? options : { ...options, demo });
      return system.listCommands().map((c) => c.name);
    };
    expect(await names(undefined)).not.toContain("demo-ui");
    expect(await names(true)).toContain("demo-ui");
    const before = process.env["AGENT_TUI_DEMO_UI"];
    process.env["AGENT_TUI_DEMO_UI"] = "1";
    try {
      expect(await names(undefined)).toContain("demo-ui");
    } finally {
      if (before === undefined) delete process.env["AGENT_TUI_DEMO_UI"];
      else process.env["AGENT_TUI_DEMO_UI"] = before;
    }
  });

  it("resolves the modules a pi extension imports (pi-coding-agent guards, typebox, @sinclair/typebox, pi-ai) from anywhere", async () => {
    const dir = tempRoot();
    const path = write(
      join(dir, "pi-style.ts"),
      `import { isToolCallEventType, isBashToolResult } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";
import { Type as OldType } from "@sinclair/typebox";
import { StringEnum } from "@mariozechner/pi-ai";
export default function (pi: ExtensionAPI) {
  const schema = Type.Object({ action: StringEnum(["list", "add"] as const), n: OldType.Number() });
  pi.registerCommand("probe", {
    description: JSON.stringify([isToolCallEventType("bash", { toolName: "bash" }), isBashToolResult({ toolName: "read" }), schema.type, Object.keys(schema.properties)]),
    handler: async () => {},
  });
}
`,
    );
    const { loaded, failed } = await loadExtensionModules([{ path, source: "cli", scope: "temporary" }]);
    expect(failed).toEqual([]);
    const registered: { name: string; description?: string }[] = [];
    await loaded[0]?.factory({
      registerCommand: (name: string, o: { description?: string }) =>
        registered.push({ name, description: o.description }),
    } as never);
    expect(registered).toEqual([
      { name: "probe", description: JSON.stringify([true, false, "object", ["action", "n"]]) },
    ]);
  });
});
