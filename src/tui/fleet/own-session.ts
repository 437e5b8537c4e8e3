// The session on this TUI's screen when its worker is not a live one (pi or another agent
// through --agent, or live sessions turned off): no registry lists it, yet it is one of the
// user's agents, so the fleet view inside the TUI shows it as a row of its own, built from the
// TUI's state and kept up to date as that state changes. Only the view gets it: the attention
// signals leave it out (its dialogs are on this screen already).
import type { FleetRow, FleetSnapshot, FleetSource } from "../../bridge/index.js";
import type { TuiState } from "../state/types.js";

/** The first prompt of the conversation on screen, as a registry entry's title would be. */
function firstPrompt(s: TuiState): string | undefined {
  const first = s.transcript.committed.find((e) => e.kind === "user");
  return first?.kind === "user" ? first.text.split("\n")[0] : undefined;
}

/** The row of the session on screen; `startedAt`: when this TUI started its worker. */
export function ownSessionRow(s: TuiState, startedAt: number): FleetRow {
  const waiting = s.dialogs.length > 0;
  return {
    key: "\u0000here",
    host: "",
    id: "",
    pid: 0,
    cwd: s.footer.cwd,
    branch: s.footer.branch,
    title: s.footer.sessionName ?? firstPrompt(s) ?? "the session on screen",
    state: waiting ? "needs_input" : s.run.busy ? "working" : "idle",
    since: s.run.startedAt ?? startedAt,
    startedAt,
    activity: "on this screen; not a live session: it ends with this terminal",
    dialog: undefined,
    tokens: { input: s.footer.tokensIn, output: s.footer.tokensOut },
    cost: s.footer.cost,
    attached: true,
    clients: 1,
    outcomeAt: undefined,
    problem: undefined,
    dead: undefined,
    here: true,
  };
}

/** What of the row a person sees change: a new snapshot only when one of these did. */
const shownOf = (r: FleetRow | undefined): string =>
  r === undefined ? "" : JSON.stringify([r.title, r.state, r.since, r.branch, r.cwd, r.tokens]);

/**
 * `source` with `own()`'s row first when there is one; `changes` tells when it may have changed
 * (the TUI store's subscribe). Stopping it stops `source`.
 */
export function withOwnSession(
  source: FleetSource,
  own: () => FleetRow | undefined,
  changes: (listener: () => void) => () => void,
): FleetSource {
  const merged = (snapshot: FleetSnapshot): FleetSnapshot => {
    const row = own();
    return row === undefined ? snapshot : { ...snapshot, rows: [row, ...snapshot.rows] };
  };
  return {
    snapshot: () => merged(source.snapshot()),
    subscribe(fn) {
      let last = shownOf(own());
      const offSource = source.subscribe((snapshot) => {
        last = shownOf(own());
        fn(merged(snapshot));
      });
      const offChanges = changes(() => {
        const now = shownOf(own());
        if (now === last) return;
        last = now;
        fn(merged(source.snapshot()));
      });
      return () => {
        offSource();
        offChanges();
      };
    },
    reach: (host) => source.reach(host),
    stop: () => source.stop(),
  };
}
