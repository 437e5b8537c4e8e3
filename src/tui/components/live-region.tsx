// The live region under the transcript: streaming tail, running tools, !cmd, working
// indicator, notices, todos, queue, widgets, dialog or editor, footer. Heights come from
// one budget so the region is always shorter than the terminal.
import type React from "react";
import { useEffect, useMemo } from "react";
import { Box } from "ink";
import { allocateBudget, liveRowLimit, streamLines, todoLines, widgetLines } from "../render/live-lines.js";
import { paletteOf } from "../render/palette.js";
import { useStore, useTuiState } from "../state/use-store.js";
import type { TuiState } from "../state/types.js";
import { vimModeLabel } from "../state/vim/vim-types.js";
import { DialogHost, dialogWantedRows } from "./dialogs/dialog-host.js";
import { Editor, editorWantedRows } from "./editor.js";
import {
  BashPane,
  Footer,
  Notices,
  QueuePane,
  StreamingMessage,
  TodoPane,
  ToolExecutions,
  Widgets,
  WorkingIndicator,
} from "./live-parts.js";
import { useNow } from "./use-now.js";
import { Lines } from "./lines.js";
import { menuLines, menuWantedRows } from "../completion/menu-lines.js";

const selectAll = (s: TuiState): TuiState => s;

export function LiveRegion(): React.ReactElement {
  const s = useTuiState(selectAll);
  const width = Math.max(20, s.ui.columns - 1);
  const palette = paletteOf(s.ui.palette);
  const dialog = s.dialogs[0];
  const ticking =
    s.run.busy ||
    s.transcript.bash !== undefined ||
    s.toasts.length > 0 ||
    s.ui.exitArmedAt !== undefined ||
    dialog?.timeoutMs !== undefined ||
    s.transcript.toolOrder.length > 0;
  // The Ctrl+C exit hint lasts exactly the exit window: a finer clock takes it away on time.
  const now = useNow(ticking, s.ui.exitArmedAt !== undefined ? 100 : 1000);
  const store = useStore();
  const hasToasts = s.toasts.length > 0 || s.ui.exitArmedAt !== undefined;
  useEffect(() => {
    // Expired toasts and the Ctrl+C exit window leave state, so the clock can stop again.
    if (hasToasts) store.dispatch({ type: "tick", now });
  }, [now, hasToasts, store]);
  const live = s.transcript.live;
  // The frame agent-tui leaves behind when it exits keeps no passing rows (state/types.ts).
  const leaving = s.ui.exitRequested !== false;
  // Rendered once per frame, bounded by the terminal height; the budget then takes its tail.
  // Memoised: a keystroke re-renders this region but must not re-lex the streaming markdown.
  const streamAll = useMemo(
    () => streamLines(live, width, liveRowLimit(s.ui.rows), s.ui.showThinking, palette),
    [live, width, s.ui.rows, s.ui.showThinking, palette],
  );
  const streamWant = streamAll.length;
  const toolWant = s.transcript.toolOrder.length * 7;
  const budget = allocateBudget(s.ui.rows, {
    input: dialog
      ? dialogWantedRows(dialog, width) + (s.dialogs.length > 1 ? 1 : 0)
      : editorWantedRows(s.editor, width, s.ui.rows),
    dialog: dialog !== undefined,
    menu: dialog || leaving ? 0 : menuWantedRows(s.completion),
    status: !leaving && (s.run.busy || s.run.retry || s.run.compaction) ? 1 : 0,
    toasts: leaving ? 0 : s.toasts.length,
    todos: s.todos.length > 0 ? todoLines(s.todos, width, 1000, palette).length : 0,
    queue:
      s.queue.steering.length + s.queue.followUp.length > 0
        ? (s.queue.steering.length > 0 ? 1 : 0) + (s.queue.followUp.length > 0 ? 1 : 0) + 1
        : 0,
    widgetsAbove: widgetLines(s, "aboveEditor", width, 1000).length,
    widgetsBelow: widgetLines(s, "belowEditor", width, 1000).length,
    bash: s.transcript.bash ? 8 : 0,
    tools: toolWant,
    stream: streamWant,
  });
  const b = { width, palette };
  return (
    <Box flexDirection="column">
      <StreamingMessage
        {...b}
        maxRows={budget.stream}
        live={live}
        showThinking={s.ui.showThinking}
        rendered={streamAll}
      />
      <ToolExecutions {...b} maxRows={budget.tools} state={s} now={now} />
      <BashPane {...b} maxRows={budget.bash} state={s} now={now} />
      <WorkingIndicator {...b} maxRows={budget.status} state={s} now={now} />
      <Notices {...b} maxRows={budget.toasts} state={s} now={now} />
      <TodoPane {...b} maxRows={budget.todos} todos={s.todos} />
      <QueuePane {...b} maxRows={budget.queue} state={s} />
      <Widgets {...b} maxRows={budget.widgetsAbove} state={s} placement="aboveEditor" />
      {dialog ? (
        <DialogHost dialog={dialog} queued={s.dialogs.length - 1} width={width} maxRows={budget.input} now={now} />
      ) : (
        <>
          <Editor width={width} maxRows={budget.input} active={!leaving} />
          <Lines lines={menuLines(s.completion, width, budget.menu, palette)} />
        </>
      )}
      <Widgets {...b} maxRows={budget.widgetsBelow} state={s} placement="belowEditor" />
      <Footer footer={s.footer} width={width} palette={palette} vimMode={s.vim && vimModeLabel(s.vim)} />
    </Box>
  );
}
