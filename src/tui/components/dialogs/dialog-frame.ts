// Shared pieces of dialog views: title row, countdown text, help row, all as plain rows.
import { cleanLine } from "../../render/sanitize.js";
import { theme } from "../../render/theme.js";
import { truncateLine } from "../../render/text-width.js";

export function countdownText(remainingMs: number | undefined): string {
  if (remainingMs === undefined) return "";
  return ` · closes in ${Math.ceil(remainingMs / 1000)}s`;
}

export function titleRow(title: string, width: number): string {
  return truncateLine(theme.accent(`◆ ${cleanLine(title)}`), width);
}

export function helpRow(help: string, remainingMs: number | undefined, width: number): string {
  return truncateLine(theme.muted(`  ${help}${countdownText(remainingMs)}`), width);
}

/** What every dialog view gets from the host: its title, its box, its countdown, Esc. */
export type DialogFrameProps = {
  /** The request id: the dialog owns the keyboard as scope dialog:<id> (use-keys.tsx). */
  id: string;
  title: string;
  width: number;
  maxRows: number;
  remainingMs: number | undefined;
  onCancel: () => void;
};
