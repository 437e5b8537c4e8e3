// Finds extension modules (-e paths, $AGENT_TUI_HOME/extensions, trusted project .agent-tui/extensions)
// and loads them with jiti, so TypeScript extensions run without a build step, as in pi.
// jiti is imported lazily: a worker without extensions never pays for it at startup.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtensionFactory, ExtensionOrigin } from "./api.js";
import { resolvePackageEntry } from "./module-resolve.js";

const MODULE_RE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const INDEX_NAMES = ["index.ts", "index.mts", "index.js", "index.mjs"];

export interface DiscoverOptions {
  /** `-e/--extension` values in order (relative ones resolve against cwd). */
  cliPaths: readonly string[];
  /** `$AGENT_TUI_HOME` (user extensions live in its `extensions/`). */
  home: string | undefined;
  cwd: string;
  /** Whether the project's own `.agent-tui/extensions/` may run (see isProjectTrusted). */
  projectTrusted: boolean;
}

export interface DiscoveryResult {
  found: ExtensionOrigin[];
  /** Project extensions skipped because the project is not trusted (list them on stderr). */
  untrusted: string[];
  /** -e paths that do not exist. */
  missing: string[];
}

export interface LoadedExtension {
  origin: ExtensionOrigin;
  factory: ExtensionFactory;
}

export interface LoadFailure {
  origin: ExtensionOrigin;
  error: string;
}

/** A directory holds one extension if it has an index module; otherwise none. */
function entryOfDirectory(dir: string): string | undefined {
  for (const name of INDEX_NAMES) {
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Auto-discovery as pi: `<dir>/*.ts|js` and `<dir>/<name>/index.ts|js`, sorted for a stable order. */
export function listExtensionDir(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".")) continue;
    const full = join(dir, name);
    const stat = statSync(full);
    if (stat.isFile() && MODULE_RE.test(name) && !name.endsWith(".d.ts")) out.push(full);
    else if (stat.isDirectory()) {
      const entry = entryOfDirectory(full);
      if (entry) out.push(entry);
    }
  }
  return out;
}

/**
 * Decides project trust from the USER settings object (never the project's own settings, which
 * would let a repository trust itself): `trustProjectExtensions: true`, or `trustedProjects`
 * listing the project directory. `override` is the core's flag/env when given.
 */
export function isProjectTrusted(settings: unknown, cwd: string, override?: boolean): boolean {
  if (override !== undefined) return override;
  if (typeof settings !== "object" || settings === null) return false;
  const record = settings as Record<string, unknown>;
  if (record.trustProjectExtensions === true) return true;
  const list = record.trustedProjects;
  if (!Array.isArray(list)) return false;
  const here = resolve(cwd);
  return list.some((entry) => typeof entry === "string" && resolve(entry) === here);
}

export function discoverExtensions(options: DiscoverOptions): DiscoveryResult {
  const found: ExtensionOrigin[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (origin: ExtensionOrigin): void => {
    if (seen.has(origin.path)) return;
    seen.add(origin.path);
    found.push(origin);
  };
  for (const raw of options.cliPaths) {
    const full = isAbsolute(raw) ? raw : resolve(options.cwd, raw);
    if (!existsSync(full)) {
      missing.push(full);
      continue;
    }
    const entry = statSync(full).isDirectory() ? entryOfDirectory(full) : full;
    if (entry) add({ path: entry, source: "cli", scope: "temporary" });
    else missing.push(full);
  }
  if (options.home) {
    for (const path of listExtensionDir(join(options.home, "extensions")))
      add({ path, source: "local", scope: "user" });
  }
  const projectPaths = listExtensionDir(join(options.cwd, ".agent-tui", "extensions"));
  if (options.projectTrusted) {
    for (const path of projectPaths) add({ path, source: "local", scope: "project" });
  }
  return { found, untrusted: options.projectTrusted ? [] : projectPaths, missing };
}

type JitiImporter = (id: string) => Promise<unknown>;
let importer: JitiImporter | undefined;

/**
 * Module names an extension written for pi imports, mapped to our copies (as pi's loader does), so
 * an extension outside this package still gets typebox and pi-ai, and the pi-coding-agent name
 * resolves to our small compatibility module. A name that does not resolve is left to Node.
 */
function moduleAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  const here = fileURLToPath(import.meta.url);
  const compat = ["pi-compat.js", "pi-compat.ts"].map((f) => join(dirname(here), f)).find((f) => existsSync(f));
  if (compat) aliases["@mariozechner/pi-coding-agent"] = compat;
  const targets: Record<string, string> = {
    "@mariozechner/pi-ai": "@mariozechner/pi-ai",
    "@mariozechner/pi-agent-core": "@mariozechner/pi-agent-core",
    typebox: "typebox",
    "typebox/compile": "typebox/compile",
    "typebox/value": "typebox/value",
    "@sinclair/typebox": "typebox",
    "@sinclair/typebox/compile": "typebox/compile",
    "@sinclair/typebox/value": "typebox/value",
  };
  for (const [name, target] of Object.entries(targets)) {
    // A package not installed here is left to the extension's own node_modules.
    const entry = resolvePackageEntry(target);
    if (entry && existsSync(entry)) aliases[name] = entry;
  }
  return aliases;
}

async function getImporter(): Promise<JitiImporter> {
  if (importer) return importer;
  const { createJiti } = await import("jiti");
  const jiti = createJiti(import.meta.url, { interopDefault: true, alias: moduleAliases() });
  importer = (id) => jiti.import(id, { default: true });
  return importer;
}

function toFactory(mod: unknown): ExtensionFactory | undefined {
  if (typeof mod === "function") return mod as ExtensionFactory;
  if (typeof mod === "object" && mod !== null) {
    const inner = (mod as Record<string, unknown>).default;
    if (typeof inner === "function") return inner as ExtensionFactory;
  }
  return undefined;
}

/** Imports each module; a module that fails or has no default function export is reported, not fatal. */
export async function loadExtensionModules(
  origins: readonly ExtensionOrigin[],
): Promise<{ loaded: LoadedExtension[]; failed: LoadFailure[] }> {
  const loaded: LoadedExtension[] = [];
  const failed: LoadFailure[] = [];
  if (origins.length === 0) return { loaded, failed };
  const load = await getImporter();
  for (const origin of origins) {
    try {
      const factory = toFactory(await load(origin.path));
      if (factory) loaded.push({ origin, factory });
      else
        failed.push({
          origin,
          error: "the module has no default export function (export default function (pi) {...})",
        });
    } catch (error) {
      failed.push({ origin, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { loaded, failed };
}
