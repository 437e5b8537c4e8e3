// The fleet view's state and its pure reducer: the ordered rows, the filter, which row is
// selected (by key, so a reordering keeps it), the first row on screen, and what the view is
// doing (the list, typing a filter, a peek, an answer, the stop question, the new-session form).
import type { FleetDialog, FleetHostStatus, FleetRow, FleetSnapshot } from "../../bridge/index.js";
import { filterFleetRows, orderFleetRows } from "./fleet-order.js";

export type NewSessionForm = {
  field: "folder" | "worktree" | "branch";
  folder: string;
  worktree: boolean;
  branch: string;
};

export type FleetMode =
  | { kind: "list" }
  | { kind: "filter" }
  | { kind: "peek"; key: string; lines: string[] | undefined }
  | { kind: "answer"; key: string; dialog: FleetDialog }
  | { kind: "confirm_stop"; key: string }
  | { kind: "new"; form: NewSessionForm };

export type FleetViewState = {
  rows: FleetRow[];
  hosts: FleetHostStatus[];
  filter: string;
  selected: string | undefined;
  top: number;
  mode: FleetMode;
  /** One line saying what the last action did (or why it could not). */
  message: string | undefined;
  /** No snapshot yet. */
  loading: boolean;
};

export type FleetViewAction =
  | { type: "snapshot"; snapshot: FleetSnapshot }
  | { type: "move"; by: number; height: number }
  | { type: "filter_text"; text: string }
  | { type: "filter_backspace" }
  | { type: "filter_clear" }
  | { type: "mode"; mode: FleetMode }
  /** Answer the selected session's question from the list, when the list holds all of it. */
  | { type: "answer_selected" }
  | { type: "message"; text: string | undefined };

export function initialFleetView(): FleetViewState {
  return {
    rows: [],
    hosts: [],
    filter: "",
    selected: undefined,
    top: 0,
    mode: { kind: "list" },
    message: undefined,
    loading: true,
  };
}

/** The rows the list shows now (ordered, filtered). */
export function shownRows(s: FleetViewState): FleetRow[] {
  return filterFleetRows(s.rows, s.filter);
}

export function selectedRow(s: FleetViewState): FleetRow | undefined {
  const shown = shownRows(s);
  return shown.find((r) => r.key === s.selected) ?? shown[0];
}

/** `top` moved the least so that row `index` is among `height` rows on screen. */
function scrolledTo(top: number, index: number, height: number): number {
  if (index < top) return index;
  if (index >= top + height) return index - height + 1;
  return top;
}

function move(s: FleetViewState, by: number, height: number): FleetViewState {
  const shown = shownRows(s);
  if (shown.length === 0) return s;
  const at = Math.max(
    0,
    shown.findIndex((r) => r.key === s.selected),
  );
  const next = Math.min(shown.length - 1, Math.max(0, at + by));
  return { ...s, selected: shown[next]?.key, top: scrolledTo(s.top, next, Math.max(1, height)) };
}

/** A new snapshot: the selected session stays selected while it is listed. */
function withSnapshot(s: FleetViewState, snapshot: FleetSnapshot): FleetViewState {
  const rows = orderFleetRows(snapshot.rows);
  // Listed once every host has answered or failed (before that, "no sessions" would be a guess).
  const loading = snapshot.hosts.length === 0 || snapshot.hosts.some((h) => h.state === "connecting");
  const next = { ...s, rows, hosts: snapshot.hosts, loading };
  const shown = shownRows(next);
  const selected = shown.some((r) => r.key === s.selected) ? s.selected : shown[0]?.key;
  // A dialog answered elsewhere is withdrawn from the answer form; a stopped session from its question.
  const row = "key" in s.mode ? rows.find((r) => r.key === (s.mode as { key: string }).key) : undefined;
  const gone =
    "key" in s.mode && (row === undefined || (s.mode.kind === "answer" && row.dialog?.id !== s.mode.dialog.id));
  return {
    ...next,
    selected,
    mode: gone && s.mode.kind !== "peek" ? { kind: "list" } : s.mode,
    message: gone && s.mode.kind === "answer" ? "That question was answered elsewhere or withdrawn." : next.message,
  };
}

/** What the list says instead of answering a question it does not hold whole. */
export const OPEN_TO_ANSWER =
  "This question is too long to answer from the list: open the session to answer (Enter switches).";

/**
 * The answer form for the selected row's question, unless the registry could not publish it
 * whole (docs/protocol-notes.md, "Live sessions"): an editor opened without its text, answered,
 * would replace the file the session asked about with what little the form held.
 */
function answerSelected(s: FleetViewState): FleetViewState {
  const row = selectedRow(s);
  const dialog = row && row.state !== "unreachable" ? row.dialog : undefined;
  if (!row || !dialog) return { ...s, message: "That session asks nothing now." };
  if (dialog.cut) return { ...s, message: OPEN_TO_ANSWER };
  return { ...s, mode: { kind: "answer", key: row.key, dialog }, message: undefined };
}

export function reduceFleetView(s: FleetViewState, a: FleetViewAction): FleetViewState {
  switch (a.type) {
    case "snapshot":
      return withSnapshot(s, a.snapshot);
    case "move":
      return move(s, a.by, a.height);
    case "filter_text":
      return { ...s, filter: s.filter + a.text, top: 0, selected: undefined };
    case "filter_backspace":
      return { ...s, filter: Array.from(s.filter).slice(0, -1).join(""), top: 0, selected: undefined };
    case "filter_clear":
      return { ...s, filter: "", top: 0 };
    case "mode":
      return { ...s, mode: a.mode, message: undefined };
    case "message":
      return { ...s, message: a.text };
    case "answer_selected":
      return answerSelected(s);
    default: {
      const never: never = a;
      return never;
    }
  }
}
