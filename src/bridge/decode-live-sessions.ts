// The live workers as agent-rpc lists them (`agent-rpc sessions --json`, outside the worker
// protocol), decoded into the typed list the pickers show. Tolerant: entries without an id and a
// pid are skipped, missing fields take defaults.
import { isRecord } from "./client-values.js";

export type LiveSession = {
  id: string;
  pid: number;
  cwd: string;
  state: "working" | "waiting" | "idle";
  since: number;
  startedAt: number;
  attached: boolean;
  sessionFile: string | undefined;
  sessionName: string | undefined;
  /** The session's name, else its first prompt, as the worker publishes it (foreign text). */
  title: string | undefined;
};

const optString = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const numberOr0 = (v: unknown): number => (typeof v === "number" ? v : 0);

/** The parsed JSON list; anything but an array is an empty list. */
export function decodeLiveSessions(raw: unknown): LiveSession[] {
  if (!Array.isArray(raw)) return [];
  const out: LiveSession[] = [];
  for (const e of raw) {
    if (!isRecord(e) || typeof e["id"] !== "string" || typeof e["pid"] !== "number") continue;
    const state = e["state"] === "working" || e["state"] === "waiting" ? e["state"] : "idle";
    const title = optString(e["title"]);
    out.push({
      id: e["id"],
      pid: e["pid"],
      cwd: optString(e["cwd"]) ?? "",
      state,
      since: numberOr0(e["since"]),
      startedAt: numberOr0(e["startedAt"]),
      attached: e["attached"] === true,
      sessionFile: optString(e["sessionFile"]),
      sessionName: optString(e["sessionName"]),
      title: title !== undefined && title.trim() !== "" ? title : optString(e["sessionName"]),
    });
  }
  return out;
}

/** `agent-rpc sessions --json` output; throws (SyntaxError) when it is not JSON, as JSON.parse does. */
export function parseLiveSessions(json: string): LiveSession[] {
  return decodeLiveSessions(JSON.parse(json));
}
