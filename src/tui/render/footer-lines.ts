// The footer row: vim mode · cwd (branch) · session · model + thinking · tokens · cost · context % ·
// extension statuses · worker state. Always one row: on a narrow terminal the least important
// parts shorten or go first, the model name stays.
import { basename } from "node:path";
import type { FooterState } from "../state/types.js";
import { sanitizeLine } from "./sanitize.js";
import type { Palette } from "./palette.js";
import { textWidth, truncateLine } from "./text-width.js";

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

function shortCwd(cwd: string): string {
  const home = process.env["HOME"];
  return home && cwd.startsWith(home) ? `~${cwd.slice(home.length)}` : cwd;
}

/**
 * One footer part: its variants from fullest to shortest, how long it survives a narrow
 * terminal (lower goes first), and whether it may be dropped once it cannot shorten further.
 */
type FooterPart = { variants: string[]; keep: number; required?: boolean };

/**
 * Fit the parts in `width`: shorten, then drop, the least important first. The model name is
 * never dropped (it says what answers cost and who gives them); only when it alone is wider
 * than the terminal is it cut.
 */
function fitParts(parts: FooterPart[], width: number): string {
  const level = parts.map(() => 0);
  const alive = parts.map(() => true);
  const text = (): string => parts.flatMap((p, i) => (alive[i] ? [p.variants[level[i] ?? 0] ?? ""] : [])).join(" · ");
  const canGive = (p: FooterPart, i: number): boolean =>
    alive[i] === true && (!p.required || (level[i] ?? 0) + 1 < p.variants.length);
  for (;;) {
    const line = text();
    if (textWidth(line) <= width) return line;
    let victim = -1;
    parts.forEach((p, i) => {
      if (canGive(p, i) && (victim === -1 || p.keep < (parts[victim]?.keep ?? 0))) victim = i;
    });
    const p = parts[victim];
    if (!p) return truncateLine(line, width);
    if ((level[victim] ?? 0) + 1 < p.variants.length) level[victim] = (level[victim] ?? 0) + 1;
    else alive[victim] = false;
  }
}

/** `vimMode`: the prompt editor's vim mode when it is on ("NORMAL", "INSERT d2"…), shown first. */
export function footerLine(f: FooterState, width: number, { theme }: Palette, vimMode?: string): string {
  const parts: FooterPart[] = [];
  if (vimMode !== undefined) parts.push({ variants: [vimMode], keep: 85 });
  if (f.worker !== "ready") {
    const color = f.worker === "crashed" ? theme.error : theme.warning;
    const label = f.worker === "taken_over" ? "taken over by another terminal" : `worker ${f.worker}`;
    // The detail carries the worker's stderr tail: one row, whatever it contains.
    const detail = f.workerDetail ? `: ${sanitizeLine(f.workerDetail)}` : "";
    parts.push({ variants: [color(`${label}${detail}`), color(label)], keep: 90 });
  }
  if (f.host !== undefined) {
    // A remote worker's directory: its own path on its machine (our HOME means nothing there).
    const host = sanitizeLine(f.host);
    const cwd = sanitizeLine(f.cwd);
    parts.push({
      variants: cwd ? [`${host}:${cwd}`, `${host}:${basename(cwd) || cwd}`] : [`${host} (remote)`, host],
      keep: 40,
    });
  } else if (f.cwd) {
    // Directory and branch names are untrusted too: either can hold an escape sequence.
    const cwd = shortCwd(f.cwd);
    const branch = f.branch ? ` (${sanitizeLine(f.branch)})` : "";
    parts.push({
      variants: [
        `${sanitizeLine(cwd)}${branch}`,
        `${sanitizeLine(basename(cwd) || cwd)}${branch}`,
        sanitizeLine(basename(cwd) || cwd),
      ],
      keep: 40,
    });
  }
  if (f.sessionName) parts.push({ variants: [sanitizeLine(f.sessionName)], keep: 30 });
  if (f.model) {
    const level = f.thinkingLevel ? sanitizeLine(f.thinkingLevel) : undefined;
    const thinking = f.reasoning && level ? ` • ${level}` : level && level !== "off" ? ` • ${level}` : "";
    parts.push({ variants: [`${sanitizeLine(f.model)}${thinking}`, sanitizeLine(f.model)], keep: 80, required: true });
  }
  if (f.tokensIn > 0 || f.tokensOut > 0)
    parts.push({ variants: [`↑${formatTokens(f.tokensIn)} ↓${formatTokens(f.tokensOut)}`], keep: 60 });
  if (f.cost > 0) parts.push({ variants: [`$${f.cost.toFixed(f.cost < 1 ? 3 : 2)}`], keep: 50 });
  if (f.contextWindow && f.lastContextTokens !== undefined) {
    parts.push({
      variants: [`ctx ${Math.min(999, Math.round((f.lastContextTokens / f.contextWindow) * 100))}%`],
      keep: 70,
    });
  }
  for (const text of Object.values(f.statuses)) parts.push({ variants: [sanitizeLine(text)], keep: 20 });
  return theme.muted(fitParts(parts, width));
}
