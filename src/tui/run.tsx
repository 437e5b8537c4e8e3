// The running app: wire the store, the worker main.ts started and the slash commands together,
// render the Ink app in the main buffer, and restore the terminal on every way out.
import { appendFileSync } from "node:fs";
import { hostname } from "node:os";
import { render } from "ink";
import { describeCommandLine, resolveBundledWorkerCommand, toSessionSnapshot, visibleText } from "../bridge/index.js";
import type { TuiCliOptions } from "./app/cli.js";
import type { EarlyWorker } from "./app/early-worker.js";
import { type AppExits, createAppExits, onProcessEvents } from "./app/app-exits.js";
import { createExitFrameSignal } from "./app/exit-frame.js";
import { liveCommands } from "./live/live-commands.js";
import { listLiveSessions } from "./live/live-sessions.js";
import { App } from "./components/app.js";
import { noticesToActions } from "./session/bridge-notices.js";
import { type Controller, createController } from "./controller.js";
import { copyToClipboard } from "./terminal/clipboard.js";
import { readTuiSettings, tuiHome } from "./settings/settings-file.js";
import { createExternalEditor } from "./terminal/external-editor.js";
import { loadPromptHistory } from "./settings/prompt-history.js";
import { createInitialState } from "./state/reducer.js";
import type { PaletteChoice } from "./state/types.js";
import { createStore, type Store } from "./state/store.js";
import { createFramePacer } from "./state/frame-pacer.js";
import { loopBusySampler } from "./app/loop-busy.js";
import { restoreTerminal } from "./terminal/terminal.js";
import { createTerminalSession, type TerminalSession } from "./terminal/terminal-session.js";
import type { ThemeStart } from "./terminal/theme-choice.js";
import { gitBranch } from "./app/workspace.js";
import { paletteOf } from "./render/palette.js";
import { renderingBegun, warmUpRendering } from "./render/warm-up.js";
import { warmUpInkRows } from "./ink/ink-output-rows.js";
import { type InkWriter, inkWriterRenderOptions } from "./ink/ink-writer-switch.js";
import { type Features, setupFeatures } from "./slash/setup.js";
import { isRemoteCommand, remoteHost } from "./slash/start-checks.js";
import { createScreenSwitch } from "./transcript-view/screen-switch.js";
import { createFleetFeature, type FleetFeature } from "./fleet/fleet-command.js";
import { startFailureLine } from "./app/start-failure.js";
import { attachFailureLine } from "./live/attach-failure.js";
import { KeymapProvider } from "./input/keymap-context.js";
import { type KeyBindings, loadKeyBindings } from "./settings/keybindings-file.js";
import { hotkeysCommand } from "./slash/hotkeys-command.js";

// The store decides when to draw (worker events at most every 100 ms, input at once or every
// 16 ms in a burst: state/store.ts); Ink's own throttle only merges the renders that follow one
// commit (<Static>'s second pass, the printed-chunk effect). At 30 fps it held a key typed just
// after a frame of streamed text for up to 33 ms.
const MAX_FPS = 120;

/**
 * Frames of worker events every 100 ms while the loop is busy under 30% of the time, spaced out
 * up to 400 ms beyond that (state/frame-pacer.ts): a streamed burst on a machine whose cores are
 * all busy must leave the process asleep when a key arrives.
 */
const EVENT_FRAME_PACING = { baseMs: 100, maxMs: 400, targetBusy: 0.3 };

/** Where Ink draws, and which writer draws its frames (ink/ink-writer-switch.ts). */
type InkTarget = { stream: NodeJS.WriteStream; writer: InkWriter };

/**
 * Ink on the terminal, through the screen switch (the transcript view's frames go to the
 * alternate screen).
 */
function renderApp(app: React.ReactElement, to: InkTarget): ReturnType<typeof render> {
  const screen = createScreenSwitch(to.stream);
  // AGENT_TUI_RENDER_LOG=<file>: one line per Ink render (time, ms) for the render benchmark.
  const renderLog = process.env["AGENT_TUI_RENDER_LOG"];
  const onRender = renderLog
    ? (m: { renderTime: number }): void => appendFileSync(renderLog, `${Date.now()} ${m.renderTime.toFixed(1)}\n`)
    : undefined;
  return render(app, {
    ...(onRender ? { onRender } : {}),
    stdout: screen.stream,
    maxFps: MAX_FPS,
    patchConsole: false,
    exitOnCtrlC: false,
    // Ink 6.8's incremental mode is off by one row in the main buffer (it moves up one row
    // too few when the frame ends in a newline), so it duplicates lines: only the diagnostic
    // switch turns it on (docs/ink-adaptations.md).
    ...inkWriterRenderOptions(to.writer),
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

/** Does the worker open an existing session at start (-c, --session, attach)? */
function opensSession(options: TuiCliOptions): boolean {
  return (
    options.requested.session !== undefined ||
    options.attachId !== undefined ||
    options.workerCommand.includes("--continue")
  );
}

/** Warm the render path after `afterMs`, until real rendering begins (render/warm-up.ts). */
function warmUp(store: Store, afterMs: number): void {
  warmUpRendering(
    afterMs,
    () => store.getState().ui.columns,
    () => paletteOf(store.getState().ui.palette),
    warmUpInkRows,
    () => renderingBegun(store.getState()),
  );
}

/**
 * Start the worker and show its state; false when it could not start (`failStart` is told why:
 * agent-tui exits) or its first answers failed (the reason is on screen). `warm`: warm the
 * render path after the first screen.
 */
async function startWorker(
  worker: EarlyWorker,
  store: Store,
  options: TuiCliOptions,
  failStart: (line: string) => void,
  warm: boolean,
  afterStart: () => Promise<void>,
): Promise<boolean> {
  const { connection } = worker;
  const { workerCommand } = options;
  try {
    await worker.started;
  } catch (error) {
    failStart(attachFailureLine(options.attachId, process.cwd(), error) ?? startFailureLine(workerCommand, error));
    return false;
  }
  try {
    store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await connection.rpc.getState()) });
    // Once the editor and footer are drawn (store 100 ms, Ink 33 ms), unless already begun.
    if (warm) warmUp(store, 300);
    await afterStart();
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    store.dispatch({
      type: "notice",
      level: "error",
      text: `Could not start the worker (${describeCommandLine(workerCommand)}): ${reason}`,
    });
    return false;
  }
}

/**
 * The full-screen UI: `worker` was started by main.ts; `ready` settles once the palette and the
 * patches `writer` needs (ink/ink-writer-switch.ts) are in place.
 */
export async function runTui(
  options: TuiCliOptions,
  worker: EarlyWorker,
  ready: Promise<ThemeStart>,
  writer: InkWriter,
) {
  try {
    await main(options, worker, ready, writer);
  } catch (error) {
    restoreTerminal(process.stdin, process.stdout);
    // A start-up failure can quote the worker (its stderr, a path): shown, never interpreted.
    process.stderr.write(
      `agent-tui: ${visibleText(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
    );
    process.exit(1);
  }
}

/** The store, told where the worker works and the display settings saved by /settings. */
function createAppStore(
  stdout: NodeJS.WriteStream,
  cwd: string,
  remote: string | undefined,
  palette: PaletteChoice,
): Store {
  // Frames are spaced out only while a run streams (state/frame-pacer.ts): a resumed session's
  // history keeps the loop as busy, and paced, its last answer showed 20-30 ms later (bench/resume.mjs).
  const pacer = createFramePacer({
    ...EVENT_FRAME_PACING,
    sampleBusy: loopBusySampler(),
    // Asked at each frame, after the store below exists.
    applies: () => store.getState().run.busy,
  });
  const store = createStore(createInitialState(stdout.columns || 80, stdout.rows || 24, palette), { pacer });
  // A remote worker's directory is not this one: the footer says where it is once it reports it.
  store.dispatch(
    remote === undefined
      ? { type: "workspace", cwd, branch: gitBranch(cwd) }
      : { type: "workspace", cwd: "", branch: undefined, host: remote },
  );
  // Display settings saved by /settings (pi's key name for the same preference).
  const settings = readTuiSettings(tuiHome(process.env));
  if (settings["hideThinkingBlock"] === true) store.dispatch({ type: "toggle_thinking" });
  if (settings["vim"] === true) store.dispatch({ type: "vim", op: { op: "enable", on: true } });
  // File paths link to this machine's files (OSC 8) only when the worker works here; `links: false` turns it off.
  if (remote === undefined && settings["links"] !== false)
    store.dispatch({ type: "links", target: { cwd, host: hostname() } });
  return store;
}

/** What the wiring steps share; `ink` and `controller` are read lazily (they are made later). */
type AppParts = {
  options: TuiCliOptions;
  worker: EarlyWorker;
  store: Store;
  cwd: string;
  remote: string | undefined;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  term: TerminalSession;
  exits: AppExits;
  theme: ThemeStart;
  keys: KeyBindings;
};

/**
 * The fleet (tui/fleet/): this machine's sessions through the worker's agent-rpc, or through this
 * package's own when the worker is not a live one (pi through --agent): the user's other agents
 * are listed either way, beside the session on screen (fleet/own-session.ts).
 */
function wireFleet(p: AppParts): FleetFeature {
  return createFleetFeature({
    store: p.store,
    workerCommand: p.worker.live ? p.options.workerCommand : resolveBundledWorkerCommand(),
    cwd: p.cwd,
    env: process.env,
    write: (data) => p.stdout.write(data),
    attach: p.exits.attachTo,
    liveId: p.exits.liveId,
  });
}

/** Slash commands, pickers, completion and recovery (slash/setup.tsx), plus the live commands and the fleet. */
function wireFeatures(p: AppParts, controller: () => Controller): Features {
  const { options, exits } = p;
  const { detach, liveId, attachTo } = exits;
  const fleet = wireFleet(p);
  const features = setupFeatures({
    store: p.store,
    connection: p.worker.connection,
    cwd: p.cwd,
    env: process.env,
    write: (data) => p.stdout.write(data),
    builtins: () => controller().commands(),
    extraCommands: (pickers) => [
      ...liveCommands({ pickers, workerCommand: options.workerCommand, detach, liveId, attach: attachTo }),
      hotkeysCommand(p.keys),
      fleet.command,
    ],
    ...(p.worker.live ? { live: { list: () => listLiveSessions(options.workerCommand), attach: attachTo } } : {}),
    ...(p.remote !== undefined ? { remoteHost: p.remote } : {}),
    flags: featureFlags(options),
    theme: p.theme,
  });
  process.once("exit", () => fleet.stop());
  return { ...features, overlay: fleet.overlay(features.overlay) };
}

/** The controller: the editor's keys and submit, with the app's exits, clipboard and prompt history. */
function wireController(p: AppParts, features: Features): Controller {
  const { store, stdin, stdout, exits } = p;
  const editor = createExternalEditor(stdin);
  const copy = (text: string) => copyToClipboard(text, { write: (data) => stdout.write(data), env: process.env });
  const recordPrompt = loadPromptHistory(store, process.env, p.cwd);
  return createController({
    store,
    connection: p.worker.connection,
    exit: () => void exits.quit(),
    detach: () => exits.detachOrSay(),
    suspend: p.term.suspend,
    recordPrompt,
    slashCommands: features.slashCommands,
    answerInterrupted: features.answerInterrupted,
    copy,
    ...(editor ? { openExternalEditor: editor } : {}),
  });
}

/** Start the worker, then send the command line's message if there is one. */
async function startSession(p: AppParts, features: Features, controller: Controller): Promise<void> {
  const { options, store, exits } = p;
  // A session being opened prints its code blocks first thing: warm the highlighter and the
  // renderer while the worker opens it (this process is idle until its answer), not inside
  // the first print. It stops once the session's messages arrive: printing them warms the rest.
  const warmNow = opensSession(options);
  if (warmNow) warmUp(store, 0);
  const afterStart = () => features.afterStart(() => void exits.quit());
  if (!(await startWorker(p.worker, store, options, exits.failStart, !warmNow, afterStart))) return;
  if (options.initialMessage !== undefined) {
    store.dispatch({ type: "editor", op: { op: "set", text: options.initialMessage, keepUndo: false } });
    await controller.submit("auto");
  }
}

async function main(options: TuiCliOptions, worker: EarlyWorker, ready: Promise<ThemeStart>, writer: InkWriter) {
  // The palette is chosen before anything is rendered, also text the worker sends early.
  const theme = await ready;
  const stdin = process.stdin;
  const stdout = process.stdout;
  const cwd = process.cwd();
  const remote = remoteHost(options.workerCommand);
  const store = createAppStore(stdout, cwd, remote, theme.choice);
  const connection = worker.connection;
  connection.subscribe((batch) => store.dispatchAll(noticesToActions(batch, Date.now())));

  let ink: ReturnType<typeof render> | undefined;
  const term = createTerminalSession({ stdin, stdout, store, env: process.env, ink: () => ink });
  const exitFrame = createExitFrameSignal();
  const exits = createAppExits({
    store,
    connection,
    term,
    ink: () => ink,
    workerCommand: options.workerCommand,
    pickers: () => features.pickers,
    exitFrameDrawn: exitFrame.drawn,
  });
  onProcessEvents(exits, { term, ink: () => ink });

  // keybindings.json: its problems are notices in the transcript, at start and on every change.
  const keys = loadKeyBindings(tuiHome(process.env), (r) => store.dispatch({ type: "notice", ...r }));
  process.once("exit", () => keys.close());
  const parts: AppParts = { options, worker, store, cwd, remote, stdin, stdout, term, exits, theme, keys };
  const features = wireFeatures(parts, () => controller);
  const controller = wireController(parts, features);
  stdout.on("resize", () => store.dispatch({ type: "resize", columns: stdout.columns || 80, rows: stdout.rows || 24 }));

  // Every listener is subscribed: what the worker said while the UI loaded reaches them now.
  worker.release();
  term.enable();
  ink = renderApp(
    <KeymapProvider source={keys}>
      <App store={store} controller={controller} overlay={features.overlay} onExitFrame={exitFrame.committed}>
        {features.extras}
      </App>
    </KeymapProvider>,
    { stream: term.guard.stream, writer },
  );
  await startSession(parts, features, controller);
}
