// The full-screen transcript view (Ctrl+O): a thin Ink component over the view reducer and the
// line layout. It draws one frame a row shorter than the terminal (Ink clears the screen for
// frames as tall as it), tagged so the screen switch puts it on the alternate screen. A dialog
// that arrives while it is up is drawn inside it and owns the keyboard until answered.
import type React from "react";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { Box, type Key, Text } from "ink";
import { resolveDialogKey, resolveViewKey, viewKeypresses, type ViewKeyAction } from "../input/keymap.js";
import { theme } from "../render/theme.js";
import { padLine, truncateLine, textWidth, wrapLine } from "../render/text-width.js";
import { sanitizeLine } from "../render/sanitize.js";
import type { TuiState } from "../state/types.js";
import { useStore, useTuiState } from "../state/use-store.js";
import { useController } from "../components/controller-context.js";
import { DialogHost, dialogWantedRows } from "../components/dialogs/dialog-host.js";
import { Lines } from "../components/lines.js";
import { TRANSCRIPT_VIEW_SCOPE, useKeys } from "../input/use-keys.js";
import { useNow } from "../components/use-now.js";
import { blockPlainText } from "./block-content.js";
import { type LayoutCache, layoutCacheFor } from "./layout-cache.js";
import { VIEW_FRAME_TAG } from "./screen-switch.js";
import { committedBlocks, liveBlocks, type BlockList, type ViewBlock } from "./view-blocks.js";
import type { IdleWork } from "./idle-work.js";
import { NO_MARK, screenRows, topRow } from "./screen-rows.js";
import { useIdleLayout } from "./use-idle-layout.js";
import { buildViewModel, type ViewModel } from "./view-model.js";
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

const HINT =
  "q back · j/k f/b g/G · [ ] prompts · { } tools · / ? n N search · enter fold · e/c all · t thinking · y copy";

/** The reducer action for a view key (close and copy are effects, handled by the component). */
export function viewKeyAction(a: ViewKeyAction, height: number): ViewAction | "close" | "copy" {
  switch (a) {
    case "close":
      return "close";
    case "copy_block":
      return "copy";
    case "line_down":
      return { type: "move", rows: 1 };
    case "line_up":
      return { type: "move", rows: -1 };
    case "page_down":
      return { type: "page", pages: 1 };
    case "page_up":
      return { type: "page", pages: -1 };
    case "half_down":
      return { type: "page", pages: 0.5 };
    case "half_up":
      return { type: "page", pages: -0.5 };
    case "scroll_down":
      return { type: "scroll", rows: 1 };
    case "scroll_up":
      return { type: "scroll", rows: -1 };
    case "wheel_down":
      return { type: "scroll", rows: Math.max(1, Math.min(3, Math.floor(height / 4))) };
    case "wheel_up":
      return { type: "scroll", rows: -Math.max(1, Math.min(3, Math.floor(height / 4))) };
    case "top":
      return { type: "top" };
    case "bottom":
      return { type: "bottom" };
    case "next_prompt":
      return { type: "jump", target: "prompt", dir: 1 };
    case "prev_prompt":
      return { type: "jump", target: "prompt", dir: -1 };
    case "next_tool":
      return { type: "jump", target: "tool", dir: 1 };
    case "prev_tool":
      return { type: "jump", target: "tool", dir: -1 };
    case "toggle_block":
      return { type: "toggle_block" };
    case "expand_all":
      return { type: "fold_all", fold: "full" };
    case "collapse_all":
      return { type: "fold_all", fold: "folded" };
    case "toggle_thinking":
      return { type: "toggle_thinking" };
    case "search":
      return { type: "search_start", dir: 1 };
    case "search_back":
      return { type: "search_start", dir: -1 };
    case "search_next":
      return { type: "search_next", dir: 1 };
    case "search_prev":
      return { type: "search_next", dir: -1 };
    default: {
      const never: never = a;
      return never;
    }
  }
}

/** The footer row: search prompt, feedback or the key hint, and the position (e.g. 412/3,050). */
function positionText(s: TranscriptViewState, m: ViewModel): string {
  const row = m.blockCount === 0 ? 0 : Math.min(m.totalRows, m.blockStart(s.cursor.block) + s.cursor.offset + 1);
  return theme.muted(` ${formatCount(row)}/${formatCount(m.totalRows)}`);
}

export function statusRow(s: TranscriptViewState, m: ViewModel, toast: string | undefined, width: number): string {
  const position = positionText(s, m);
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
export function statusRows(s: TranscriptViewState, m: ViewModel, toast: string | undefined, width: number): string[] {
  const message = s.search.editing || s.message === undefined ? undefined : sanitizeLine(s.message);
  const position = positionText(s, m);
  const room = Math.max(1, width - textWidth(position));
  if (message === undefined || textWidth(message) <= room) return [statusRow(s, m, toast, width)];
  const wrapped = wrapLine(message, room);
  const shown = wrapped.slice(0, MESSAGE_ROWS);
  if (wrapped.length > MESSAGE_ROWS) shown[MESSAGE_ROWS - 1] = truncateLine(`${shown[MESSAGE_ROWS - 1] ?? ""} …`, room);
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

/** The view's keys: the search line while it is edited, the view keys otherwise. */
function useViewKeys(
  stateRef: React.RefObject<TranscriptViewState | undefined>,
  modelRef: React.RefObject<ViewModel>,
  apply: (action: ViewAction) => void,
  idle: IdleWork,
): void {
  const store = useStore();
  const controller = useController();
  const onKey = (input: string, key: Key): void => {
    const s = stateRef.current;
    if (!s) return;
    if (s.search.editing) {
      const r = resolveDialogKey(input, key, false);
      if (!r) return;
      if ("text" in r) apply({ type: "search_input", text: r.text });
      else if (r.action === "confirm") apply({ type: "search_submit" });
      else if (r.action === "cancel") apply({ type: "search_cancel" });
      else if (r.action === "backspace") apply({ type: "search_backspace" });
      return;
    }
    const named = resolveViewKey(input, key);
    if (!named) return;
    const action = viewKeyAction(named, s.height);
    if (action === "close") {
      store.dispatch({ type: "transcript_view", open: false });
      return;
    }
    if (action === "copy") {
      const block = modelRef.current.block(s.cursor.block);
      if (!block) return;
      apply({ type: "message", text: "Copying…" });
      void controller.copy(blockPlainText(block), "Block").then((text) => apply({ type: "message", text }));
      return;
    }
    apply(action);
  };
  useKeys(
    (input, key) => {
      idle.keyPressed();
      for (const k of viewKeypresses(input, key)) {
        // A key that closed the view ends the chunk (the rest was typed for the view).
        if (store.getState().ui.transcriptView === undefined) return;
        onKey(k.input, k.key);
      }
    },
    { scope: TRANSCRIPT_VIEW_SCOPE },
  );
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
): { first: string; marks: string[]; texts: string[] } {
  const { marks, texts } = screenRows(model, view, topRow(model, view), height);
  if (model.blockCount === 0) {
    marks.push(NO_MARK);
    texts.push(theme.muted("Nothing in this session yet."));
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

export function TranscriptView(): React.ReactElement {
  const store = useStore();
  const transcript = useTuiState((s) => s.transcript);
  const columns = useTuiState((s) => s.ui.columns);
  const rows = useTuiState((s) => s.ui.rows);
  const showThinking = useTuiState((s) => s.ui.showThinking);
  const dialogs = useTuiState(selectDialogs);
  const toasts = useTuiState((s) => s.toasts);
  const dialog = dialogs[0];
  const now = useNow(dialog?.timeoutMs !== undefined || toasts.length > 0);
  useEffect(() => {
    if (toasts.length > 0) store.dispatch({ type: "tick", now });
  }, [now, toasts.length, store]);

  const width = Math.max(20, columns - 1);
  const gutter = 2;
  const cache = layoutCacheFor(width - gutter);
  const list = committedBlocks(transcript.committed, lastBlocks);
  lastBlocks = list;
  const live = useMemo(() => liveBlocks(transcript), [transcript]);
  const blocks = useMemo(() => (live.length === 0 ? list.blocks : [...list.blocks, ...live]), [list, live]);

  const frameRows = Math.max(3, rows - 1);
  const dialogRows = dialog
    ? Math.min(dialogWantedRows(dialog, columns) + (dialogs.length > 1 ? 1 : 0), Math.floor(frameRows / 2))
    : 0;
  const height = Math.max(1, frameRows - 1 - dialogRows);

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

  const idle = useIdleLayout(model, stateRef, rerender);

  const apply = (action: ViewAction): void => {
    const current = stateRef.current;
    if (!current) return;
    stateRef.current = reduceView(current, action, modelRef.current);
    rerender();
  };

  useViewKeys(stateRef, modelRef, apply, idle);

  const status = statusRows(view, model, toasts.filter((t) => t.until > now).at(-1)?.text, width);
  const content = contentRows(model, view, Math.max(1, height - (status.length - 1)));
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
