// A live worker started in place (`agent-rpc attach --or-serve`) serves the client that started
// it over this process's stdin and stdout: they are joined to a connection on the worker's own
// socket, so the hub serves that client like any other (ready, live_attach, take-over) without
// a relay process in between. The link ends with stdin, with a broken stdout, or when the hub
// closes the connection (taken over, shutdown); the worker then runs on detached, exactly as
// when a relay's link dropped.
import { connect } from "node:net";
import type { FrameSink } from "../rpc/frame-writer.js";

export interface StdioLink {
  /** Resolves when the link is over (the worker keeps running). */
  readonly ended: Promise<void>;
}

export function linkStdio(
  socketPath: string,
  stdin: NodeJS.ReadStream,
  stdout: FrameSink,
  warn: (message: string) => void,
): StdioLink {
  const socket = connect(socketPath);
  socket.setEncoding("utf8");
  let over = false;
  let resolveEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  const end = (): void => {
    if (over) return;
    over = true;
    stdin.unpipe(socket);
    // The client reads nothing more from us: stop reading it, so a client that still writes
    // gets EPIPE instead of filling a pipe nobody drains.
    stdin.destroy();
    socket.end();
    resolveEnded();
  };
  socket.on("data", (text: string) => {
    if (over) return;
    if (!stdout.write(text)) {
      socket.pause();
      stdout.once("drain", () => socket.resume());
    }
  });
  socket.once("connect", () => stdin.pipe(socket));
  socket.on("close", end);
  socket.on("error", (error: Error) => {
    warn(`the link to the client that started this worker failed: ${error.message}`);
    end();
  });
  // EPIPE: the client is gone (its terminal closed, it was killed).
  stdout.on("error", end);
  stdin.on("error", end);
  return { ended };
}
