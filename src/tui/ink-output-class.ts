// Ink's Output class for the row cache (ink-output-rows.ts): Ink's package.json does not export
// it, so it is found next to Ink's entry, and only for the Ink version the cache reproduces. The
// bundle (scripts/bundle-tui.mjs) replaces this module with one importing the bundled class.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { InkOutputClass } from "./ink-output-rows.js";

/** The Output class of the Ink this process renders with, or undefined when it is not `version`. */
export async function inkOutputClass(version: string): Promise<InkOutputClass | undefined> {
  const main = createRequire(import.meta.url).resolve("ink");
  const pkg = JSON.parse(readFileSync(join(dirname(main), "..", "package.json"), "utf8")) as { version?: unknown };
  if (pkg.version !== version) return undefined;
  const mod = (await import(pathToFileURL(join(dirname(main), "output.js")).href)) as { default: InkOutputClass };
  return mod.default;
}
