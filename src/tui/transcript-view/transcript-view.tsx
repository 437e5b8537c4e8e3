// The full-screen transcript view (Ctrl+O): a thin Ink component over the view reducer and the
// line layout. It draws one frame a row shorter than the terminal (Ink clears the screen for
// frames as tall as it), tagged so the screen switch puts it on the alternate screen. A dialog
// that arrives while it is up is drawn inside it and owns the keyboard until answered.
import type React from "react";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { Box, Text } from "ink";
import type { Palette } from "../render/palette.js";
import { padLine, truncateLine, textWidth, wrapLine } from "../render/text-width.js";
import { sanitizeLine } from "../render/sanitize.js";
import type { TuiState } from "../state/types.js";
import { useStore, useTuiState } from "../state/use-store.js";
import { DialogHost, dialogWantedRows } from "../components/dialogs/dialog-host.js";
import { Lines } from "../components/lines.js";
import { useNow } from "../components/use-now.js";
import { usePalette } from "../components/use-palette.js";
import { type LayoutCache, layoutCacheFor } from "./layout-cache.js";
import { VIEW_FRAME_TAG } from "./screen-switch.js";
import { committedBlocks, liveBlocks, type BlockList, type ViewBlock } from "./view-blocks.js";
import { GUTTER_CELLS, NO_MARK, screenRows, topRow } from "./screen-rows.js";
import { useIdleLayout } from "./use-idle-layout.js";
import { buildViewModel, type ViewModel } from "./view-model.js";
import { useViewKeys } from "./view-keys.js";
import {
  type FoldChoices,
  blockFold,
  initialViewState,
  isSearchable,
  reduceView,
  settleView,
  type TranscriptViewState,
  type ViewAction,
} from "./view-state.js";
import { formatCount } from "../state/format-count.js";

const HINT = [
  "q back",
  "j/k f/b g/G",
  "[ ] prompts",
  "{ } tools",
  "/ ? n N search",
  "enter fold",
  "e/c all",
  "t thinking",
  "y copy",
].join(" · ");

/** The footer row: search prompt, feedback or the key hint, and the position (e.g. 412/3,050). */
function positionText(s: TranscriptViewState, m: ViewModel, { theme }: Palette): string {
  const row = m.blockCount === 0 ? 0 : Math.min(m.totalRows, m.blockStart(s.cursor.block) + s.cursor.offset + 1);
  return theme.muted(` ${formatCount(row)}/${formatCount(m.totalRows)}`);
}

/** What the view's bottom edge shows besides its rows: the toast to show and the palette. */
type StatusExtras = { toast: string | undefined; palette: Palette };

export function statusRow(
  s: TranscriptViewState,
  m: ViewModel,
  width: number,
  { toast, palette }: StatusExtras,
): string {
  const { theme } = palette;
  const position = positionText(s, m, palette);
  const room = Math.max(1, width - textWidth(position));
  const left = s.search.editing
    ? `${s.search.dir === 1 ? "/" : "?"}${sanitizeLine(s.search.draft)}${theme.accent("█")}`
    : s.message !== undefined
      ? theme.accent(sanitizeLine(s.message))
      : toast !== undefined
        ? theme.accent(sanitizeLine(toast))
        : theme.muted(HINT);
  return fitted(left, room) + position;
}

/** Rows a message may take at the view's bottom edge (what a copy did, with its file path). */
const MESSAGE_ROWS = 3;

/**
 * The footer as rows: one, or, for a message wider than its room (a copy's "saved to <path>"),
 * the message wrapped on up to MESSAGE_ROWS rows, the position on the first. The extra rows
 * are taken from the content while the message shows (until the next key).
 */
export function statusRows(s: TranscriptViewState, m: ViewModel, width: number, extras: StatusExtras): string[] {
  const { theme } = extras.palette;
  const message = s.search.editing || s.message === undefined ? undefined : sanitizeLine(s.message);
  const position = positionText(s, m, extras.palette);
  const room = Math.max(1, width - textWidth(position));
  if (message === undefined || textWidth(message) <= room) return [statusRow(s, m, width, extras)];
  const wrapped = wrapLine(message, room);
  const shown = wrapped.slice(0, MESSAGE_ROWS);
  if (wrapped.length > MESSAGE_ROWS) {
    shown[MESSAGE_ROWS - 1] = truncateLine(`${shown[MESSAGE_ROWS - 1] ?? ""} …`, room);
  }
  return shown.map((r, i) => (i === 0 ? padLine(theme.accent(r), room) + position : padLine(theme.accent(r), width)));
}

/** The last left part fitted to its room: the same hint on most frames, measured once. */
let lastFit: { text: string; room: number; out: string } | undefined;

function fitted(text: string, room: number): string {
  if (lastFit?.text !== text || lastFit.room !== room)
    lastFit = { text, room, out: padLine(truncateLine(text, room), room) };
  return lastFit.out;
}

/** The blocks of the last render: reopening the view only groups entries added since. */
let lastBlocks: BlockList | undefined;

function selectDialogs(s: TuiState): TuiState["dialogs"] {
  return s.dialogs;
}

/**
 * The `height` rows the view shows: the first row whole, starting with the tag that puts the
 * frame on the alternate screen (Ink keeps an escape's characters in cells of their own, so
 * nothing may be drawn over it), then the others' gutter marks (the cursor's block marked) and
 * texts as two columns (see screen-rows.ts).
 */
function contentRows(
  model: ViewModel,
  view: TranscriptViewState,
  height: number,
  palette: Palette,
): { first: string; marks: string[]; texts: string[] } {
  const { marks, texts } = screenRows(model, view, topRow(model, view), height, palette);
  if (model.blockCount === 0) {
    marks.push(NO_MARK);
    texts.push(palette.theme.muted("Nothing in this session yet."));
  }
  while (texts.length < height) {
    marks.push("");
    texts.push("");
  }
  const first = VIEW_FRAME_TAG + (marks.shift() ?? "") + (texts.shift() ?? "");
  return { first, marks, texts };
}

/** The rows of `blocks` as folded by `choices`. */
function modelFor(blocks: readonly ViewBlock[], cache: LayoutCache, choices: FoldChoices): ViewModel {
  return buildViewModel(
    blocks,
    cache,
    (b) => blockFold(choices, b),
    Date.now(),
    (b) => isSearchable(choices, b),
  );
}

/** The clock the view needs: for a dialog's timeout and the toasts, which its ticks expire. */
function useViewClock(dialog: TuiState["dialogs"][number] | undefined, toastCount: number): number {
  const store = useStore();
  const now = useNow(dialog?.timeoutMs !== undefined || toastCount > 0);
  useEffect(() => {
    if (toastCount > 0) store.dispatch({ type: "tick", now });
  }, [now, toastCount, store]);
  return now;
}

/** The committed entries' blocks (regrouped only where entries were added) and the live ones. */
function useViewBlocks(transcript: TuiState["transcript"]): readonly ViewBlock[] {
  const list = committedBlocks(transcript.committed, lastBlocks);
  lastBlocks = list;
  const live = useMemo(() => liveBlocks(transcript), [transcript]);
  return useMemo(() => (live.length === 0 ? list.blocks : [...list.blocks, ...live]), [list, live]);
}

/** The view's state, settled on the model of its blocks, and `apply` to run a view action. */
type SettledView = {
  view: TranscriptViewState;
  model: ViewModel;
  stateRef: React.RefObject<TranscriptViewState | undefined>;
  modelRef: React.RefObject<ViewModel>;
  apply: (action: ViewAction) => void;
  rerender: () => void;
};

function useSettledView(
  blocks: readonly ViewBlock[],
  cache: LayoutCache,
  height: number,
  showThinking: boolean,
): SettledView {
  const stateRef = useRef<TranscriptViewState | undefined>(undefined);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const base = stateRef.current ?? initialViewState({ height, showThinking, lastBlock: blocks.length - 1 });
  const sized = base.height === height ? base : { ...base, height };
  // The model depends on the blocks, the width and the fold choices only, not on scrolling.
  const { folds, defaultFold, showThinking: thinkingShown } = sized;
  const choices = useMemo<FoldChoices>(
    () => ({ folds, defaultFold, showThinking: thinkingShown }),
    [folds, defaultFold, thinkingShown],
  );
  const model = useMemo(() => modelFor(blocks, cache, choices), [blocks, cache, choices]);
  let view = settleView(sized, model);
  // Answers on screen are laid out exactly; settling again keeps the anchors where they were.
  for (let i = 0; i < 4 && model.realize(view.top, view.cursor, view.height, view.follow); i += 1)
    view = settleView(view, model);
  stateRef.current = view;
  const modelRef = useRef(model);
  modelRef.current = model;
  const apply = (action: ViewAction): void => {
    const current = stateRef.current;
    if (!current) return;
    stateRef.current = reduceView(current, action, modelRef.current);
    rerender();
  };
  return { view, model, stateRef, modelRef, apply, rerender };
}

/** Rows the dialog gets (with a row for the count of queued ones): at most half the frame. */
function dialogRowsFor(dialogs: TuiState["dialogs"], columns: number, frameRows: number): number {
  const dialog = dialogs[0];
  if (!dialog) return 0;
  return Math.min(dialogWantedRows(dialog, columns) + (dialogs.length > 1 ? 1 : 0), Math.floor(frameRows / 2));
}

export function TranscriptView(): React.ReactElement {
  const transcript = useTuiState((s) => s.transcript);
  const columns = useTuiState((s) => s.ui.columns);
  const rows = useTuiState((s) => s.ui.rows);
  const showThinking = useTuiState((s) => s.ui.showThinking);
  const dialogs = useTuiState(selectDialogs);
  const toasts = useTuiState((s) => s.toasts);
  const dialog = dialogs[0];
  const now = useViewClock(dialog, toasts.length);
  const palette = usePalette();

  const width = Math.max(20, columns - 1);
  const gutter = GUTTER_CELLS;
  const cache = layoutCacheFor(width - gutter, palette);
  const blocks = useViewBlocks(transcript);

  const frameRows = Math.max(3, rows - 1);
  const dialogRows = dialogRowsFor(dialogs, columns, frameRows);
  const height = Math.max(1, frameRows - 1 - dialogRows);

  const { view, model, stateRef, modelRef, apply, rerender } = useSettledView(blocks, cache, height, showThinking);
  const idle = useIdleLayout(model, stateRef, rerender);
  useViewKeys(stateRef, modelRef, apply, idle);

  const toast = toasts.filter((t) => t.until > now).at(-1)?.text;
  const status = statusRows(view, model, width, { toast, palette });
  const content = contentRows(model, view, Math.max(1, height - (status.length - 1)), palette);
  return (
    <Box flexDirection="column">
      <Text>{content.first}</Text>
      {content.texts.length > 0 ? (
        <Box flexDirection="row">
          {/* The gutter: one text for every row's mark (see screen-rows.ts). */}
          <Text>{content.marks.join("\n")}</Text>
          <Box flexDirection="column">
            {content.texts.map((row, i) => (
              // One <Text> per row: Ink measures each text once and caches it, so a scroll by a
              // line re-measures one new row instead of the whole screen. Keys are screen positions.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions, not items
              <Text key={i}>{row === "" ? " " : row}</Text>
            ))}
          </Box>
        </Box>
      ) : null}
      {dialog ? (
        <Box flexDirection="column" height={dialogRows} overflow="hidden">
          <DialogHost dialog={dialog} queued={dialogs.length - 1} width={width} maxRows={dialogRows} now={now} />
        </Box>
      ) : null}
      <Lines lines={status} />
    </Box>
  );
}
