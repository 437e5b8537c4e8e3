// Asks the terminal for its background colour (OSC 11) before the UI starts, fenced by a
// primary device attributes query (DA1) that every terminal answers: a terminal that ignores
// OSC 11 costs one round trip, not the timeout, and no late reply leaks into the editor.
// Keys typed during the query are handed back to stdin for the UI. It runs while the UI's modules
// load (main.ts), so its wait costs no start-up time.

import { CSI_OPEN_SOURCE, OSC_OPEN_SOURCE, STRING_END_SOURCE } from "../../bridge/index.js";

export type Background = "light" | "dark";

const QUERY = "\u001b]11;?\u001b\\\u001b[c";
const HEX = "([0-9a-f]{1,4})";
const OSC11_REPLY = new RegExp(`${OSC_OPEN_SOURCE}11;rgb:${HEX}/${HEX}/${HEX}${STRING_END_SOURCE}`, "i");
const DA1_REPLY = new RegExp(`${CSI_OPEN_SOURCE}\\?[0-9;]*c`);
/** Long enough for a local terminal or one over SSH; a silent terminal costs this at start. */
const QUERY_TIMEOUT_MS = 200;

/** Light or dark from an OSC 11 reply (`rgb:RRRR/GGGG/BBBB`, 1-4 hex digits a channel), by relative luminance. */
export function backgroundFromOsc11(reply: string): Background | undefined {
  const m = OSC11_REPLY.exec(reply);
  if (!m) return undefined;
  const [r, g, b] = [m[1], m[2], m[3]].map((hex = "0") => Number.parseInt(hex, 16) / (16 ** hex.length - 1)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 ? "light" : "dark";
}

/** The terminal's background, or undefined when it does not say (or stdin/stdout is not a terminal). */
export function queryBackground(
  stdin: NodeJS.ReadStream,
  stdout: NodeJS.WriteStream,
  timeoutMs = QUERY_TIMEOUT_MS,
): Promise<Background | undefined> {
  if (!stdin.isTTY || !stdout.isTTY) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let buffer = "";
    let done = false;
    const wasRaw = stdin.isRaw;
    const finish = (): void => {
      done = true;
      clearTimeout(timer);
      stdin.off("data", onData);
      stdin.pause();
      stdin.setRawMode(wasRaw);
      const typed = buffer.replace(OSC11_REPLY, "").replace(DA1_REPLY, "");
      if (typed !== "") stdin.unshift(Buffer.from(typed, "utf8"));
      resolve(backgroundFromOsc11(buffer));
    };
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString("utf8");
      if (DA1_REPLY.test(buffer)) finish();
    };
    // The UI's modules load while this waits, and can hold the event loop past the timeout with
    // the reply already in the pipe: on timeout, read what has arrived (one poll phase) first.
    const timer = setTimeout(() => setImmediate(() => (done ? undefined : finish())), timeoutMs);
    stdin.setRawMode(true);
    stdin.on("data", onData);
    stdout.write(QUERY);
  });
}
