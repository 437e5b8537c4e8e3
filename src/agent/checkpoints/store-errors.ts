// The one error type of the checkpoint store: its message is what the client shows (a command
// answers `success:false` with it), so it names the file or the store that is wrong.

export class CheckpointError extends Error {
  override name = "CheckpointError";
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
