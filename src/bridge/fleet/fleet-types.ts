// The fleet as the UI sees it: one typed row per live session, on this machine or on a host of
// settings `fleet.hosts`, and one status per host. Decoded once from `agent-rpc sessions --json
// --watch` (docs/protocol-notes.md, "Fleet"); every string here is foreign text the UI sanitises.

/** What a row says about its session; `unreachable` is a host row (its sessions are unknown). */
export type FleetState = "needs_input" | "working" | "idle" | "done" | "failed" | "unreachable";

export type FleetDialog = {
  id: string;
  method: "select" | "confirm" | "input" | "editor";
  title: string;
  message: string | undefined;
  options: string[] | undefined;
  /** A select's change asked about (the permission gate's edit or write). */
  diff: string | undefined;
  /** An editor's initial text, verbatim: what the answer sends back unless the user changes it. */
  prefill: string | undefined;
  /**
   * The registry does not hold all of it (too long, or an older worker that publishes no editor
   * text): the list must not answer it, the session must (its own dialog has it whole).
   */
  cut: boolean;
};

export type FleetRow = {
  /** Unique over the fleet: host and session id. */
  key: string;
  /** The host's name from settings, "" for this machine. */
  host: string;
  /** The live worker's id (what `agent-rpc attach ID` takes); "" on a host row. */
  id: string;
  pid: number;
  cwd: string;
  branch: string | undefined;
  /** The session's name, else its first prompt. */
  title: string | undefined;
  state: FleetState;
  /** When the state began (ms since the epoch; for a host row: when it became unreachable). */
  since: number;
  startedAt: number;
  /** What it does now: the running tool and its argument, else the last line. */
  activity: string | undefined;
  dialog: FleetDialog | undefined;
  tokens: { input: number; output: number } | undefined;
  cost: number | undefined;
  /** A client is attached (a terminal elsewhere, or this one). */
  attached: boolean;
  clients: number;
  /** When the last run ended, when it did (done and failed rows). */
  outcomeAt: number | undefined;
  /** A host row's reason (unreachable, agent-rpc too old, silent). */
  problem: string | undefined;
  /** Its worker died (a `failed` row): what the tombstone says; undefined for a live session. */
  dead: FleetDead | undefined;
  /**
   * The session on this TUI's screen, whose worker is not a live one (pi through --agent, live
   * sessions off): no registry lists it, so /fleet adds it from the TUI's own state.
   */
  here?: true;
};

/** A dead worker's tombstone (docs/protocol-notes.md, "Fleet"): its conversation can be resumed from its file. */
export type FleetDead = {
  /** When its death was noticed (ms). */
  at: number;
  /** "worker died", or why it cannot be reached. */
  reason: string;
  /** The worker's log (its stderr): what it wrote before it died. */
  log: string;
  /** Its session file, when it had one: what a new worker resumes. */
  sessionFile: string | undefined;
};

/** Where a host's connection stands. */
export type FleetHostState = "connecting" | "live" | "unreachable" | "too_old" | "silent";

export type FleetHostStatus = {
  name: string;
  state: FleetHostState;
  /** Since when (ms). */
  since: number;
  /** Why it is not live (the transport's last stderr line, the usage error). */
  detail: string | undefined;
  /** agent-rpc's version on that host, from its last fleet line. */
  version: string | undefined;
};

export type FleetSnapshot = { rows: FleetRow[]; hosts: FleetHostStatus[]; at: number };

/** One host of settings `fleet.hosts`: its name and the command that reaches it (`ssh name` by default). */
export type FleetHostSpec = { name: string; command: string[] };
