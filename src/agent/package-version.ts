// This package's version (package.json), for the ready frame and `--version`.
import { readFileSync } from "node:fs";

export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: unknown;
    };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch (error) {
    process.stderr.write(`agent-rpc: cannot read package version: ${(error as Error).message}\n`);
    return "0.0.0";
  }
}
