// Plain mode (`--plain`, or TERM=dumb): an append-only line interface over the same worker
// connection as the TUI, for screen readers and dumb terminals. Never moves the cursor, erases
// or redraws; stdin is read as lines (the terminal's own line editing and echo stay on).
import { createInterface } from "node:readline";
import { createWorkerConnection, toSessionSnapshot, type WorkerConnection } from "../../bridge/index.js";
import type { TuiCliOptions } from "../app/cli.js";
import { onOutputClosed } from "../terminal/closed-output.js";
import { guardRow, sanitizeLine } from "../render/sanitize.js";
import { createExitAfterDrain } from "../app/exit-after-drain.js";
import { sessionArgsForRestart } from "../app/restart-args.js";
import { oneShotWorkerCommand } from "../live/live-command.js";
import { createStartFailureFilter, startFailureLine } from "../app/start-failure.js";
import { flagReport, providerHint } from "../slash/start-checks.js";
import { abortPlainRun } from "./plain-abort.js";
import { decideInput, type PlainIntent } from "./plain-input.js";
import { PlainLog } from "./plain-log.js";

/**
 * A start still under way after this long is said to be (an ssh worker, a slow machine), so a
 * screen reader is not left in silence; a quicker start says only its outcome: "ready: …", or
 * the one error line on stderr and nothing on stdout.
 */
const SLOW_START_MS = 2000;

const write = (lines: readonly string[]): void => {
  // Every line was built from sanitised text; guardRow is the last check before the terminal.
  if (lines.length > 0) process.stdout.write(`${lines.map(guardRow).join("\n")}\n`);
};

const errorText = (error: unknown): string => sanitizeLine(error instanceof Error ? error.message : String(error));

/** What the intents share: the connection, the log, and the messages an abort took back. */
type PlainSession = { connection: WorkerConnection; log: PlainLog; takenBack: string[]; quit: () => void };

/** Abort the run, taking queued messages back first (plain-abort.ts). */
async function abortRun(session: PlainSession): Promise<void> {
  const result = await abortPlainRun(session.connection, session.log.queued());
  if (result.takenBack.length > 0) session.takenBack = result.takenBack;
  write(result.lines);
}

/** Carry out one intent; failures become "error:" lines. */
async function act(intent: PlainIntent, session: PlainSession): Promise<void> {
  const { connection, log } = session;
  try {
    switch (intent.kind) {
      // A line typed as the run ends must not be refused: streamingBehavior is ignored when idle.
      case "prompt":
      case "steer":
        return await connection.rpc.prompt(intent.text, { streamingBehavior: "steer" });
      case "follow_up":
        return await connection.rpc.prompt(intent.text, { streamingBehavior: "followUp" });
      case "abort":
        if (!log.busy()) return write(["nothing to abort"]);
        write(["aborting"]);
        return await abortRun(session);
      case "resend": {
        if (session.takenBack.length === 0) return write(["nothing to resend"]);
        // As the full TUI's editor after an abort: the messages, steering first, as one message.
        const text = session.takenBack.join("\n\n");
        session.takenBack = [];
        return await connection.rpc.prompt(text, { streamingBehavior: "steer" });
      }
      case "answer":
        connection.respondToUi(intent.id, intent.response);
        return write(log.answered(intent.id));
      case "say":
        return write(intent.lines);
      case "quit":
        return session.quit();
      case "none":
        return;
      default: {
        const never: never = intent;
        return never;
      }
    }
  } catch (error) {
    write([`error: ${errorText(error)}`]);
  }
}

/** The first lines after start: flags the worker did not honour, the no-provider hint, the model. */
async function greet(connection: WorkerConnection, options: TuiCliOptions): Promise<void> {
  const state = await connection.rpc.getState();
  const flags = {
    customAgent: options.customAgent,
    remoteWorker: false,
    demo: options.demo,
    resume: false,
    hasInitialMessage: false,
    sessionDir: options.sessionDir,
    requested: options.requested,
  };
  const hint = providerHint(flags, state);
  write(
    [...flagReport(flags, state), ...(hint === undefined ? [] : hint.split("\n"))].map((l) =>
      sanitizeLine(`warning: ${l}`),
    ),
  );
  const snapshot = toSessionSnapshot(state);
  const model = snapshot.model ? `${snapshot.model.name} (${snapshot.model.provider})` : "none";
  write([
    sanitizeLine(`ready: model ${model}, thinking ${snapshot.thinkingLevel ?? "off"}`),
    "type a message and press Enter; /help lists the commands",
  ]);
}

/** Start the worker and greet; false, with the reason said, when it did not start. */
async function startAndGreet(connection: WorkerConnection, options: TuiCliOptions): Promise<boolean> {
  const slow = setTimeout(() => write(["starting the worker: it has not answered yet"]), SLOW_START_MS);
  try {
    await connection.start();
  } catch (error) {
    // One line on stderr, as the full-screen UI and print mode say it (start-failure.ts).
    process.stderr.write(`agent-tui: ${startFailureLine(options.workerCommand, error)}\n`);
    return false;
  } finally {
    clearTimeout(slow);
  }
  try {
    await greet(connection, options);
    return true;
  } catch (error) {
    write([`error: could not start the worker: ${errorText(error)}`]);
    return false;
  }
}

export async function runPlain(options: TuiCliOptions): Promise<void> {
  const restartArgs = sessionArgsForRestart(options);
  const connection = createWorkerConnection({
    command: oneShotWorkerCommand(options.workerCommand),
    cwd: process.cwd(),
    env: process.env,
    restart: { maxRestarts: 3, windowMs: 60_000 },
    ownProcessGroup: true,
    ...(restartArgs ? { sessionArgsForRestart: restartArgs } : {}),
  });
  const log = new PlainLog();
  const session: PlainSession = { connection, log, takenBack: [], quit: () => exit(0) };
  // Stops the worker and exits once stdout took the log; a reader gone before then decides the status.
  const ending = createExitAfterDrain(() => connection.stop());
  const exit = (code: number): void => ending.finish(code);
  // End of input: leave once the run in progress (if any) is over.
  let quitWhenIdle = false;
  // A failed start is one line, below; not also "worker: exited" for the same exit.
  const withoutStartFailure = createStartFailureFilter();
  connection.subscribe((batch) => {
    write(log.notices(withoutStartFailure(batch)));
    // Messages queued when the worker died never reached it: /resend sends them, as after an abort.
    for (const n of batch) if (n.kind === "queue_lost") session.takenBack.push(n.text);
    if (quitWhenIdle && !log.busy()) exit(0);
  });
  // Ctrl+C stops a run, as in a shell; when nothing runs (or the run is already being
  // stopped) it leaves. The terminal's line discipline turns it into SIGINT.
  let aborting = false;
  process.on("SIGINT", () => {
    if (!log.busy() || aborting) return exit(130);
    aborting = true;
    write(["aborting (ctrl+c again leaves)"]);
    void abortRun(session).finally(() => {
      aborting = false;
    });
  });
  onOutputClosed((code) => ending.outputClosed(code));
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)
    process.on(signal, () => exit(code));

  if (!(await startAndGreet(connection, options))) return exit(1);
  // Lines are acted on at once (an answer must not wait behind a prompt an extension command holds).
  const inFlight = new Set<Promise<void>>();
  const handle = (intent: PlainIntent): void => {
    const p = act(intent, session).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  if (options.initialMessage !== undefined) handle({ kind: "prompt", text: options.initialMessage });
  const input = createInterface({ input: process.stdin, terminal: false });
  input.on("line", (line) => handle(decideInput(line, log.busy(), log.question())));
  input.on("close", () => {
    void Promise.all(inFlight).then(async () => {
      // The state round trip lets a run the last prompt started show up in the run state.
      await connection.rpc.getState().catch(() => undefined);
      const state = connection.getSnapshot().runState;
      if (state === "idle" || state === "settled") exit(0);
      else quitWhenIdle = true;
    });
  });
}
