// The running app: parse the CLI, start the worker through the bridge, render the Ink app in
// the main buffer, and restore the terminal on every way out.
import { appendFileSync } from "node:fs";
import { render } from "ink";
import { createWorkerConnection, describeCommandLine, toSessionSnapshot, type WorkerConnection } from "../bridge/index.js";
import { parseSessionsCli, parseTuiCli, type TuiCliOptions } from "./cli.js";
import { createAppExits, onProcessEvents } from "./app-exits.js";
import { liveCommands } from "./live/live-commands.js";
import { planWorker, runSessionsCli } from "./live/live-plan.js";
import { listLiveSessions } from "./live/live-sessions.js";
import { readLiveSettings } from "./live/live-settings.js";
import { App } from "./components/app.js";
import { noticesToActions } from "./bridge-notices.js";
import { createController } from "./controller.js";
import { copyToClipboard } from "./clipboard.js";
import { printModelList } from "./list-models-command.js";
import { readTuiSettings, tuiHome } from "./settings/settings-file.js";
import { createExternalEditor } from "./external-editor.js";
import { loadPromptHistory } from "./prompt-history.js";
import { createInitialState } from "./state/reducer.js";
import { createStore, type Store } from "./state/store.js";
import { restoreTerminal } from "./terminal.js";
import { createTerminalSession } from "./terminal-session.js";
import { gitBranch } from "./workspace.js";
import { warmUpRendering } from "./render/warm-up.js";
import { warmUpInkRows } from "./ink-output-rows.js";
import { setupFeatures } from "./slash/setup.js";
import { isRemoteCommand, remoteHost } from "./slash/start-checks.js";
import { sessionArgsForRestart } from "./restart-args.js";
import { createScreenSwitch } from "./transcript-view/screen-switch.js";

const MAX_FPS = 30;

/** Ink on the terminal, through the screen switch (the transcript view's frames go to the alternate screen). */
function renderApp(app: React.ReactElement, out: NodeJS.WriteStream): ReturnType<typeof render> {
  const screen = createScreenSwitch(out);
  // AGENT_TUI_RENDER_LOG=<file>: one line per Ink render (time, ms) for the render benchmark.
  const renderLog = process.env["AGENT_TUI_RENDER_LOG"];
  const onRender = renderLog ? (m: { renderTime: number }): void => appendFileSync(renderLog, `${Date.now()} ${m.renderTime.toFixed(1)}\n`) : undefined;
  return render(app, {
    ...(onRender ? { onRender } : {}),
    stdout: screen.stream,
    maxFps: MAX_FPS,
    patchConsole: false,
    exitOnCtrlC: false,
    // Ink 6.8's incremental mode is off by one row in the main buffer (it moves up one row
    // too few when the frame ends in a newline), so it duplicates lines: keep full redraws.
    kittyKeyboard: { mode: "auto", flags: ["disambiguateEscapeCodes"] },
  });
}

/** What the slash commands and start-up checks need to know of the command line. */
function featureFlags(options: TuiCliOptions): Parameters<typeof setupFeatures>[0]["flags"] {
  return {
    customAgent: options.customAgent,
    remoteWorker: isRemoteCommand(options.workerCommand),
    demo: options.demo,
    resume: options.resume,
    hasInitialMessage: options.initialMessage !== undefined,
    sessionDir: options.sessionDir,
    requested: options.requested,
  };
}

/** Start the worker and show its state; false (with the reason on screen) when it could not start. */
async function startWorker(connection: WorkerConnection, store: Store, workerCommand: string[], afterStart: () => Promise<void>): Promise<boolean> {
  try {
    await connection.start();
    store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await connection.rpc.getState()) });
    // Once the editor and footer are drawn (store 100 ms, Ink 33 ms).
    warmUpRendering(300, () => store.getState().ui.columns, warmUpInkRows);
    await afterStart();
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    store.dispatch({ type: "notice", level: "error", text: `Could not start the worker (${describeCommandLine(workerCommand)}): ${reason}` });
    return false;
  }
}

/**
 * What runs before any terminal work: `agent-tui sessions`, --list-models (answered on stdout,
 * no terminal needed), and the TTY check. Undefined when that already was the whole job.
 */
async function preflight(): Promise<TuiCliOptions | undefined> {
  const sessionsCli = parseSessionsCli(process.argv.slice(2));
  if (sessionsCli) {
    process.exitCode = await runSessionsCli(sessionsCli);
    return undefined;
  }
  const options = parseTuiCli(process.argv.slice(2), import.meta);
  if (options.listModels !== undefined) {
    process.exitCode = await printModelList(options.workerCommand, options.listModels || undefined, (text) => process.stdout.write(text));
    return undefined;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write("agent-tui: needs an interactive terminal (stdin and stdout must be a TTY)\n");
    process.exitCode = 2;
    return undefined;
  }
  return options;
}

async function main(): Promise<void> {
  const options = await preflight();
  if (!options) return;
  const stdin = process.stdin;
  const stdout = process.stdout;
  const store = createStore(createInitialState(stdout.columns || 80, stdout.rows || 24));
  const cwd = process.cwd();
  // A remote worker's directory is not this one: the footer says where it is once it reports it.
  const remote = remoteHost(options.workerCommand);
  store.dispatch(remote === undefined ? { type: "workspace", cwd, branch: gitBranch(cwd) } : { type: "workspace", cwd: "", branch: undefined, host: remote });
  // Display settings saved by /settings (pi's key name for the same preference).
  if (readTuiSettings(tuiHome(process.env))["hideThinkingBlock"] === true) store.dispatch({ type: "toggle_thinking" });

  const restartArgs = sessionArgsForRestart(options);
  const plan = planWorker(options, readLiveSettings(process.env));
  if ("error" in plan) {
    process.stderr.write(`agent-tui: ${plan.error}\n`);
    process.exitCode = 2;
    return;
  }
  const connection: WorkerConnection = createWorkerConnection({
    command: plan.command,
    cwd,
    env: process.env,
    restart: { maxRestarts: 3, windowMs: 60_000 },
    ...(restartArgs ? { sessionArgsForRestart: restartArgs } : {}),
    ...(plan.live ? { live: plan.live } : {}),
  });
  connection.subscribe((batch) => store.dispatchAll(noticesToActions(batch, Date.now())));

  let ink: ReturnType<typeof render> | undefined;
  const term = createTerminalSession({ stdin, stdout, store, env: process.env, ink: () => ink });
  const exits = createAppExits({ store, connection, term, ink: () => ink, workerCommand: options.workerCommand, pickers: () => features.pickers });
  const { detach, liveId, attachTo } = exits;
  onProcessEvents(exits, { term, ink: () => ink });

  const features = setupFeatures({
    store,
    connection,
    cwd,
    env: process.env,
    write: (data) => stdout.write(data),
    builtins: () => controller.commands(),
    extraCommands: (pickers) => liveCommands({ pickers, workerCommand: options.workerCommand, detach, liveId, attach: attachTo }),
    ...(plan.live ? { live: { list: () => listLiveSessions(options.workerCommand), attach: attachTo } } : {}),
    ...(remote !== undefined ? { remoteHost: remote } : {}),
    flags: featureFlags(options),
  });
  const editor = createExternalEditor(stdin);
  const copy = (text: string) => copyToClipboard(text, { write: (data) => stdout.write(data), env: process.env });
  const recordPrompt = loadPromptHistory(store, process.env, cwd);
  const controller = createController({
    store,
    connection,
    exit: () => void exits.quit(),
    detach: () => exits.detachOrSay(),
    suspend: term.suspend,
    recordPrompt,
    slashCommands: features.slashCommands,
    copy,
    ...(editor ? { openExternalEditor: editor } : {}),
  });
  stdout.on("resize", () => store.dispatch({ type: "resize", columns: stdout.columns || 80, rows: stdout.rows || 24 }));

  term.enable();
  ink = renderApp(
    <App store={store} controller={controller} overlay={features.overlay}>
      {features.extras}
    </App>,
    term.guard.stream,
  );

  if (!(await startWorker(connection, store, options.workerCommand, () => features.afterStart(() => void exits.quit())))) return;
  if (options.initialMessage !== undefined) {
    store.dispatch({ type: "editor", op: { op: "set", text: options.initialMessage, keepUndo: false } });
    await controller.submit("auto");
  }
}

main().catch((error: unknown) => {
  restoreTerminal(process.stdin, process.stdout);
  process.stderr.write(`agent-tui: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
