// agent-tui entry (bin/agent-tui.js). Environment fixes that must happen before Ink and React
// load: an empty CI is not a CI (Ink renders only the last frame under CI), and React runs in
// production mode unless asked otherwise (development mode is several times slower). Print and
// plain mode never load Ink: they are dispatched from here.
if (process.env["CI"] === "") delete process.env["CI"];
process.env["NODE_ENV"] ??= "production";
const { parseSessionsCli, parseTuiCli } = await import("./cli.js");
const argv = process.argv.slice(2);
const options = (() => {
  if (parseSessionsCli(argv)) return undefined;
  try {
    return parseTuiCli(argv, import.meta);
  } catch (error) {
    process.stderr.write(`agent-tui: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
})();
// `sessions`, `attach` and --list-models are run.tsx's; print and plain mode take the rest.
const frontEnd = options && options.attachId === undefined && options.listModels === undefined ? options.frontEnd : { kind: "tui" as const };
if (options && frontEnd.kind === "print") await (await import("./print/print-main.js")).runPrint(options, frontEnd.print);
else if (options && frontEnd.kind === "plain") await (await import("./plain/plain-main.js")).runPlain(options);
else {
  // The palette is chosen before the first frame (it may ask the terminal for its background).
  await (await import("./theme-choice.js")).applyTheme(process.env, { stdin: process.stdin, stdout: process.stdout });
  // Before the first frame: rows Ink already built are reused (ink-output-rows.ts).
  await (await import("./ink-output-rows.js")).installInkRowCache();
  // Ink's own copy of every printed line is bounded (ink-static-output.ts).
  await (await import("./ink-static-output.js")).installStaticOutputBound();
  await import("./run.js");
}
