// Who may do what on a live worker's socket (docs/protocol-notes.md, "Live sessions"): one
// controlling client, any number of watchers. A watcher sees everything the controller sees but
// may only answer dialogs, read (get_* commands) and take control; anything else is refused
// with one clear error, never silently dropped.
import { isObject } from "../../protocol/decode/result.js";

export type ClientRole = "controller" | "watcher";

/** The error a watcher gets for a command only the controlling client may send. */
export const WATCHING_REFUSAL = "watching: take control first";

/** Transport commands every client may send: attach, take control, and go back to watching. */
const ANY_CLIENT = new Set(["live_attach", "take_control", "live_watch", "extension_ui_response"]);

/** Whether a watcher may send a frame of this type. */
export function watcherMay(type: string): boolean {
  return ANY_CLIENT.has(type) || type.startsWith("get_");
}

/**
 * The refusal of a watcher's record, or undefined when it may go on to the server (malformed
 * records go on too: the server answers those as it answers anyone's).
 */
export function watcherRefusal(line: string): Record<string, unknown> | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(line);
  } catch (error) {
    void error; // the rpc server reports the parse error
    return undefined;
  }
  if (!isObject(frame) || typeof frame["type"] !== "string" || watcherMay(frame["type"])) return undefined;
  return watchingRefusal(frame["id"], frame["type"]);
}

/** The failed response a watcher gets for `command` (request `id`). */
export function watchingRefusal(id: unknown, command: string): Record<string, unknown> {
  const refusal: Record<string, unknown> = {};
  if (typeof id === "string") refusal["id"] = id;
  Object.assign(refusal, { type: "response", command, success: false, error: WATCHING_REFUSAL });
  return refusal;
}
