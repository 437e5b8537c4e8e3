// Select dialog: arrows move, typing filters, Enter chooses, Esc cancels; shows a countdown
// when the request has a timeout, and the list's position while it scrolls (list-position.ts).
// Rows are capped by the live-region budget.
import type React from "react";
import { useRef, useState } from "react";
import { resolveDialogKey } from "../../input/keymap.js";
import { sanitizeExact, sanitizeLine } from "../../render/sanitize.js";
import type { Palette } from "../../render/palette.js";
import { truncateLine } from "../../render/text-width.js";
import { fuzzyFilter } from "../../state/fuzzy.js";
import { listHint, offersSearch, SEARCH_HINT } from "../../pickers/list-position.js";
import { Lines } from "../lines.js";
import { helpRow, questionRows, questionWindow, type DialogFrameProps, type QuestionWindow } from "./dialog-frame.js";
import { dialogScope, useKeys } from "../../input/use-keys.js";
import { useQuestionScroll } from "./use-question-scroll.js";
import { useKeymap } from "../../input/keymap-context.js";

export type SelectViewState = { index: number; filter: string; scroll?: number };

/** Rows the options keep when the question is long: enough to see every choice the gate offers. */
const MIN_OPTION_ROWS = 4;

export function filterOptions(options: readonly string[], filter: string): string[] {
  // The same fuzzy match as the pickers and completion lists, best match first.
  return fuzzyFilter(options, filter, (o) => o);
}

/** One option as a row; like the question it is shown exactly (controls, bidi, odd spaces visible). */
function optionText(option: string): string {
  return sanitizeExact(option).replace(/\n/g, "⏎");
}

export function selectLines(
  title: string,
  options: readonly string[],
  view: SelectViewState,
  width: number,
  maxRows: number,
  remainingMs: number | undefined,
  palette: Palette,
  onWindow?: (w: QuestionWindow, page: number) => void,
  /** The change asked about (select requests' `diff`), drawn below the title and scrolled with it. */
  diff?: string,
): string[] {
  const { theme } = palette;
  const shown = filterOptions(options, view.filter);
  const question = questionRows(title, "", width, palette, diff);
  const filterRow =
    view.filter !== "" ? [truncateLine(theme.muted(`  filter: ${sanitizeLine(view.filter)}`), width)] : [];
  // The question gets what the options (at least a few of them) and the help row leave.
  const optionWant = Math.max(1, shown.length);
  const optionMin = Math.min(optionWant, MIN_OPTION_ROWS);
  const available = Math.max(1, maxRows - 1 - filterRow.length);
  const questionRoom = Math.max(1, Math.min(question.length, available - optionMin));
  const win = questionWindow(question, view.scroll ?? 0, questionRoom, width, palette);
  onWindow?.(win, Math.max(1, questionRoom - 1));
  const head = [...win.rows, ...filterRow];
  const room = Math.max(1, maxRows - head.length - 1);
  const index = Math.min(view.index, Math.max(0, shown.length - 1));
  const start = Math.min(Math.max(0, index - room + 1), Math.max(0, shown.length - room));
  const rows = shown.slice(start, start + room).map((o, i) => {
    const selected = start + i === index;
    return truncateLine(selected ? theme.accent(`❯ ${optionText(o)}`) : `  ${optionText(o)}`, width);
  });
  if (shown.length === 0) rows.push(theme.muted("  (no match)"));
  const list = { selected: index, shown: shown.length, all: options.length, rows: room };
  const help = helpRow(
    listHint(list, "↑↓ move", "enter choose", "esc cancel", offersSearch(list, view.filter) ? SEARCH_HINT : ""),
    remainingMs,
    width,
    palette,
  );
  return [...head, ...rows, help].slice(0, Math.max(1, maxRows));
}

export function SelectDialog(
  props: DialogFrameProps & {
    diff?: string | undefined;
    options: readonly string[];
    onChoose: (value: string) => void;
  },
): React.ReactElement {
  const [view, setViewState] = useState<SelectViewState>({ index: 0, filter: "" });
  const question = useQuestionScroll(props.id);
  const keymap = useKeymap();
  // Keys can arrive before React re-subscribes the handler: read and write through a ref.
  const ref = useRef(view);
  // Answered: later keys of the same chunk must not answer again.
  const done = useRef(false);
  const setView = (next: SelectViewState): void => {
    ref.current = next;
    setViewState(next);
  };
  useKeys(
    (input, key) => {
      const r = resolveDialogKey(input, key, false, keymap);
      if (!r || done.current) return;
      const view = ref.current;
      const shown = filterOptions(props.options, view.filter);
      if ("text" in r) {
        setView({ index: 0, filter: view.filter + input });
        return;
      }
      switch (r.action) {
        case "up":
          setView({ ...view, index: Math.max(0, view.index - 1) });
          return;
        case "down":
          setView({ ...view, index: Math.min(Math.max(0, shown.length - 1), view.index + 1) });
          return;
        case "backspace":
          setView({ index: 0, filter: view.filter.slice(0, -1) });
          return;
        case "confirm": {
          const choice = shown[Math.min(view.index, shown.length - 1)];
          if (choice === undefined) return;
          done.current = true;
          props.onChoose(choice);
          return;
        }
        case "cancel":
          done.current = true;
          props.onCancel();
          return;
        default:
          return;
      }
    },
    { scope: dialogScope(props.id) },
  );
  const rows = selectLines(
    props.title,
    props.options,
    { ...view, scroll: question.scroll },
    props.width,
    props.maxRows,
    props.remainingMs,
    props.palette,
    (w, page) => question.measure(page, w.maxScroll),
    props.diff,
  );
  return <Lines lines={rows} />;
}
