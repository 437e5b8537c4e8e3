// The session rows of the fleet view, as one text: the lines of a session are built again only
// when its row changed (the bridge keeps an unchanged row the same object, bridge/fleet/
// same-rows.ts), it becomes or stops being the selected one, or the text of its "how long"
// changes; the clock behind that text wakes the view only when a shown text changes (a session
// idle for minutes changes it once a minute). One text, not one per session: Ink lays out and
// draws each text node of a frame again, and twenty nodes cost it more than twenty sessions'
// strings (bench/fleet.mjs: 15 against 6.5 ms per frame).
import type React from "react";
import { useRef } from "react";
import type { FleetRow } from "../../bridge/index.js";
import { Text } from "ink";
import { useNowWhenChanged } from "../components/use-now.js";
import type { Palette } from "../render/palette.js";
import { guardRow } from "../render/sanitize.js";
import { age } from "../live/live-sessions.js";
import { ROWS_PER_SESSION, sessionLines } from "./fleet-lines.js";
import { selectedRow, shownRows, type FleetViewState } from "./fleet-state.js";

/** The "how long" of `row` at `now`: the only part of its lines that moves with the clock. */
const howLong = (row: FleetRow, now: number): string => age(now - row.since);

/** The sessions that fit `height` rows: from the first shown, keeping the selected one in view. */
export function visibleSessions(s: FleetViewState, height: number): { rows: FleetRow[]; selected: string | undefined } {
  const shown = shownRows(s);
  const fits = Math.max(1, Math.floor(height / ROWS_PER_SESSION));
  const selected = selectedRow(s)?.key;
  const at = Math.max(
    0,
    shown.findIndex((r) => r.key === selected),
  );
  const top = at < s.top ? at : at >= s.top + fits ? at - fits + 1 : Math.min(s.top, Math.max(0, shown.length - fits));
  return { rows: shown.slice(top, top + fits), selected };
}

type Built = { how: string; selected: boolean; width: number; palette: Palette; rows: string[] };

/** A line as <Lines> draws it: guarded (only our SGR reaches the terminal), a blank one a space. */
const drawn = (line: string): string => (line === "" ? " " : guardRow(line));

export function FleetList(props: {
  state: FleetViewState;
  width: number;
  height: number;
  palette: Palette;
}): React.ReactElement {
  const { state, width, height, palette } = props;
  const { rows, selected } = visibleSessions(state, height);
  const now = useNowWhenChanged((t) => rows.map((r) => howLong(r, t)).join("\u0000"));
  // The lines of each row object as last built; rows that left the list are forgotten with it.
  const built = useRef(new WeakMap<FleetRow, Built>()).current;
  // Guarded once when built, not at every draw as <Lines> would: most rows are the same.
  const rowsOf = (row: FleetRow): string[] => {
    const how = howLong(row, now);
    const isSelected = row.key === selected;
    const was = built.get(row);
    if (was && was.how === how && was.selected === isSelected && was.width === width && was.palette === palette)
      return was.rows;
    const drawnRows = sessionLines(row, isSelected, width, now, palette).map(drawn);
    built.set(row, { how, selected: isSelected, width, palette, rows: drawnRows });
    return drawnRows;
  };
  const out = rows.flatMap(rowsOf);
  if (!state.loading && rows.length === 0) {
    const none = state.filter !== "" ? "No session matches the filter." : "No live sessions. n starts one.";
    out.push(drawn(palette.theme.muted(none)));
  }
  while (out.length < height) out.push(" ");
  return <Text>{out.slice(0, height).join("\n")}</Text>;
}
