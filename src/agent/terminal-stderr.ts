// agent-rpc's stderr when a person reads it in a terminal (agent-rpc run by hand): its messages
// quote paths, folder and session names and a worker's own stderr, anyone's text, so every write
// then crosses the shared visible-text rule. Piped (under agent-tui, which sanitises what it
// shows, or into a log) it stays exact.
import { StringDecoder } from "node:string_decoder";
import { visibleText } from "../protocol/terminal-text.js";

type Write = (
  chunk: string | Uint8Array,
  encodingOrCallback?: BufferEncoding | ((error?: Error | null) => void),
  callback?: (error?: Error | null) => void,
) => boolean;

/** Routes every later write to `stream` through visibleText when the stream is a terminal. */
export function guardTerminalStderr(stream: NodeJS.WriteStream = process.stderr): void {
  if (stream.isTTY !== true) return;
  const write = stream.write.bind(stream) as Write;
  // Bytes (a worker's stderr passed on) may end inside a UTF-8 sequence: decoded across writes.
  const decoder = new StringDecoder("utf8");
  const guarded: Write = (chunk, encodingOrCallback, callback) => {
    const text = typeof chunk === "string" ? chunk : decoder.write(Buffer.from(chunk));
    return typeof encodingOrCallback === "function"
      ? write(visibleText(text), encodingOrCallback)
      : write(visibleText(text), encodingOrCallback, callback);
  };
  stream.write = guarded as typeof stream.write;
}
