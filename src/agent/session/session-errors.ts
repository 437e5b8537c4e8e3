// Why a session operation was refused: the message is shown to the client as the error.
export class SessionError extends Error {}

/** The session file is held by another live worker (one writer per session file). */
export class SessionInUseError extends SessionError {}
