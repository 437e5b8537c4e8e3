#!/usr/bin/env node
// Benchmark (not a test): display-width work on non-ASCII text, the path where every
// grapheme's width is looked up (CJK prose, emoji, accents, box drawing): textWidth and
// wrapLine over a mixed 2,000-line document, as a markdown answer in Chinese would need.
// Prints the throughput beside its target. Usage: npm run build && node bench/text-width.mjs
import { textWidth, wrapLine } from "../dist/tui/render/text-width.js";

const SAMPLES = [
  "这是一个很长的中文段落，用来测试终端里的显示宽度计算是否足够快。",
  "Emoji 🎉 mixed with text ✅ and flags 🇫🇷 and families 👨‍👩‍👧 in one line",
  "Accents: café, naïve, Ångström, e\u0301 combining, ｆｕｌｌｗｉｄｔｈ ｆｏｒｍｓ",
  "│ box ─ drawing ┼ and arrows → ← ↑ ↓ with ⚠ warnings ⚡ and 한국어 텍스트",
];
const lines = Array.from(
  { length: 2000 },
  (_, i) => `${i}: ${SAMPLES[i % SAMPLES.length]} ${SAMPLES[(i + 1) % SAMPLES.length]}`,
);
const chars = lines.reduce((n, l) => n + l.length, 0);

function bestOf(runs, fn) {
  let best = Infinity;
  for (let r = 0; r < runs; r += 1) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

let sink = 0;
const widthMs = bestOf(15, () => {
  for (const l of lines) sink += textWidth(l);
});
const wrapMs = bestOf(15, () => {
  for (const l of lines) sink += wrapLine(l, 40).length;
});
const mcps = (ms) => chars / 1e6 / (ms / 1000);
// Re-laying out a full screen of CJK text (60 rows of 200 columns: about 6,000 characters) must
// fit in one frame at Ink's 30 fps (33 ms): at least 0.18 M chars/s. Without the grapheme
// width cache in text-width.ts, string-width alone measured 0.07–0.23 here.
const TARGET = 0.18;
console.log(
  `text-width: ${lines.length} mixed non-ASCII lines, ${chars.toLocaleString("en-US")} chars, best of 15 (checksum ${sink % 997})`,
);
console.log(
  `textWidth       : ${widthMs.toFixed(1)} ms  ${mcps(widthMs).toFixed(2)} M chars/s  (target ≥ ${TARGET}: ${mcps(widthMs) >= TARGET ? "met" : "NOT met"})`,
);
console.log(
  `wrapLine at 40  : ${wrapMs.toFixed(1)} ms  ${mcps(wrapMs).toFixed(2)} M chars/s  (target ≥ ${TARGET}: ${mcps(wrapMs) >= TARGET ? "met" : "NOT met"})`,
);
