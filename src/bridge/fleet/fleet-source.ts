// The fleet source: one watch for this machine (in this process when it can, local-watch.ts) and
// one host watch per host of settings `fleet.hosts`, merged into one snapshot of typed rows. A
// host that cannot be listed is one row saying why (unreachable, agent-rpc too old, silent), so
// nothing about one host blocks the others.
// Subscribers get a snapshot at most every `coalesceMs` (four streaming workers rewrite their
// entries twice a second each; the view needs one update per batch, not one per line), and a
// change after a quiet spell at once (a session that starts waiting is not held back).
import { hostProblemRow } from "./decode-fleet.js";
import type { FleetHostSpec, FleetHostState, FleetHostStatus, FleetRow, FleetSnapshot } from "./fleet-types.js";
import { startHostWatch, type HostWatch, type HostWatchOptions } from "./host-watch.js";
import { localWatchModule, startLocalWatch } from "./local-watch.js";
import { keepSameRows } from "./same-rows.js";

export type FleetSourceOptions = {
  /** This machine's agent-rpc command (e.g. `node …/bin/agent-rpc.js`); undefined: no local sessions. */
  local: string[] | undefined;
  hosts: readonly FleetHostSpec[];
  coalesceMs?: number;
  /** Passed to each host watch (tests shorten them). */
  silentMs?: number;
  backoffMs?: readonly number[];
  /**
   * Start following the hosts this long from now, not at once: inside the TUI its start-up comes
   * first (the rows are wanted when someone looks or a session waits, not in the first second).
   * The hosts are "connecting" until then.
   */
  startAfterMs?: number;
  /**
   * A problem that leaves the fleet listed but should be known (this machine's in-process watch
   * did not load: local-watch.ts); the TUI shows it as a warning notice.
   */
  onWarning?(text: string): void;
};

export type FleetSource = {
  /** `fn` gets every snapshot from now on; returns the unsubscribe. */
  subscribe(fn: (snapshot: FleetSnapshot) => void): () => void;
  snapshot(): FleetSnapshot;
  /** The command that reaches `host` up to and including agent-rpc ("" = this machine). */
  reach(host: string): string[] | undefined;
  stop(): void;
};

/** A host's transport command followed by agent-rpc (the remote side runs the same commands). */
export function hostReach(spec: FleetHostSpec): string[] {
  return [...spec.command, "agent-rpc"];
}

const PROBLEM: Record<Exclude<FleetHostState, "live" | "connecting">, string> = {
  unreachable: "unreachable",
  too_old: "agent-rpc too old (no sessions --watch): update it on that host",
  silent: "silent",
};

type HostSlot = { status: FleetHostStatus; rows: readonly FleetRow[]; watch: HostWatch | undefined };

function problemText(status: FleetHostStatus): string | undefined {
  if (status.state === "live" || status.state === "connecting") return undefined;
  const what = PROBLEM[status.state];
  return status.detail !== undefined && status.state !== "too_old" ? `${what}: ${status.detail}` : what;
}

/** Starts following host `name` into `slot`; `changed`: the slot's rows or state changed. */
function followHost(
  o: FleetSourceOptions,
  name: string,
  reach: string[],
  slot: HostSlot,
  changed: () => void,
): HostWatch {
  const options: HostWatchOptions = {
    name,
    reach,
    onLine(line) {
      const rows = keepSameRows(slot.rows, line.rows);
      // A heartbeat, or a rewrite that changed nothing listed: no new snapshot.
      if (rows === slot.rows && line.version === slot.status.version) return;
      slot.rows = rows;
      slot.status = { ...slot.status, version: line.version };
      changed();
    },
    onState(state, detail) {
      const since = state === slot.status.state ? slot.status.since : Date.now();
      slot.status = { ...slot.status, state, detail, since };
      if (state !== "live") slot.rows = [];
      changed();
    },
  };
  if (o.silentMs !== undefined) options.silentMs = o.silentMs;
  if (o.backoffMs !== undefined) options.backoffMs = o.backoffMs;
  // This machine through this package's own agent-rpc: followed in this process (local-watch.ts).
  const module = name === "" ? localWatchModule(reach) : undefined;
  if (module === undefined) return startHostWatch(options);
  return startLocalWatch(options, module, { minIntervalMs: o.coalesceMs, onWarning: o.onWarning });
}

export function createFleetSource(o: FleetSourceOptions): FleetSource {
  const reaches = new Map<string, string[]>();
  if (o.local) reaches.set("", o.local);
  for (const h of o.hosts) if (h.name !== "" && !reaches.has(h.name)) reaches.set(h.name, hostReach(h));
  const slots = new Map<string, HostSlot>();
  const listeners = new Set<(s: FleetSnapshot) => void>();
  let timer: NodeJS.Timeout | undefined;
  /** When the last snapshot went out. */
  let sentAt = Number.NEGATIVE_INFINITY;
  let current: FleetSnapshot = { rows: [], hosts: [], at: Date.now() };
  const build = (): FleetSnapshot => {
    const rows: FleetRow[] = [];
    const hosts: FleetHostStatus[] = [];
    for (const [name, slot] of slots) {
      hosts.push(slot.status);
      const problem = problemText(slot.status);
      if (problem !== undefined) rows.push(hostProblemRow(name, problem, slot.status.since));
      else rows.push(...slot.rows);
    }
    return { rows, hosts, at: Date.now() };
  };
  const changed = (): void => {
    if (timer) return;
    // A change after a quiet spell goes out at once (with whatever else arrives in this turn);
    // changes that keep coming go out once per `coalesceMs`.
    const wait = Math.max(0, sentAt + (o.coalesceMs ?? 50) - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      sentAt = Date.now();
      current = build();
      for (const fn of [...listeners]) fn(current);
    }, wait);
  };
  for (const [name] of reaches)
    slots.set(name, {
      status: { name, state: "connecting", since: Date.now(), detail: undefined, version: undefined },
      rows: [],
      watch: undefined,
    });
  const followAll = (): void => {
    for (const [name, reach] of reaches) {
      const slot = slots.get(name);
      if (slot) slot.watch = followHost(o, name, reach, slot, changed);
    }
  };
  const starting = o.startAfterMs !== undefined ? setTimeout(followAll, o.startAfterMs) : undefined;
  if (starting === undefined) followAll();
  return {
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    snapshot: () => current,
    reach: (host) => reaches.get(host),
    stop() {
      // Before the delayed start, the hosts are never followed.
      if (starting) clearTimeout(starting);
      if (timer) clearTimeout(timer);
      timer = undefined;
      listeners.clear();
      for (const slot of slots.values()) slot.watch?.stop();
    },
  };
}
