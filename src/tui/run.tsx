// The running app: parse the CLI, start the worker through the bridge, render the Ink app in
// the main buffer, and restore the terminal on every way out.
import { appendFileSync } from "node:fs";
import { render } from "ink";
import { createWorkerConnection, describeCommandLine, toSessionSnapshot, type WorkerConnection } from "../bridge/index.js";
import { parseSessionsCli, parseTuiCli } from "./cli.js";
import { askQuitWhileWorking, detachedHint, liveCommands } from "./live/live-commands.js";
import { liveWorkerCommand } from "./live/live-command.js";
import { planWorker, runSessionsCli } from "./live/live-plan.js";
import { describeLiveSession, listLiveSessions, type LiveSession } from "./live/live-sessions.js";
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
import { createStore } from "./state/store.js";
import { restoreTerminal } from "./terminal.js";
import { createTerminalSession } from "./terminal-session.js";
import { gitBranch } from "./workspace.js";
import { warmUpHighlighter } from "./render/highlight.js";
import { setupFeatures } from "./slash/setup.js";
import { isRemoteCommand, remoteHost } from "./slash/start-checks.js";
import { sessionArgsForRestart } from "./restart-args.js";
import { createScreenSwitch } from "./transcript-view/screen-switch.js";

const MAX_FPS = 30;

async function main(): Promise<void> {
  const sessionsCli = parseSessionsCli(process.argv.slice(2));
  if (sessionsCli) {
    process.exitCode = await runSessionsCli(sessionsCli);
    return;
  }
  const options = parseTuiCli(process.argv.slice(2), import.meta);
  const stdin = process.stdin;
  const stdout = process.stdout;
  if (options.listModels !== undefined) {
    // A question for the worker, answered on stdout: no terminal needed (pipes, scripts).
    process.exitCode = await printModelList(options.workerCommand, options.listModels || undefined, (text) => stdout.write(text));
    return;
  }
  if (!stdin.isTTY || !stdout.isTTY) {
    process.stderr.write("agent-tui: needs an interactive terminal (stdin and stdout must be a TTY)\n");
    process.exitCode = 2;
    return;
  }
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

  let exiting = false;
  let ink: ReturnType<typeof render> | undefined;
  const term = createTerminalSession({ stdin, stdout, store, env: process.env, ink: () => ink });
  /** `end`: the worker ends too (as before live sessions); `detach`: a live worker keeps running. */
  const exit = (code = 0, how: "end" | "detach" = "end", farewell?: string): void => {
    if (exiting) return;
    exiting = true;
    store.dispatch({ type: "exit_requested" });
    store.flush();
    ink?.unmount();
    term.restore();
    if (farewell) process.stderr.write(farewell);
    const done = (): never => process.exit(code);
    (how === "end" ? connection.shutdownWorker() : connection.stop()).then(done, (error: unknown) => {
      process.stderr.write(`agent-tui: stopping the worker failed: ${String(error)}\n`);
      done();
    });
    // A worker that ignores SIGTERM must not keep the UI hanging.
    setTimeout(done, 9000).unref();
  };

  // The terminal went away or someone killed us: a live worker keeps running (detach).
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const) {
    process.on(signal, () => exit(code, "detach"));
  }
  const liveId = (): string | undefined => {
    const live = connection.getSnapshot().live;
    return live && live.ended === undefined ? live.id : undefined;
  };
  const detach = (): void => {
    const id = liveId();
    exit(0, "detach", id ? detachedHint(id) : undefined);
  };
  const detachOrSay = (): void => {
    if (liveId() !== undefined) detach();
    else store.dispatch({ type: "toast", level: "warning", text: "This worker is not a live session (--no-detach, or not agent-rpc): /quit ends it", now: Date.now() });
  };
  /** Reattach to another live session: this worker ends (or, while working, stays live). */
  const attachTo = async (session: LiveSession): Promise<void> => {
    const command = liveWorkerCommand(options.workerCommand, session.id);
    if (!command) return;
    const now = Date.now();
    store.dispatch({ type: "notice", level: "info", text: `── Attached: ${describeLiveSession(session, now).label} ──` });
    store.dispatch({ type: "agent_event", event: { type: "queue_update", steering: [], followUp: [] }, now });
    store.dispatch({ type: "todos", phases: [] });
    await connection.switchWorker(command, store.getState().run.busy ? "detach" : "end");
    store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await connection.rpc.getState()) });
  };
  /** Ctrl+D, /quit: end the worker as before, unless a live run is working: then ask. */
  const quit = async (): Promise<void> => {
    const id = liveId();
    if (id === undefined) return exit(0);
    // Unreachable worker: leaving cannot stop it, and it keeps running.
    if (connection.getSnapshot().supervisor === "reconnecting") return exit(0, "detach", detachedHint(id));
    if (!store.getState().run.busy) return exit(0);
    const choice = await askQuitWhileWorking(features.pickers);
    if (choice === "detach") detach();
    else if (choice === "stop") exit(0);
  };
  process.on("uncaughtException", (error) => {
    ink?.unmount();
    term.restore();
    process.stderr.write(`agent-tui: crashed: ${error.stack ?? error.message}\n`);
    process.exit(1);
  });
  process.on("exit", () => term.restore());

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
    flags: {
      customAgent: options.customAgent,
      remoteWorker: isRemoteCommand(options.workerCommand),
      demo: options.demo,
      resume: options.resume,
      hasInitialMessage: options.initialMessage !== undefined,
      sessionDir: options.sessionDir,
      requested: options.requested,
    },
  });
  const editor = createExternalEditor(stdin);
  const copy = (text: string) => copyToClipboard(text, { write: (data) => stdout.write(data), env: process.env });
  const recordPrompt = loadPromptHistory(store, process.env, cwd);
  const controller = createController({ store, connection, exit: () => void quit(), detach: () => detachOrSay(), suspend: term.suspend, recordPrompt, slashCommands: features.slashCommands, copy, ...(editor ? { openExternalEditor: editor } : {}) });
  stdout.on("resize", () => store.dispatch({ type: "resize", columns: stdout.columns || 80, rows: stdout.rows || 24 }));

  term.enable();
  // Ink writes through the screen switch: the transcript view's frames go to the alternate screen.
  const screen = createScreenSwitch(term.guard.stream);
  // AGENT_TUI_RENDER_LOG=<file>: one line per Ink render (time, ms) for the render benchmark.
  const renderLog = process.env["AGENT_TUI_RENDER_LOG"];
  const onRender = renderLog ? (m: { renderTime: number }): void => appendFileSync(renderLog, `${Date.now()} ${m.renderTime.toFixed(1)}\n`) : undefined;
  ink = render(<App store={store} controller={controller} overlay={features.overlay}>{features.extras}</App>, {
    ...(onRender ? { onRender } : {}),
    stdout: screen.stream,
    maxFps: MAX_FPS,
    patchConsole: false,
    exitOnCtrlC: false,
    // Ink 6.8's incremental mode is off by one row in the main buffer (it moves up one row
    // too few when the frame ends in a newline), so it duplicates lines: keep full redraws.
    kittyKeyboard: { mode: "auto", flags: ["disambiguateEscapeCodes"] },
  });

  try {
    await connection.start();
    store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await connection.rpc.getState()) });
    warmUpHighlighter(300); // once the editor and footer are drawn (store 100 ms, Ink 33 ms)
    await features.afterStart(() => void quit());
  } catch (error) {
    store.dispatch({ type: "notice", level: "error", text: `Could not start the worker (${describeCommandLine(options.workerCommand)}): ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
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
