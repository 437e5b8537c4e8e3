// The fleet list as rows of text: two rows per session (what it is and its state; where it runs
// and what it does now), only for the sessions on screen, so twenty sessions with four
// streaming cost the drawing of the ones shown. Every string from a row is foreign (names,
// folders, tool arguments, questions): it passes the sanitiser before it is styled.
import type { FleetRow, FleetState } from "../../bridge/index.js";
import { formatTokens } from "../render/footer-lines.js";
import { sanitizeLine } from "../render/sanitize.js";
import type { Palette } from "../render/palette.js";
import { textWidth, truncateLine } from "../render/text-width.js";
import { age } from "../live/live-sessions.js";

export const ROWS_PER_SESSION = 2;

const LABEL: Record<FleetState, string> = {
  needs_input: "needs input",
  working: "working",
  idle: "idle",
  done: "done",
  failed: "failed",
  unreachable: "unreachable",
};

function styledState(state: FleetState, { theme }: Palette): string {
  const text = LABEL[state].padEnd(11);
  if (state === "needs_input") return theme.warning(text);
  if (state === "failed" || state === "unreachable") return theme.error(text);
  if (state === "working") return theme.accent(text);
  if (state === "done") return theme.success(text);
  return theme.muted(text);
}

export function stateLabel(state: FleetState): string {
  return LABEL[state];
}

/** Where a session runs: host, folder (home as ~) and branch; "" for a host row (its name says it). */
export function placeOf(r: FleetRow, home = process.env["HOME"]): string {
  if (r.state === "unreachable") return "";
  const cwd = home && r.cwd.startsWith(home) ? `~${r.cwd.slice(home.length)}` : r.cwd;
  const where = r.host === "" ? cwd : `${r.host}:${cwd}`;
  return r.branch !== undefined ? `${where} (${r.branch})` : where;
}

/** The right-hand figures: how long in this state, tokens and cost, attached elsewhere. */
export function figuresOf(r: FleetRow, now: number): string {
  const parts = [age(now - r.since)];
  if (r.tokens && r.tokens.input + r.tokens.output > 0)
    parts.push(`${formatTokens(r.tokens.input + r.tokens.output)} tok`);
  if (r.cost !== undefined && r.cost > 0) parts.push(`$${r.cost.toFixed(2)}`);
  if (r.attached) parts.push(r.clients > 1 ? `${r.clients} attached` : "attached");
  return parts.join(" · ");
}

/** What the session does now (or its host's problem), one line. */
export function doingOf(r: FleetRow): string {
  if (r.state === "unreachable") return r.problem ?? "unreachable";
  if (r.state === "needs_input" && r.dialog)
    return r.dialog.cut ? `asks (open it to answer): ${r.dialog.title}` : `asks: ${r.dialog.title}`;
  return r.activity ?? "";
}

/** The name of a session: its name or first prompt, else its id. */
export function nameOf(r: FleetRow): string {
  if (r.state === "unreachable") return r.host === "" ? "this machine" : r.host;
  return r.title ?? `(no prompt yet) ${r.id.slice(0, 13)}`;
}

/** The two rows of session `r`, `width` cells wide. */
export function sessionLines(r: FleetRow, selected: boolean, width: number, now: number, palette: Palette): string[] {
  const { theme } = palette;
  const marker = selected ? theme.accent("› ") : "  ";
  const figures = theme.muted(sanitizeLine(figuresOf(r, now)));
  const head = `${marker}${styledState(r.state, palette)} `;
  const room = Math.max(1, width - textWidth(head) - textWidth(figures) - 1);
  const name = truncateLine(sanitizeLine(nameOf(r)), room);
  const gap = " ".repeat(Math.max(1, room - textWidth(name) + 1));
  const first = `${head}${selected ? theme.accent(name) : name}${gap}${figures}`;
  const place = sanitizeLine(placeOf(r));
  const doing = sanitizeLine(doingOf(r));
  const where = place !== "" ? [theme.muted(place)] : [];
  const second = `${" ".repeat(14)}${[...where, ...(doing !== "" ? [doing] : [])].join(" · ")}`;
  // Not padded to the width: Ink trims a row's trailing spaces anyway, and each character of a
  // row that changed is a cell Ink builds again (the age of every session changes each second
  // while it is under a minute old).
  return [truncateLine(first, width), truncateLine(second, width)];
}
