// What the transcript says when the worker dies: one line for the death (how, and whether an
// answer went with it), and the mark under a partial answer that never reached the session file.

/**
 * Under the partial answer of a worker that died: the worker writes a message to the session
 * file when it ends, and this one never ended. (The death itself is said once, below it.)
 */
export const UNSAVED_ANSWER = "Not saved: this partial answer is in no session file.";

/**
 * The one line that says a worker died: how ("killed by SIGKILL", "exit code 1", or nothing when
 * only its link saw it go), whether the answer in progress went with it, then its stderr tail.
 */
export function workerDiedText(detail: string | undefined, runLost: boolean): string {
  const [how = "", ...stderr] = (detail ?? "").split("\n");
  const head = `The worker died${how !== "" ? ` (${how})` : ""}`;
  const line = runLost ? `${head}; the unfinished answer was lost.` : `${head}.`;
  return [line, ...stderr].join("\n");
}
