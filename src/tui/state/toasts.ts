// Timed state: transient hints (toasts) and the armed Ctrl+C exit, both expired by clock ticks.
import type { NoticeLevel, TuiState } from "./types.js";

export const TOAST_MS = 5000;
/** Ctrl+C twice within this window on an empty editor exits. */
export const EXIT_WINDOW_MS = 1000;

/** A transient hint; the same hint again replaces the shown one and counts, never stacks. */
export function addToast(s: TuiState, level: NoticeLevel, text: string, now: number, ttlMs: number): TuiState {
  const same = s.toasts.find((t) => t.text === text && t.level === level && t.until > now);
  const others = s.toasts.filter((t) => t !== same);
  const toast = { id: now + s.toasts.length / 1000, level, text, until: now + ttlMs, count: (same?.count ?? 0) + 1 };
  return { ...s, toasts: [...others, toast].slice(-3) };
}

/** Toasts past their time go, and an exit armed longer than the window is disarmed. */
export function expireTimed(s: TuiState, now: number): TuiState {
  const toasts = s.toasts.filter((t) => t.until > now);
  const exitArmedAt =
    s.ui.exitArmedAt !== undefined && now - s.ui.exitArmedAt > EXIT_WINDOW_MS ? undefined : s.ui.exitArmedAt;
  if (toasts.length === s.toasts.length && exitArmedAt === s.ui.exitArmedAt) return s;
  return { ...s, toasts, ui: { ...s.ui, exitArmedAt } };
}
