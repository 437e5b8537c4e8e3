// Serialises writes and edits to the same file: tool calls of one assistant message may run
// in parallel, and two edits of one file must not read the same original and overwrite each other.

const tails = new Map<string, Promise<unknown>>();

export async function withFileLock<T>(absolutePath: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(absolutePath) ?? Promise.resolve();
  // Run after the previous task whatever its outcome; its caller already sees its error.
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(absolutePath, settled);
  try {
    return await run;
  } finally {
    if (tails.get(absolutePath) === settled) tails.delete(absolutePath);
  }
}
