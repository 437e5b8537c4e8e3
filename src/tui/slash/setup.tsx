// Wires the interactive features into the running app with one call from run.tsx: slash
// commands, pickers (overlay), completion (Tab), crash recovery, --resume, --demo, the
// no-provider hint and the report of flags the worker did not honour.
import type React from "react";
import type { Model, RpcSessionState, WorkerConnection } from "../../bridge/index.js";
import { copyToClipboard } from "../terminal/clipboard.js";
import { createSessionPrinter, type SessionPrinter } from "../session/open-session.js";
import type { SlashCommand, SlashContext } from "./slash-registry.js";
import type { OverlayRenderer } from "../components/app.js";
import { createCompletionDriver, type FileSource } from "../completion/completion-driver.js";
import type { LiveResume } from "../live/live-resume.js";
import { tailPlace } from "../live/live-notices.js";
import { followWorkerFolder } from "../live/live-workspace.js";
import { createOverlayRenderer } from "../pickers/overlay.js";
import { createPickerHost, type PickerHost } from "../pickers/picker-host.js";
import { defaultSessionDir } from "../pickers/session-list.js";
import { createRecovery, resendCommand } from "../recovery/recovery.js";
import { diffCommand } from "../review/diff-command.js";
import { createReviewHost, REVIEW_OVERLAY } from "../review/review-host.js";
import { ReviewView } from "../review/review-view.js";
import { rewindCommand } from "../review/rewind-command.js";
import { settingsCommand } from "../settings/settings-command.js";
import type { ThemeStart } from "../terminal/theme-choice.js";
import { tuiHome } from "../settings/settings-file.js";
import type { Store } from "../state/store.js";
import { workerSupports } from "../state/worker-info.js";
import { allSuggestions } from "./completion.js";
import { runDemoTour } from "./demo-tour.js";
import { helpCommand } from "./help-command.js";
import {
  createSlashCommands,
  createWorkerCommands,
  resumeSession,
  slashSupported,
  type SlashDeps,
  type WorkerCommands,
} from "./index.js";
import { type StartFlags, startWarnings } from "./start-checks.js";

export type FeatureOptions = {
  store: Store;
  connection: WorkerConnection;
  cwd: string;
  env: NodeJS.ProcessEnv;
  write: (data: string) => void;
  flags: StartFlags;
  /** The palette start-up chose, and what /settings chooses another from. */
  theme: ThemeStart;
  /** The machine of a remote worker (`ssh devbox …`): the footer shows its directory there. */
  remoteHost?: string;
  /** Built-in commands of the controller (for completion): read lazily. */
  builtins: () => readonly SlashCommand[];
  /** More commands that need the pickers (live sessions). */
  extraCommands?: (pickers: PickerHost) => SlashCommand[];
  /** Live sessions for the resume picker (-r, /resume). */
  live?: LiveResume;
};

export type Features = {
  slashCommands: SlashCommand[];
  overlay: OverlayRenderer;
  /** Rendered inside <App> (invisible helpers that need its contexts; none today). */
  extras: React.ReactElement;
  /** After the worker is up and the first snapshot is in. */
  afterStart(exit: () => void): Promise<void>;
  pickers: PickerHost;
  /** A prompt a crash cut off, sent again: answered where the reopened session has it (recovery.ts). */
  answerInterrupted(text: string): Promise<boolean>;
};

/** The session printer, fed by restarts that reopened a session and by live attach answers. */
function printSessions(
  store: Store,
  connection: FeatureOptions["connection"],
): { sessions: SessionPrinter; showFailed: (error: unknown) => void } {
  const sessions = createSessionPrinter(store, connection);
  const showFailed = (error: unknown): void =>
    store.dispatch({
      type: "notice",
      level: "warning",
      text: `Could not print the session's history: ${error instanceof Error ? error.message : String(error)}`,
    });
  // After recovery's "Worker restarted" notice: print the session only if it is not the one on screen.
  connection.subscribe((batch) => {
    for (const n of batch) {
      if (n.kind === "rehydrated") sessions.rehydrated(n.state, n.messages).catch(showFailed);
      // A live worker's session was printed from its attach answer (bridge-notices.ts).
      else if (n.kind === "live_attached")
        (n.state !== undefined
          ? sessions.attached(n.state, n.messages, tailPlace(n), n.stats !== undefined)
          : sessions.attachedWithoutState(n.messages, tailPlace(n))
        ).catch(showFailed);
    }
  });
  return { sessions, showFailed };
}

/**
 * Where `@` completion finds files. A remote worker's files are on its machine: ask it for them
 * when it can (the bundled agent's read-only list_files); otherwise complete from here and say so.
 */
function fileSource(o: FeatureOptions): () => FileSource {
  const { connection } = o;
  const note = o.flags.remoteWorker ? { note: "local files: this worker cannot list its own" } : {};
  // A local worker's folder is the footer's (live-workspace.ts): an attached session's, not ours.
  const folder = (): string => (!o.flags.remoteWorker && o.store.getState().footer.cwd) || o.cwd;
  const localFiles = (): FileSource => ({ kind: "local", cwd: folder(), ...note });
  const workerFiles = { kind: "worker" as const, list: async () => (await connection.rpc.listFiles()).files };
  const workerLists = (): boolean => o.flags.remoteWorker && workerSupports(o.store.getState(), "list_files");
  return (): FileSource => (workerLists() ? workerFiles : localFiles());
}

/** What afterStart works with, made by setupFeatures. */
type StartParts = {
  deps: SlashDeps;
  sessions: SessionPrinter;
  showFailed: (error: unknown) => void;
  workerCommands: WorkerCommands;
};

/**
 * Once the worker is up: print the session it opened, read its commands, say what it did not
 * honour, then start --resume's picker or --demo's tour.
 */
async function afterWorkerStart(o: FeatureOptions, parts: StartParts, exit: () => void): Promise<void> {
  const { store, connection } = o;
  const { deps, sessions, showFailed, workerCommands } = parts;
  const ctx: SlashContext = {
    store,
    connection,
    exit,
    setEditorText: (text) => store.dispatch({ type: "editor", op: { op: "set", text, keepUndo: true } }),
    notice: (text, level = "info") => store.dispatch({ type: "notice", level, text }),
  };
  const failed =
    (what: string) =>
    (error: unknown): void =>
      ctx.notice(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, "error");
  // The session the worker opened (-c, --session) is printed before anything else is said.
  await sessions.show({ ifNotShown: true }).catch(showFailed);
  await workerCommands
    .refresh()
    .catch((error: unknown) => ctx.notice(`Could not read the worker's commands: ${String(error)}`, "warning"));
  const state = await connection.rpc.getState();
  await deps.sessionOpened?.(state).catch(failed("Reading the session's last message"));
  if (o.remoteHost !== undefined)
    store.dispatch({ type: "workspace", cwd: state.cwd ?? "", branch: undefined, host: o.remoteHost });
  const models = async (): Promise<readonly Model[]> => {
    if (!slashSupported("model", store.getState())) return [];
    return (await connection.rpc.getAvailableModels()).models;
  };
  for (const line of await startWarnings(o.flags, state, models)) ctx.notice(line, "warning");
  // Not awaited: the picker and the tour wait for the user, start-up does not.
  if (o.flags.resume) void resumeSession(deps, ctx).catch(failed("--resume"));
  else if (o.flags.demo && !o.flags.hasInitialMessage) {
    void runDemoTour(store, connection, (name) => workerCommands.list().some((c) => c.name === name)).catch(
      failed("The demo tour"),
    );
  }
}

export function setupFeatures(o: FeatureOptions): Features {
  const { store, connection } = o;
  const pickers = createPickerHost(store);
  const workerCommands = createWorkerCommands(store, connection);
  const refreshCommands = (): void => {
    workerCommands.refresh().catch((error: unknown) =>
      store.dispatch({
        type: "notice",
        level: "warning",
        text: `Could not read the worker's commands: ${String(error)}`,
      }),
    );
  };
  const recovery = createRecovery({
    store,
    closeOverlays: () => pickers.cancel(),
    onRehydrated: refreshCommands,
    // Asked at the resend: the worker that restarted is the one whose commands count.
    continuing: {
      supported: () => workerSupports(store.getState(), "continue"),
      run: () => connection.rpc.continueRun(),
    },
  });
  connection.subscribe((batch) => recovery.handle(batch));
  const { sessions, showFailed } = printSessions(store, connection);
  // A session opened idle whose last prompt never got its answer (its worker died with it).
  const sessionOpened = async (state: RpcSessionState): Promise<void> => {
    if (state.isStreaming || !workerSupports(store.getState(), "continue")) return;
    const { messages } = await connection.rpc.getMessages({ offset: -1, limit: 1 });
    recovery.openedSession(messages);
  };
  followWorkerFolder(store, connection, o.remoteHost);
  const bundled = !o.flags.customAgent;
  const deps: SlashDeps = {
    pickers,
    copy: (text) => copyToClipboard(text, { write: o.write, env: o.env }),
    fallbackSessionDir: () => o.flags.sessionDir ?? (bundled ? defaultSessionDir(o.env, o.cwd) : undefined),
    restart: () => connection.restart(),
    localSessions: !o.flags.remoteWorker,
    sessions,
    workerCommand: (name) => workerCommands.list().some((c) => c.name === name),
    sessionOpened,
    ...(o.live ? { live: o.live } : {}),
  };
  const supported = (name: string): boolean => slashSupported(name, store.getState());
  const review = createReviewHost(store, connection);
  const pickerOverlay = createOverlayRenderer(pickers);
  const slashCommands: SlashCommand[] = [
    ...createSlashCommands(deps),
    diffCommand(review),
    rewindCommand(deps),
    resendCommand(recovery),
    settingsCommand({ pickers, home: tuiHome(o.env), theme: o.theme }),
    ...(o.extraCommands?.(pickers) ?? []),
  ];
  slashCommands.push(
    helpCommand(() => allSuggestions([...slashCommands, ...o.builtins()], workerCommands.list(), supported)),
  );
  const files = fileSource(o);
  createCompletionDriver({ store, commands: () => [...slashCommands, ...o.builtins()], supported, files });
  return {
    pickers,
    slashCommands,
    overlay: (name, props) => (name === REVIEW_OVERLAY ? <ReviewView host={review} /> : pickerOverlay(name, props)),
    extras: <></>,
    afterStart: (exit) => afterWorkerStart(o, { deps, sessions, showFailed, workerCommands }, exit),
    answerInterrupted: (text) => recovery.answerInterrupted(text),
  };
}
