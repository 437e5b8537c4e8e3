// This package's version (package.json), for the ready frame and `--version`.
import { readFileSync } from "node:fs";

/** The version, or why it could not be read (nothing is written: a TUI's process may call this). */
export function readPackageVersion(): { version: string } | { error: string } {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: unknown;
    };
    return { version: typeof pkg.version === "string" ? pkg.version : "0.0.0" };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export function packageVersion(): string {
  const read = readPackageVersion();
  if ("version" in read) return read.version;
  process.stderr.write(`agent-rpc: cannot read package version: ${read.error}\n`);
  return "0.0.0";
}
