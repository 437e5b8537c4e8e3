// The rows under the fleet list for what the view is doing: a peek (the session's last lines and
// the whole of its open question, read-only), the stop question, the new-session form. Foreign
// text (the peek, the question) passes the sanitiser; the peek is wrapped to the width.
import type { FleetRow } from "../../bridge/index.js";
import { sanitizeLine } from "../render/sanitize.js";
import type { Palette, Theme } from "../render/palette.js";
import { truncateLine, wrapLine } from "../render/text-width.js";
import { nameOf } from "./fleet-lines.js";
import type { FleetMode, NewSessionForm } from "./fleet-state.js";

const rule = (width: number, theme: Theme): string => theme.muted("─".repeat(Math.max(1, width)));

function questionLines(row: FleetRow, width: number, theme: Theme): string[] {
  const d = row.dialog;
  if (!d) return [theme.muted("No open question.")];
  const out = [theme.warning(`Question (${d.method}):`), ...wrapLine(sanitizeLine(d.title), width)];
  if (d.message) for (const line of d.message.split("\n")) out.push(...wrapLine(sanitizeLine(line), width));
  for (const [i, o] of (d.options ?? []).entries()) out.push(truncateLine(`  ${i + 1}. ${sanitizeLine(o)}`, width));
  return out;
}

function peekLines(row: FleetRow, lines: string[] | undefined, width: number, room: number, theme: Theme): string[] {
  const head = [
    rule(width, theme),
    theme.accent(truncateLine(`Peek: ${sanitizeLine(nameOf(row))} (read-only; any key closes)`, width)),
  ];
  const question = row.state === "needs_input" ? questionLines(row, width, theme) : [];
  const text =
    lines === undefined
      ? [theme.muted("Reading its last lines…")]
      : lines
          .flatMap((l) => wrapLine(sanitizeLine(l), width))
          .slice(-Math.max(1, room - head.length - question.length));
  return [...head, ...text, ...question];
}

function formLines(form: NewSessionForm, width: number, theme: Theme): string[] {
  const field = (name: NewSessionForm["field"], label: string, value: string): string => {
    const on = form.field === name;
    const cursor = on && name !== "worktree" ? "█" : "";
    const text = `${on ? "› " : "  "}${label.padEnd(10)}${sanitizeLine(value)}${cursor}`;
    return truncateLine(on ? theme.accent(text) : text, width);
  };
  return [
    rule(width, theme),
    theme.accent("New session (enter starts it · tab next field · esc cancels)"),
    field("folder", "folder", form.folder),
    field(
      "worktree",
      "worktree",
      form.worktree ? "[x] in a new git worktree on a new branch (space toggles)" : "[ ] no (space toggles)",
    ),
    field("branch", "branch", form.branch),
  ];
}

/** The panel's rows for `mode` (at most `room`), or none for the list. */
export function panelLines(
  mode: FleetMode,
  rows: readonly FleetRow[],
  width: number,
  room: number,
  { theme }: Palette,
): string[] {
  const rowOf = (key: string): FleetRow | undefined => rows.find((r) => r.key === key);
  switch (mode.kind) {
    case "peek": {
      const row = rowOf(mode.key);
      return row ? peekLines(row, mode.lines, width, room, theme).slice(0, room) : [];
    }
    case "confirm_stop": {
      const row = rowOf(mode.key);
      const name = row ? sanitizeLine(nameOf(row)) : "it";
      return [
        rule(width, theme),
        theme.warning(truncateLine(`Stop ${name}? Its run is aborted, its session file kept.`, width)),
        "y stops it · any other key keeps it",
      ];
    }
    case "new":
      return formLines(mode.form, width, theme).slice(0, room);
    case "list":
    case "filter":
    case "answer":
      return [];
    default: {
      const never: never = mode;
      return never;
    }
  }
}
