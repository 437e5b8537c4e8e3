// Print mode (`agent-tui -p`): one prompt through the same worker connection the TUI uses, the
// final answer on stdout, exit 0; a failed run exits 1 with the error on stderr; SIGINT aborts
// the run and exits 130. Dialogs take their default answer (print-dialogs.ts).
import { createWorkerConnection, type WorkerConnection } from "../../bridge/index.js";
import { createExitAfterDrain } from "../app/exit-after-drain.js";
import { startFailureLine } from "../app/start-failure.js";
import { oneShotWorkerCommand } from "../live/live-command.js";
import type { TuiCliOptions } from "../app/cli.js";
import { onOutputClosed } from "../terminal/closed-output.js";
import type { PrintOptions } from "../app/front-end.js";
import { flagReport, providerHint } from "../slash/start-checks.js";
import { decodeUiRequest } from "../state/ui-requests.js";
import { NO_PAINT, paletteOf } from "../render/palette.js";
import { chooseTheme } from "../terminal/theme-choice.js";
import { answerDialog } from "./print-dialogs.js";
import { initialPrintRun, notePrintNotice, printOutcome, type PrintOutcome } from "./print-outcome.js";
import { createPrintOutput, type PrintOutput } from "./print-output.js";
import { buildPrompt, readAll, type PromptInput } from "./prompt-input.js";

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
const EXIT_INTERRUPTED = 130;
/** After SIGINT: how long the worker may take to end the aborted run before it is stopped anyway. */
const ABORT_GRACE_MS = 5000;

/** The exit code of a finished run, its answer or error written out. */
function report(outcome: PrintOutcome, interrupted: boolean, out: PrintOutput): number {
  if (interrupted) {
    out.error(outcome.ok ? "interrupted" : `interrupted: ${outcome.error}`);
    return EXIT_INTERRUPTED;
  }
  if (outcome.ok) {
    out.answer(outcome.answer);
    return 0;
  }
  out.error(outcome.error);
  return EXIT_FAILED;
}

/** True when the accepted prompt started no run (an extension command handled it). */
async function startedNoRun(connection: WorkerConnection): Promise<boolean> {
  if (connection.getSnapshot().runState !== "idle") return false;
  const state = await connection.rpc.getState();
  return !state.isStreaming && connection.getSnapshot().runState === "idle";
}

/**
 * What the started worker says about the flags and the model: flags it did not honour are
 * warnings; no real model (the offline demo model would answer) refuses the run, since a
 * script must not take a scripted answer for a real one. Returns false to refuse.
 */
async function checkStart(connection: WorkerConnection, options: TuiCliOptions, out: PrintOutput): Promise<boolean> {
  const state = await connection.rpc.getState();
  const flags = {
    customAgent: options.customAgent,
    remoteWorker: false,
    demo: options.demo,
    resume: false,
    hasInitialMessage: true,
    sessionDir: options.sessionDir,
    requested: options.requested,
  };
  for (const warning of flagReport(flags, state)) out.error(warning);
  const hint = providerHint(flags, state);
  if (hint !== undefined) out.error(`${hint}\n(print mode runs on the demo model only with --demo)`);
  return hint === undefined;
}

async function readPrompt(options: TuiCliOptions, out: PrintOutput): Promise<PromptInput> {
  try {
    const piped = process.stdin.isTTY ? undefined : await readAll(process.stdin);
    return await buildPrompt(options.messageWords, piped, process.cwd());
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    process.exit(EXIT_USAGE);
  }
}

export async function runPrint(options: TuiCliOptions, print: PrintOptions): Promise<void> {
  // --render paints in the chosen palette (the terminal is not asked: stdout may be a pipe).
  const palette = print.render ? paletteOf((await chooseTheme(process.env)).choice) : NO_PAINT;
  const out = createPrintOutput(print, process.stdout, process.stderr, palette);
  const prompt = await readPrompt(options, out);
  const command = oneShotWorkerCommand(options.workerCommand);
  const connection = createWorkerConnection({ command, cwd: process.cwd(), env: process.env, restart: false });
  let run = initialPrintRun();
  let interrupted = false;
  let finished = false;
  const exit = createExitAfterDrain(() => connection.stop());
  const finish = (code: number): void => {
    finished = true;
    exit.finish(code);
  };
  const conclude = (): void => {
    if (!finished) finish(report(printOutcome(run), interrupted, out));
  };
  connection.subscribe((batch) => {
    for (const n of batch) {
      run = notePrintNotice(run, n);
      out.notice(n);
      const answer =
        n.kind === "ui_request" ? answerDialog(decodeUiRequest(n.request, Date.now()), print.confirms) : undefined;
      if (answer) {
        out.error(answer.say);
        connection.respondToUi(answer.id, answer.response);
      }
    }
    if (run.over) conclude();
  });
  process.on("SIGINT", () => {
    if (interrupted) return finish(EXIT_INTERRUPTED);
    interrupted = true;
    out.progress("interrupted: aborting the run");
    // abort answers after the aborted run ended; with no run going it answers at once.
    const idle = (): boolean => ["idle", "settled"].includes(connection.getSnapshot().runState);
    connection.rpc.abort().then(
      () => idle() && conclude(),
      () => finish(EXIT_INTERRUPTED),
    );
    setTimeout(() => finish(EXIT_INTERRUPTED), ABORT_GRACE_MS).unref();
  });
  // A reader that left (`| head -1`) has all it wanted: stop the worker, no error, no stack.
  onOutputClosed((code) => {
    finished = true;
    exit.outputClosed(code);
  });
  process.on("SIGTERM", () => finish(143));
  process.on("SIGHUP", () => finish(129));
  try {
    await connection.start();
    if (interrupted) return finish(EXIT_INTERRUPTED);
    if (!(await checkStart(connection, options, out))) return finish(EXIT_FAILED);
    await connection.rpc.prompt(prompt.text, prompt.images.length > 0 ? { images: prompt.images } : {});
    if (await startedNoRun(connection)) conclude();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const snapshot = connection.getSnapshot();
    out.error(snapshot.supervisor === "running" ? message : startFailureLine(options.workerCommand, error));
    finish(interrupted ? EXIT_INTERRUPTED : EXIT_FAILED);
  }
}
