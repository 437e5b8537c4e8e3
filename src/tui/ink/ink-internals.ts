// Ink's internal modules that agent-tui patches (output.js: the row cache, ink-output-rows.ts;
// instances.js: each instance's hooks, ink-instance-hooks.ts), which Ink's package.json
// does not export: found next to Ink's entry, and only for the Ink version a patch was written for.
// The bundle (scripts/bundle-tui.mjs) replaces this module with one handing over the bundled
// modules themselves, so a patch reaches the Ink that renders.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The files of ink/build a patch may reach (the bundle carries exactly these). */
export const INK_INTERNALS = ["output.js", "instances.js"] as const;
export type InkInternal = (typeof INK_INTERNALS)[number];

/**
 * The default export of ink/build/`file` in the Ink this process renders with, or undefined when
 * Ink is not `version`.
 */
export async function inkInternal(file: InkInternal, version: string): Promise<unknown> {
  const main = createRequire(import.meta.url).resolve("ink");
  const pkg = JSON.parse(readFileSync(join(dirname(main), "..", "package.json"), "utf8")) as { version?: unknown };
  // Another Ink: no patch, Ink's public path; what each patch pays on 6.8.0 is in docs/ink-adaptations.md.
  if (pkg.version !== version) return undefined;
  const mod = (await import(pathToFileURL(join(dirname(main), file)).href)) as { default: unknown };
  return mod.default;
}
