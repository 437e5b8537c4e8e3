// The footer row: cwd (branch) · session · model + thinking · tokens · cost · context % ·
// extension statuses · worker state. Always one row, truncated to the width.
import type { FooterState } from "../state/types.js";
import { cleanLine, sanitizeText } from "./sanitize.js";
import { theme } from "./theme.js";
import { truncateLine } from "./text-width.js";

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

function shortCwd(cwd: string): string {
  const home = process.env["HOME"];
  return home && cwd.startsWith(home) ? `~${cwd.slice(home.length)}` : cwd;
}

export function footerLine(f: FooterState, width: number): string {
  const parts: string[] = [];
  if (f.worker !== "ready") {
    const color = f.worker === "crashed" ? theme.error : theme.warning;
    parts.push(color(`worker ${f.worker}${f.workerDetail ? `: ${f.workerDetail}` : ""}`));
  }
  if (f.cwd) parts.push(`${shortCwd(f.cwd)}${f.branch ? ` (${f.branch})` : ""}`);
  if (f.sessionName) parts.push(cleanLine(f.sessionName));
  if (f.model) {
    const thinking = f.reasoning && f.thinkingLevel ? ` • ${f.thinkingLevel}` : f.thinkingLevel && f.thinkingLevel !== "off" ? ` • ${f.thinkingLevel}` : "";
    parts.push(`${cleanLine(f.model)}${thinking}`);
  }
  if (f.tokensIn > 0 || f.tokensOut > 0) parts.push(`↑${formatTokens(f.tokensIn)} ↓${formatTokens(f.tokensOut)}`);
  if (f.cost > 0) parts.push(`$${f.cost.toFixed(f.cost < 1 ? 3 : 2)}`);
  if (f.contextWindow && f.lastContextTokens !== undefined) {
    parts.push(`ctx ${Math.min(999, Math.round((f.lastContextTokens / f.contextWindow) * 100))}%`);
  }
  for (const text of Object.values(f.statuses)) parts.push(sanitizeText(text, { keepSgr: true }).replace(/\n/g, " "));
  return truncateLine(theme.muted(parts.join(" · ")), width);
}
