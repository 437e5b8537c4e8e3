// Why a session operation was refused: the message is shown to the client as the error.
export class SessionError extends Error {}

/** The session file is held by another live worker (one writer per session file). */
export class SessionInUseError extends SessionError {
  constructor(
    message: string,
    /** The file refused, when known: start-failure.ts names the live session holding it. */
    readonly sessionFile?: string,
  ) {
    super(message);
  }
}
