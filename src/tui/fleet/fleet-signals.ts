// Attention signals: whatever the TUI shows, a fleet session that starts waiting on a question,
// finishes a run or fails is announced once: a one-line notice, the bell, and a desktop
// notification through the terminal (settings `notifications`: OSC 9, OSC 777, the bell alone,
// or nothing), and the count of waiting sessions for the window title. Exactly one bell and one
// notification per transition: several transitions in one snapshot are one bell each, and a
// state that stays never rings again (attention.ts).
import {
  BELL,
  osc777Notification,
  osc9Notification,
  visibleLine,
  type FleetSnapshot,
  type FleetSource,
} from "../../bridge/index.js";
import { attentionChanges, attentionText, rememberRows, type AttentionMemory } from "./attention.js";
import type { NotificationStyle } from "./fleet-settings.js";
import { waitingCount } from "./fleet-order.js";

export type FleetSignalsOptions = {
  source: FleetSource;
  style: NotificationStyle;
  /** Writes straight to the terminal (not through Ink: these sequences draw nothing). */
  write(data: string): void;
  notice(text: string): void;
  waiting(count: number): void;
  /** The session this UI shows itself (its dialog is on screen): not announced. */
  shown?: () => { host: string; id: string } | undefined;
  /**
   * When the person started watching (ms since the epoch): a session first listed later is
   * announced for what it did after this (attention.ts). Default: when the signals start.
   */
  watchingSince?: number;
};

/** The bytes for one transition in `style`. */
export function signalBytes(style: NotificationStyle, text: string): string {
  switch (style) {
    case "osc9":
      return BELL + osc9Notification(text);
    case "osc777":
      return BELL + osc777Notification("agent-tui", text);
    case "bell":
      return BELL;
    case "off":
      return "";
    default: {
      const never: never = style;
      return never;
    }
  }
}

export function startFleetSignals(o: FleetSignalsOptions): () => void {
  let memory: AttentionMemory | undefined;
  let lastCount = -1;
  const watchingSince = o.watchingSince ?? Date.now();
  const onSnapshot = (snap: FleetSnapshot): void => {
    const changes = attentionChanges(memory, snap.rows, watchingSince);
    memory = rememberRows(snap.rows);
    const shown = o.shown?.();
    for (const change of changes) {
      if (shown !== undefined && change.row.host === shown.host && change.row.id === shown.id) continue;
      const text = visibleLine(attentionText(change));
      o.notice(text);
      o.write(signalBytes(o.style, text));
    }
    const count = waitingCount(snap.rows);
    if (count !== lastCount) {
      lastCount = count;
      o.waiting(count);
    }
  };
  onSnapshot(o.source.snapshot());
  return o.source.subscribe(onSnapshot);
}
