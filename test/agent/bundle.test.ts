// The worker bundle bin/agent-rpc.js runs (npm run build, scripts/bundle-agent.mjs): it answers
// ready with this package's version, loads an extension written for pi (its imports of
// "@mariozechner/pi-coding-agent", typebox and pi-ai still resolve), and `attach --or-serve`
// serves the agent of its own build (the two entries are built apart: scripts/bundle-agent.mjs).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AGENT_BIN, ROOT, startAgentProcess, type AgentProcess } from "./helpers/agent-process.js";
import { createLiveSandbox, type LiveSandbox } from "./live/live-harness.js";

const OUT = join(ROOT, "dist", "agent-bundle");
const BUILT = existsSync(join(OUT, "main.js"));
const text = (file: string): string => readFileSync(join(OUT, file), "utf8");

/** The bundle files a file imports: static (`from "./x.js"`, `import "./x.js"`) or dynamic (`import("./x.js")`). */
function imports(file: string): { statics: string[]; dynamics: string[] } {
  const source = text(file);
  const statics = [...source.matchAll(/^(?:import|export) (?:[^;]*? from )?"\.\/([^"]+)";$/gm)].map((m) => m[1] ?? "");
  const dynamics = [...source.matchAll(/\bimport\("\.\/([^"]+)"\)/g)].map((m) => m[1] ?? "");
  return { statics, dynamics };
}

/** Every bundle file an entry loads at start (static) or may load on first use too (dynamic). */
function reachable(entry: string, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const { statics, dynamics } = imports(file);
    for (const next of dynamic ? [...statics, ...dynamics] : statics) walk(next);
  };
  walk(entry);
  return seen;
}

const PI_EXTENSION = `import { isToolCallEventType, isBashToolResult } from "@mariozechner/pi-coding-agent";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";
import { StringEnum } from "@mariozechner/pi-ai";
export default function (pi: ExtensionAPI) {
  const schema = Type.Object({ action: StringEnum(["list", "add"] as const) });
  pi.registerCommand("probe", {
    description: JSON.stringify([isToolCallEventType("bash", { toolName: "bash" }), isBashToolResult({ toolName: "read" }), Object.keys(schema.properties)]),
    handler: async () => {},
  });
}
`;

describe.skipIf(!BUILT)("the worker bundle", () => {
  let agent: AgentProcess | undefined;
  let box: LiveSandbox | undefined;
  let extensionDir: string | undefined;
  afterEach(async () => {
    await agent?.stop();
    await box?.dispose();
    if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
    agent = box = extensionDir = undefined;
  });

  it("is what bin/agent-rpc.js runs, for the worker and for attach/sessions alike", () => {
    const targets = [...readFileSync(AGENT_BIN, "utf8").matchAll(/\bimport\("([^"]+)"\)/g)].map((m) =>
      resolve(dirname(AGENT_BIN), m[1] ?? ""),
    );
    expect(targets.sort()).toEqual([join(OUT, "live-main.js"), join(OUT, "main.js")]);
  });

  it("answers ready with the package's version and loads an extension written for pi", async () => {
    extensionDir = mkdtempSync(join(tmpdir(), "bundle-ext-"));
    const extension = join(extensionDir, "pi-style.ts");
    writeFileSync(extension, PI_EXTENSION);
    agent = await startAgentProcess({ cli: join(OUT, "main.js"), noModels: true, args: ["-e", extension] });
    const ready = await agent.waitFor((f) => f.type === "ready");
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(ready["version"]).toBe(pkg.version);
    const commands = await agent.request({ type: "get_commands" });
    const listed = (commands["data"] as { commands: { name: string; description?: string }[] }).commands;
    expect(listed.find((c) => c.name === "probe")?.description).toBe(JSON.stringify([true, false, ["action"]]));
  });

  it("builds the worker and the live tools apart: each process loads one agent, and no file of the other's", async () => {
    const holders = readdirSync(OUT).filter(
      (file) => file.endsWith(".js") && /\bfunction startAgent\(/.test(text(file)),
    );
    const worker = reachable("main.js", true);
    const live = reachable("live-main.js", true);
    // Built together, every module both entries reach was a chunk of its own on the worker's start-up path.
    expect([...worker].filter((file) => live.has(file))).toEqual([]);
    const [workerAgent = ""] = holders.filter((file) => worker.has(file));
    expect(holders.filter((file) => worker.has(file))).toHaveLength(1);
    expect(reachable("main.js", false).has(workerAgent)).toBe(true);
    expect(holders.filter((file) => live.has(file))).toHaveLength(1);
    // A relay (attach without --or-serve) loads none of the agent.
    expect(holders.filter((file) => reachable("live-main.js", false).has(file))).toEqual([]);

    box = await createLiveSandbox([]);
    const served = box.relay(["attach", "--or-serve", "--mode", "rpc"]);
    const ready = await served.waitFor((f) => f.type === "ready");
    expect((ready["live"] as { pid?: number } | undefined)?.pid).toBe(served.child.pid);
  });
});
