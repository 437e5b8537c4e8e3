// Thin views of the live region, each a function of plain props and a row budget:
// StreamingMessage (text tail + ThinkingBlock), ToolExecution, BashPane, WorkingIndicator,
// Notices (toasts), TodoPane (hidden without todos), QueuePane (two lanes), Widgets, Footer.
import type React from "react";
import { actionKey } from "../input/keymap.js";
import { useKeymap } from "../input/keymap-context.js";
import { footerLine } from "../render/footer-lines.js";
import {
  bashLines,
  queueLines,
  runningToolLines,
  statusLine,
  streamLines,
  toastLines,
  todoLines,
  widgetLines,
} from "../render/live-lines.js";
import type { Palette } from "../render/palette.js";
import type { FooterState, LiveMessage, TuiState } from "../state/types.js";
import type { PlanPhase } from "../../bridge/index.js";
import { Lines } from "./lines.js";

/** `palette`: what the rows are painted in (the panes that read the state paint in its choice). */
type Budget = { width: number; maxRows: number; palette: Palette };

/** The streaming assistant message: uncommitted text tail, thinking (dim), tool-call preparation. */
export function StreamingMessage(
  p: Budget & { live: LiveMessage | undefined; showThinking: boolean; rendered?: string[] },
): React.ReactElement | null {
  if (p.maxRows <= 0) return null;
  const rows = p.rendered ?? streamLines(p.live, p.width, p.maxRows, p.showThinking, p.palette);
  return <Lines lines={rows.slice(-p.maxRows)} />;
}

/** Running tools: header (name, args, status, elapsed) and a capped output preview each. */
export function ToolExecutions(p: Budget & { state: TuiState; now: number }): React.ReactElement | null {
  return <Lines lines={runningToolLines(p.state, p.now, p.width, p.maxRows)} />;
}

export function BashPane(p: Budget & { state: TuiState; now: number }): React.ReactElement | null {
  return <Lines lines={bashLines(p.state, p.now, p.width, p.maxRows)} />;
}

/** Working indicator with elapsed time, or the retry countdown / compaction notice. */
export function WorkingIndicator(p: Budget & { state: TuiState; now: number }): React.ReactElement | null {
  return <Lines lines={p.maxRows > 0 ? statusLine(p.state, p.now, p.width) : []} />;
}

/** Transient notices (notify, local hints); they expire by themselves. */
export function Notices(p: Budget & { state: TuiState; now: number }): React.ReactElement | null {
  return <Lines lines={toastLines(p.state, p.now, p.width, p.maxRows)} />;
}

export function TodoPane(p: Budget & { todos: PlanPhase[] }): React.ReactElement | null {
  return <Lines lines={todoLines(p.todos, p.width, p.maxRows, p.palette)} />;
}

export function QueuePane(p: Budget & { state: TuiState }): React.ReactElement | null {
  const keymap = useKeymap();
  return <Lines lines={queueLines(p.state, p.width, p.maxRows, actionKey("pull_queue", keymap))} />;
}

export function Widgets(
  p: Budget & { state: TuiState; placement: "aboveEditor" | "belowEditor" },
): React.ReactElement | null {
  return <Lines lines={widgetLines(p.state, p.placement, p.width, p.maxRows)} />;
}

export function Footer(p: {
  footer: FooterState;
  width: number;
  palette: Palette;
  vimMode?: string | undefined;
}): React.ReactElement {
  return <Lines lines={[footerLine(p.footer, p.width, p.palette, p.vimMode)]} />;
}
