// The session rows of the fleet view: each session on screen is a component of its own that
// draws again only when its row changed (the bridge keeps an unchanged row the same object,
// bridge/fleet/same-rows.ts), it becomes or stops being the selected one, or the text of its
// "how long" changes; the clock behind that text wakes the view only when a shown text changes
// (a session idle for minutes changes it once a minute). Four streaming sessions among twenty
// redraw four, not twenty.
import type React from "react";
import { memo } from "react";
import { Box } from "ink";
import type { FleetRow } from "../../bridge/index.js";
import { Lines } from "../components/lines.js";
import { useNowWhenChanged } from "../components/use-now.js";
import type { Palette } from "../render/palette.js";
import { age } from "../live/live-sessions.js";
import { ROWS_PER_SESSION, sessionLines } from "./fleet-lines.js";
import { selectedRow, shownRows, type FleetViewState } from "./fleet-state.js";

type SessionProps = { row: FleetRow; selected: boolean; width: number; now: number; palette: Palette };

/** The "how long" of `row` at `now`: the only part of its lines that moves with the clock. */
const howLong = (row: FleetRow, now: number): string => age(now - row.since);

const Session = memo(
  function Session(p: SessionProps): React.ReactElement {
    return <Lines lines={sessionLines(p.row, p.selected, p.width, p.now, p.palette)} />;
  },
  (a, b) =>
    a.row === b.row &&
    a.selected === b.selected &&
    a.width === b.width &&
    a.palette === b.palette &&
    howLong(a.row, a.now) === howLong(b.row, b.now),
);

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

export function FleetList(props: {
  state: FleetViewState;
  width: number;
  height: number;
  palette: Palette;
}): React.ReactElement {
  const { state, width, height, palette } = props;
  const { rows, selected } = visibleSessions(state, height);
  const now = useNowWhenChanged((t) => rows.map((r) => howLong(r, t)).join("\u0000"));
  const empty =
    !state.loading && rows.length === 0
      ? [
          palette.theme.muted(
            state.filter !== "" ? "No session matches the filter." : "No live sessions. n starts one.",
          ),
        ]
      : [];
  const used = rows.length * ROWS_PER_SESSION + empty.length;
  const filler = Array.from({ length: Math.max(0, height - used) }, () => "");
  return (
    <Box flexDirection="column">
      {rows.map((row) => (
        <Session key={row.key} row={row} selected={row.key === selected} width={width} now={now} palette={palette} />
      ))}
      <Lines lines={[...empty, ...filler]} />
    </Box>
  );
}
