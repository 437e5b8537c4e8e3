// The fleet view: a full-screen list of every live session (fleet-list.tsx draws the rows on
// screen, and only those that changed), a panel for a peek, the stop question or the
// new-session form, the answer dialog (fleet-answer.tsx), and a status row. Thin: state in fleet-state.ts, keys in
// fleet-keys.ts, effects in fleet-effects.ts. `tag` starts the frame with the tag that puts it
// on the alternate screen inside the TUI (transcript-view/screen-switch.ts).
import type React from "react";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { Box, Text } from "ink";
import type { FleetSource } from "../../bridge/index.js";
import { Lines } from "../components/lines.js";
import { fleetHint } from "../input/fleet-keymap.js";
import { useKeymap } from "../input/keymap-context.js";
import { useKeys } from "../input/use-keys.js";
import { guardRow, sanitizeLine } from "../render/sanitize.js";
import type { Theme } from "../render/palette.js";
import { usePalette } from "../components/use-palette.js";
import { padLine, truncateLine } from "../render/text-width.js";
import { createFleetEffects, type FleetHostUi } from "./fleet-effects.js";
import { FleetAnswer } from "./fleet-answer.js";
import { fleetKey } from "./fleet-keys.js";
import { waitingCount } from "./fleet-order.js";
import { panelLines } from "./fleet-panel.js";
import { ROWS_PER_SESSION } from "./fleet-lines.js";
import { FleetList } from "./fleet-list.js";
import {
  initialFleetView,
  reduceFleetView,
  selectedRow,
  shownRows,
  type FleetViewAction,
  type FleetViewState,
} from "./fleet-state.js";

export const FLEET_SCOPE = "overlay";

function headerLine(s: FleetViewState, width: number, theme: Theme): string {
  const shown = shownRows(s).filter((r) => r.state !== "unreachable").length;
  const waiting = waitingCount(s.rows);
  const hosts = s.hosts.filter((h) => h.name !== "").map((h) => `${h.name} ${h.state === "live" ? "✓" : "✗"}`);
  const parts = [
    theme.accent("Fleet"),
    s.loading ? "listing…" : `${shown} session${shown === 1 ? "" : "s"}`,
    ...(waiting > 0 ? [theme.warning(`${waiting} need${waiting === 1 ? "s" : ""} input`)] : []),
    ...(hosts.length > 0 ? [theme.muted(`hosts: ${sanitizeLine(hosts.join(" "))}`)] : []),
  ];
  return truncateLine(parts.join(" · "), width);
}

function statusLine(s: FleetViewState, width: number, theme: Theme, hint: string): string {
  if (s.mode.kind === "filter") return truncateLine(`/${sanitizeLine(s.filter)}${theme.accent("█")}`, width);
  const filter = s.filter !== "" ? theme.accent(`filter: ${sanitizeLine(s.filter)} · `) : "";
  const text = s.message !== undefined ? theme.accent(sanitizeLine(s.message)) : theme.muted(hint);
  return truncateLine(filter + text, width);
}

export type FleetScreenProps = {
  source: FleetSource;
  host: FleetHostUi;
  width: number;
  /** Rows the frame may take (one less than the terminal: Ink clears a frame as tall as it). */
  height: number;
  tag?: string;
  /** The attention notices (fleet-signals.ts), shown on the status row. */
  notices?: (fn: (text: string) => void) => () => void;
};

export function FleetScreen(props: FleetScreenProps): React.ReactElement {
  const { source, width, height } = props;
  const [state, dispatchToReact] = useReducer(reduceFleetView, undefined, initialFleetView);
  const latest = useRef(state);
  latest.current = state;
  // Keys read `latest`: it moves with each action at once, not at the next render, so keys that
  // arrive in one read (typed fast, pasted, a test's tab tab f) each see the state before them.
  const dispatch = useCallback((a: FleetViewAction): void => {
    latest.current = reduceFleetView(latest.current, a);
    dispatchToReact(a);
  }, []);
  useEffect(() => {
    dispatch({ type: "snapshot", snapshot: source.snapshot() });
    return source.subscribe((snapshot) => dispatch({ type: "snapshot", snapshot }));
  }, [source, dispatch]);
  const { notices } = props;
  useEffect(() => notices?.((text) => dispatch({ type: "message", text })), [notices, dispatch]);
  const keymap = useKeymap();
  // A dead worker's row offers resume, its log and dismiss instead of attach, peek and stop.
  const selectedDead = selectedRow(state)?.dead !== undefined;
  const hint = useMemo(() => fleetHint(keymap, selectedDead), [keymap, selectedDead]);
  const fx = useMemo(() => createFleetEffects(source, props.host, dispatch), [source, props.host, dispatch]);
  const palette = usePalette();
  const answering = state.mode.kind === "answer" ? state.mode : undefined;
  const answerRows = answering ? Math.max(4, Math.floor(height / 2)) : 0;
  const panel = panelLines(state.mode, state.rows, width, Math.max(3, Math.floor(height / 2)), palette);
  const listHeight = Math.max(ROWS_PER_SESSION, height - 2 - panel.length - answerRows);
  useKeys(
    (input, key) =>
      fleetKey(latest.current, input, key, Math.floor(listHeight / ROWS_PER_SESSION), { dispatch, fx, keymap }),
    {
      scope: FLEET_SCOPE,
    },
  );
  const answeredRow = answering ? state.rows.find((r) => r.key === answering.key) : undefined;
  return (
    <Box flexDirection="column">
      {/* The tag is ours, not text: it goes before the guarded row, as the transcript view's does. */}
      <Text>{(props.tag ?? "") + guardRow(padLine(headerLine(state, width, palette.theme), width))}</Text>
      <FleetList state={state} width={width} height={listHeight} palette={palette} />
      <Lines lines={panel} />
      {answering && answeredRow ? (
        <FleetAnswer
          key={answering.dialog.id}
          dialog={answering.dialog}
          width={width}
          maxRows={answerRows}
          onAnswer={(response) => fx.answer(answeredRow, answering.dialog.id, response)}
        />
      ) : null}
      <Lines lines={[statusLine(state, width, palette.theme, hint)]} />
    </Box>
  );
}
