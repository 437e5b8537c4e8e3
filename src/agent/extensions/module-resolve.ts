// Resolves a package name (and subpath) to its ESM entry file by reading package.json "exports",
// walking up node_modules from this file. Used for the extension loader's aliases; it does not
// depend on import.meta.resolve, which some hosts (test runners) do not provide.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

type ExportTarget = string | { [condition: string]: ExportTarget } | null | undefined;

function pickTarget(target: ExportTarget): string | undefined {
  if (typeof target === "string") return target;
  if (!target || typeof target !== "object") return undefined;
  for (const condition of ["import", "node", "default", "require"]) {
    const picked = pickTarget(target[condition]);
    if (picked) return picked;
  }
  return undefined;
}

function splitSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split("/");
  const count = specifier.startsWith("@") ? 2 : 1;
  const rest = parts.slice(count).join("/");
  return { name: parts.slice(0, count).join("/"), subpath: rest ? `./${rest}` : "." };
}

export function resolvePackageEntry(
  specifier: string,
  from: string = fileURLToPath(import.meta.url),
): string | undefined {
  const { name, subpath } = splitSpecifier(specifier);
  let dir = dirname(from);
  for (;;) {
    const pkgDir = join(dir, "node_modules", name);
    const manifest = join(pkgDir, "package.json");
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { exports?: unknown; module?: unknown; main?: unknown };
      const exportsField = pkg.exports as ExportTarget | Record<string, ExportTarget>;
      let entry: string | undefined;
      if (typeof exportsField === "string") entry = subpath === "." ? exportsField : undefined;
      else if (exportsField && typeof exportsField === "object") {
        const keyed = Object.keys(exportsField).some((key) => key.startsWith("."));
        entry = keyed
          ? pickTarget((exportsField as Record<string, ExportTarget>)[subpath])
          : subpath === "."
            ? pickTarget(exportsField as ExportTarget)
            : undefined;
      }
      if (!entry && subpath === ".")
        entry = typeof pkg.module === "string" ? pkg.module : typeof pkg.main === "string" ? pkg.main : "index.js";
      return entry ? join(pkgDir, entry) : undefined;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
