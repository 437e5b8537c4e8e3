// The live region as row budgets + pure row builders. Its total height is always below the
// terminal height (Ink clears the screen otherwise) and never depends on transcript length.
import { markdownTail } from "../state/split-point.js";
import { liveBlockText } from "../state/transcript.js";
import { workerSupports } from "../state/worker-info.js";
import { tailChars } from "./preview.js";
import { sanitizeLine } from "./sanitize.js";
import { type Palette, paletteOf } from "./palette.js";
import { symbols } from "./theme.js";
import { truncateLine } from "./text-width.js";
import { blockRows, type RowOptions } from "../blocks/index.js";
import { preparingRow, toolLines } from "../blocks/tools/index.js";
import { formatElapsed } from "./tool-lines.js";
import type { LiveMessage, TuiState } from "../state/types.js";
import type { PlanPhase, PlanTask } from "../../bridge/index.js";

export type LiveBudget = {
  total: number;
  footer: number;
  input: number; // editor or dialog
  menu: number; // the `/` or `@` list under the editor
  status: number;
  toasts: number;
  todos: number;
  queue: number;
  widgetsAbove: number;
  widgetsBelow: number;
  bash: number;
  tools: number;
  stream: number;
};

/** Rows the live region may use at this terminal height (strictly less than `rows`). */
export function liveRowLimit(rows: number): number {
  return Math.max(3, rows - 2);
}

/**
 * What each part would like (the budget's parts but the footer); `dialog`: the input rows hold a
 * dialog, whose question may take all but the footer.
 */
type Wants = Omit<LiveBudget, "total" | "footer"> & { dialog?: boolean };

/** Hand out rows in priority order: footer, input, status, queue, toasts, todos, widgets, bash, tools, stream. */
export function allocateBudget(rows: number, wants: Wants): LiveBudget {
  const total = liveRowLimit(rows);
  let left = total;
  const take = (want: number, cap = Infinity): number => {
    const n = Math.max(0, Math.min(want, cap, left));
    left -= n;
    return n;
  };
  const footer = take(1);
  const input = take(wants.input, wants.dialog ? total - 1 : Math.max(1, Math.floor(total / 2)));
  // The list someone is choosing from comes right after the editor, but leaves room to read.
  const menu = take(wants.menu, Math.max(2, Math.floor(total / 3)));
  const status = take(wants.status, 1);
  const queue = take(wants.queue, 3);
  const toasts = take(wants.toasts, Math.max(1, Math.floor(total / 8)));
  const todos = take(wants.todos, Math.max(1, Math.floor(total / 5)));
  const widgetsAbove = take(wants.widgetsAbove, Math.max(1, Math.floor(total / 6)));
  const widgetsBelow = take(wants.widgetsBelow, Math.max(1, Math.floor(total / 8)));
  const bash = take(wants.bash, Math.max(2, Math.floor(left / 2)));
  const tools = take(wants.tools, wants.stream > 0 ? Math.max(2, Math.floor(left / 2)) : left);
  const stream = take(wants.stream);
  return { total, footer, input, menu, status, toasts, todos, queue, widgetsAbove, widgetsBelow, bash, tools, stream };
}

/** Rows of the streaming tail (uncommitted text, thinking, tool-call preparation), last `max` rows. */
export function streamLines(
  live: LiveMessage | undefined,
  width: number,
  max: number,
  showThinking: boolean,
  palette: Palette,
): string[] {
  if (!live || max <= 0) return [];
  const rows: string[] = [];
  const o: RowOptions = { width, fold: "collapsed", style: "color", palette, showThinking, maxBodyRows: max };
  for (let i = live.commitBlock; i < live.blocks.length; i += 1) {
    const b = live.blocks[i];
    if (!b) continue;
    // Only the tail can be shown: a few rows' worth of characters is all that is read.
    const tailBudget = (max + 2) * width * 2;
    // The head of this block is printed already, cut at a paragraph break (see the blocks).
    const continues = i === live.commitBlock && live.commitOffset > 0;
    if (b.type === "text") {
      // A cut inside a code fence re-opens the fence so the tail still renders as code.
      const text = markdownTail(liveBlockText(live, i), max * 2 + 4, tailBudget);
      rows.push(...blockRows({ kind: "markdown", text, continues }, { ...o, streaming: {} }));
    } else if (b.type === "thinking") {
      const text = tailChars(liveBlockText(live, i), tailBudget);
      rows.push(...blockRows({ kind: "thinking", text, continues }, { ...o, streaming: {} }));
    } else if (b.type === "toolCall") {
      rows.push(preparingRow(b.name, width, palette));
    }
  }
  if (rows.length <= max) return rows;
  return rows.slice(-max);
}

const LIVE_COMMAND_ROWS = 3;

/** Running tool panes: each gets a header and a share of the rows for its output tail. */
export function runningToolLines(state: TuiState, now: number, width: number, max: number): string[] {
  const ids = state.transcript.toolOrder;
  if (ids.length === 0 || max <= 0) return [];
  const palette = paletteOf(state.ui.palette);
  const { theme } = palette;
  const runs = ids.map((id) => state.transcript.tools[id]).filter((r) => r !== undefined);
  const shown = runs.slice(-Math.max(1, Math.min(runs.length, Math.floor(max / 2) || 1)));
  const hidden = runs.length - shown.length;
  const rows: string[] = hidden > 0 ? [theme.muted(`${hidden} more tool(s) running…`)] : [];
  const per = Math.max(0, Math.floor((max - rows.length) / shown.length) - 1);
  // A long command gets a few rows here (with a count of the rest); the committed entry shows it whole.
  for (const run of shown)
    rows.push(
      ...toolLines(
        run,
        now,
        width,
        Math.min(per, 8),
        state.ui.toolsExpanded,
        palette,
        LIVE_COMMAND_ROWS,
        state.ui.links,
      ),
    );
  return rows.slice(0, max);
}

/** The `!` command running now: its header and its output's last lines, `max` rows in all. */
export function bashLines(state: TuiState, now: number, width: number, max: number): string[] {
  const b = state.transcript.bash;
  if (!b || max <= 0) return [];
  const entry = { kind: "bash", command: b.command, output: b.output, exitCode: undefined, cancelled: false } as const;
  const palette = paletteOf(state.ui.palette);
  const o: RowOptions = { width, fold: "collapsed", style: "color", palette, showThinking: false, now };
  return blockRows(entry, { ...o, maxBodyRows: max - 1, streaming: { startedAt: b.startedAt } }).slice(0, max);
}

export function statusLine(state: TuiState, now: number, width: number): string[] {
  const { theme } = paletteOf(state.ui.palette);
  const r = state.run;
  // One line for a failing request: the error and the retry, updated in place.
  if (r.retry && r.retry.until > now) {
    const secs = Math.max(1, Math.ceil((r.retry.until - now) / 1000));
    return [
      truncateLine(
        theme.warning(
          `↻ ${sanitizeLine(r.retry.error)} · ` +
            `retrying ${r.retry.attempt}/${r.retry.maxAttempts} in ${secs} s… · esc to cancel`,
        ),
        width,
      ),
    ];
  }
  if (r.compaction) {
    const since = formatElapsed(now - r.compaction.startedAt);
    return [
      truncateLine(theme.warning(`⧗ Compacting context (${sanitizeLine(r.compaction.reason)})… ${since}`), width),
    ];
  }
  if (r.busy) {
    const elapsed = r.startedAt !== undefined ? ` ${formatElapsed(now - r.startedAt).replace(/\.\ds$/, "s")}` : "";
    const retry = r.retry ? ` · retry ${r.retry.attempt}/${r.retry.maxAttempts}` : "";
    return [
      truncateLine(
        `${theme.accent("●")} ` +
          theme.muted(`Working…${elapsed}${retry} · esc to abort · enter to steer · alt+enter/ctrl+f to queue`),
        width,
      ),
    ];
  }
  return [];
}

/** The queue lanes and, under them, what can be done about them (pi shows the same hint). */
export function queueLines(state: TuiState, width: number, max: number, editKey: string): string[] {
  const { theme } = paletteOf(state.ui.palette);
  const rows: string[] = [];
  const lane = (label: string, items: string[]): void => {
    if (items.length === 0) return;
    // Only the start of each message fits the row: clean no more than that (a paste can be 1 MB).
    const text = items
      .map((m) =>
        sanitizeLine(m.slice(0, width * 2))
          .replace(/\s+/g, " ")
          .trim(),
      )
      .join(theme.muted(" · "));
    rows.push(truncateLine(`${theme.accent(label)} ${theme.muted(`(${items.length})`)} ${text}`, width));
  };
  lane("Steering", state.queue.steering);
  lane("Follow-up", state.queue.followUp);
  if (rows.length === 0) return [];
  const hint = workerSupports(state, "clear_queue")
    ? `↳ ${editKey} to edit all queued messages`
    : state.run.busy
      ? "↳ this worker cannot take queued messages back"
      : "↳ will be delivered with your next prompt (this worker cannot take them back)";
  if (max <= 0) return [];
  // Short of rows, lanes go before the hint: the hint says what happens to them next.
  return [...rows.slice(0, max - 1), truncateLine(theme.muted(hint), width)];
}

function taskMark(status: string, { theme }: Palette): string {
  switch (status) {
    case "completed":
      return theme.success(symbols.done);
    case "in_progress":
      return theme.accent(symbols.inProgress);
    case "abandoned":
      return theme.muted(symbols.abandoned);
    default:
      return theme.muted(symbols.pending);
  }
}

function taskRow(t: PlanTask, width: number, palette: Palette): string {
  const { style, theme } = palette;
  const content = sanitizeLine(t.content);
  // Each status reads differently even without colour: its mark, and bold / struck text.
  const text =
    t.status === "in_progress"
      ? theme.accent(style.bold(content))
      : t.status === "completed"
        ? theme.muted(content)
        : t.status === "abandoned"
          ? theme.muted(style.strike(content))
          : content;
  return truncateLine(`  ${taskMark(t.status, palette)} ${text}`, width);
}

const isOpen = (t: PlanTask): boolean => t.status === "pending" || t.status === "in_progress";

/**
 * The plan pane: a header with the count done, then a window of tasks that holds the task in
 * progress (else the next pending one), each shown under its phase's name. What the window
 * leaves out is counted in tasks, never rows: tasks before it in the header (`· 2 above`),
 * tasks after it in a last row (`… 3 more`), which is only spent where it saves a row.
 * Phases finished before the current one are left out the same way.
 */
export function todoLines(phases: PlanPhase[], width: number, max: number, palette: Palette): string[] {
  if (phases.length === 0 || max <= 0) return [];
  const { style, theme } = palette;
  const all = phases.flatMap((p) => p.tasks.map((task) => ({ task, phase: p })));
  const done = all.filter((t) => t.task.status === "completed").length;
  const plan = `Plan ${done}/${all.length}`;
  // The tasks of finished phases before the current one stay out of the window.
  const firstOpenPhase = phases.findIndex((p) => p.tasks.some(isOpen));
  const floor = firstOpenPhase > 0 ? all.findIndex((t) => t.phase === phases[firstOpenPhase]) : 0;
  const inProgress = all.findIndex((t) => t.task.status === "in_progress");
  const pending = all.findIndex((t) => t.task.status === "pending");
  const focus = inProgress >= 0 ? inProgress : pending >= 0 ? pending : Math.max(0, floor);
  const header = (from: number): string =>
    truncateLine(theme.muted(from > 0 ? `${plan} · ${from} above` : plan), width);
  const startsPhase = (i: number, from: number): boolean => i === from || all[i - 1]?.phase !== all[i]?.phase;
  // Counted without building rows: the window grows one task at a time.
  const countRows = (from: number, to: number, named: boolean): number => {
    let rows = 1 + (to - from) + (to < all.length ? 1 : 0);
    if (named) for (let i = from; i < to; i++) if (startsPhase(i, from)) rows++;
    return rows;
  };
  const rowsFor = (from: number, to: number, named: boolean): string[] => {
    const rows = [header(from)];
    for (let i = from; i < to; i++) {
      const t = all[i];
      if (t === undefined) continue;
      if (named && startsPhase(i, from)) rows.push(truncateLine(style.bold(sanitizeLine(t.phase.name)), width));
      rows.push(taskRow(t.task, width, palette));
    }
    if (to < all.length) rows.push(theme.muted(`  … ${all.length - to} more`));
    return rows;
  };
  // Phase names go first when rows are short; then the count after the window.
  for (const named of phases.length > 1 ? [true, false] : [false]) {
    if (countRows(focus, focus + 1, named) > max) continue;
    let from = focus;
    let to = focus + 1;
    // Grow downwards first (what comes next matters more than what is done), then upwards.
    while (to < all.length && countRows(from, to + 1, named) <= max) to++;
    while (from > floor && countRows(from - 1, to, named) <= max) from--;
    return rowsFor(from, to, named);
  }
  const only = all[focus];
  return [header(focus), ...(only ? [taskRow(only.task, width, palette)] : [])].slice(0, max);
}

export function toastLines(state: TuiState, now: number, width: number, max: number): string[] {
  // slice(-0) would keep them all.
  if (max <= 0) return [];
  const { theme } = paletteOf(state.ui.palette);
  return state.toasts
    .filter((t) => t.until > now)
    .slice(-max)
    .map((t) => {
      const color = t.level === "error" ? theme.error : t.level === "warning" ? theme.warning : theme.accent;
      const count = t.count > 1 ? ` (×${t.count})` : "";
      return truncateLine(color(`${t.level === "info" ? "ℹ" : "!"} ${sanitizeLine(t.text)}${count}`), width);
    });
}

export function widgetLines(
  state: TuiState,
  placement: "aboveEditor" | "belowEditor",
  width: number,
  max: number,
): string[] {
  // At most `max` lines of each widget are read: an extension can send any number.
  const rows = Object.values(state.widgets)
    .filter((w) => w.placement === placement)
    .map((w) => ({ ...w, lines: w.lines.slice(0, max) }))
    // Extension widgets are untrusted (their SGR dropped like any other); ours are pre-sanitised.
    .flatMap((w) => w.lines.map((l) => truncateLine(sanitizeLine(l), width)));
  return rows.slice(0, max);
}
