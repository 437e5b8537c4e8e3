#!/usr/bin/env node
// `npm test`'s last step: the type check (tsc on tsconfig.test.json: src, test and bench) and
// `vitest run` at the same time. tsc keeps one core busy for ~20 s and would otherwise run alone
// before the tests; vitest's forks leave part of the two cores idle while the processes the
// end-to-end tests start do their work, and tsc uses that. tsc's report is printed after vitest's,
// so the two never interleave. The step fails when either fails. Arguments go to vitest.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Runs `bin` with node; resolves with its exit code (1 when a signal ended it). */
function run(bin, args, stdio) {
  const child = spawn(process.execPath, [bin, ...args], { stdio });
  const done = new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`${bin}: ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
  return { child, done };
}

const tsc = run(require.resolve("typescript/bin/tsc"), ["-p", "tsconfig.test.json"], ["ignore", "pipe", "pipe"]);
let report = "";
tsc.child.stdout.on("data", (chunk) => {
  report += chunk;
});
tsc.child.stderr.on("data", (chunk) => {
  report += chunk;
});
// tsc is ours to end: if this script goes (vitest failed to start, Ctrl+C), tsc goes with it.
process.on("exit", () => {
  if (tsc.child.exitCode === null && tsc.child.signalCode === null) tsc.child.kill();
});

const tests = run(require.resolve("vitest/vitest.mjs"), ["run", ...process.argv.slice(2)], "inherit");
const [typesCode, testsCode] = await Promise.all([tsc.done, tests.done]);
process.stdout.write(report);
process.stdout.write(typesCode === 0 ? "Type check (tsc -p tsconfig.test.json): no errors.\n" : "");
if (typesCode !== 0) process.stderr.write(`Type check (tsc -p tsconfig.test.json) failed (exit ${typesCode}).\n`);
process.exitCode = typesCode !== 0 ? typesCode : testsCode;
