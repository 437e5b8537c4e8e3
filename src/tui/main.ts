// agent-tui entry (bin/agent-tui.js). Environment fixes that must happen before Ink and React
// load: an empty CI is not a CI (Ink renders only the last frame under CI), and React runs in
// production mode unless asked otherwise (development mode is several times slower). Print and
// plain mode never load Ink: they are dispatched from here. The full-screen UI starts its worker
// and asks the terminal for its background before its own modules load, so both overlap them.
if (process.env["CI"] === "") delete process.env["CI"];
process.env["NODE_ENV"] ??= "production";
const { parseFleetCli, parseSessionsCli, parseTuiCli } = await import("./app/cli.js");
const argv = process.argv.slice(2);
const fleetCli = parseFleetCli(argv);
const sessionsCli = fleetCli ? undefined : parseSessionsCli(argv);
const options = (() => {
  if (sessionsCli || fleetCli) return undefined;
  try {
    return parseTuiCli(argv, import.meta);
  } catch (error) {
    process.stderr.write(`agent-tui: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
})();
const fail = (message: string): void => {
  process.stderr.write(`agent-tui: ${message}\n`);
  process.exitCode = 2;
};
// `attach` is the full-screen UI's whatever --plain or -p say.
const frontEnd = options && options.attachId === undefined ? options.frontEnd : { kind: "tui" as const };
if (fleetCli) {
  if ("usage" in fleetCli) {
    (fleetCli.exitCode === 0 ? process.stdout : process.stderr).write(`${fleetCli.usage}\n`);
    process.exitCode = fleetCli.exitCode;
  } else process.exitCode = await (await import("./fleet/fleet-main.js")).runFleet(fleetCli);
} else if (sessionsCli && "usage" in sessionsCli) {
  (sessionsCli.exitCode === 0 ? process.stdout : process.stderr).write(`${sessionsCli.usage}\n`);
  process.exitCode = sessionsCli.exitCode;
} else if (!options)
  process.exitCode = sessionsCli ? await (await import("./live/live-plan.js")).runSessionsCli(sessionsCli) : 2;
else if (options.listModels !== undefined) {
  const { printModelList } = await import("./app/list-models-command.js");
  process.exitCode = await printModelList(options.workerCommand, options.listModels || undefined, (text) =>
    process.stdout.write(text),
  );
} else if (frontEnd.kind === "print") await (await import("./print/print-main.js")).runPrint(options, frontEnd.print);
else if (frontEnd.kind === "plain") await (await import("./plain/plain-main.js")).runPlain(options);
else if (!process.stdin.isTTY || !process.stdout.isTTY)
  fail("needs an interactive terminal (stdin and stdout must be a TTY)");
else {
  const worker = (await import("./app/early-worker.js")).startWorkerEarly(options, process.env, process.cwd());
  if ("error" in worker) fail(worker.error);
  else {
    // Raw from now on, so keys typed while the UI loads wait as bytes for it: in cooked mode the
    // terminal's line discipline eats some of them (Ctrl+R reprints the line, Ctrl+C signals),
    // and between the background query and Ink's first input handler the terminal was cooked.
    process.stdin.setRawMode(true);
    // The palette is chosen before the first frame (it may ask the terminal for its background).
    const theme = (await import("./terminal/theme-choice.js")).chooseTheme(process.env, {
      stdin: process.stdin,
      stdout: process.stdout,
    });
    // Before the first frame: agent-tui's patches of Ink, unless AGENT_TUI_INK_WRITER=ink (ink/ink-writer-switch.ts).
    const { chooseInkWriter, installInkWriter } = await import("./ink/ink-writer-switch.js");
    const inkWriter = chooseInkWriter(process.env);
    const ready = Promise.all([theme, installInkWriter(inkWriter)]).then(([chosen]) => chosen);
    await (await import("./run.js")).runTui(options, worker, ready, inkWriter);
  }
}
