// Every kind of transcript entry (and every tool with a block of its own) is drawn by the
// block model on all three surfaces: the live screen (entry-lines.ts), the transcript view
// (its layout cache) and plain mode (the plain rows it writes). The table below is typed by the
// state's entry kinds, so a new kind without a sample does not compile, and a kind without a
// renderer fails here.
import { describe, expect, it } from "vitest";
import { blockRows, PLAIN_ROWS } from "../../../src/tui/blocks/index.js";
import { entryLines } from "../../../src/tui/render/entry-lines.js";
import { setPalette } from "../../../src/tui/render/theme.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import type { Entry, ToolRun } from "../../../src/tui/state/types.js";
import { createLayoutCache } from "../../../src/tui/transcript-view/layout-cache.js";
import { layoutRows } from "../../../src/tui/transcript-view/layout.js";
import { committedBlocks } from "../../../src/tui/transcript-view/view-blocks.js";

const WIDTH = 60;
const NOW = 5_000;

type Surface = "live" | "view" | "plain";
/** One entry, a word each surface must show of it in full, and the surfaces where collapsing hides rows. */
type Sample = { entry: Entry; shows: string; folds: readonly Surface[] };

const lines = (word: string, n: number): string => Array.from({ length: n }, (_, i) => `${word} line ${i + 1}`).join("\n");

function run(name: string, args: Record<string, unknown>, text: string, more: Partial<ToolRun> = {}): Entry {
  const output = { text, details: undefined, images: 0 };
  return { kind: "tool", id: 1, run: { id: "t1", name, args, startedAt: 1_000, endedAt: 2_000, status: "done", output, ...more } };
}

const SAMPLES: { [K in Entry["kind"]]: Sample[] } = {
  user: [{ entry: { kind: "user", id: 1, text: `please look\n${lines("prompt", 3)}`, images: 1 }, shows: "please look", folds: ["view"] }],
  markdown: [{ entry: { kind: "markdown", id: 1, text: `# Answer\n\n${lines("answer", 4)}`, continues: false }, shows: "answer line 4", folds: ["view"] }],
  thinking: [{ entry: { kind: "thinking", id: 1, text: lines("pondering", 4), continues: false }, shows: "pondering line 1", folds: ["view", "plain"] }],
  notice: [
    { entry: { kind: "notice", id: 1, level: "warning", text: "disk nearly full" }, shows: "disk nearly full", folds: [] },
    { entry: { kind: "notice", id: 1, level: "error", text: `failed badly\n${lines("why", 3)}` }, shows: "failed badly", folds: ["view"] },
  ],
  bash: [
    {
      entry: { kind: "bash", id: 1, command: "seq-ish listing", output: lines("shell", 30), exitCode: 2, cancelled: false },
      shows: "seq-ish listing",
      folds: ["live", "view"],
    },
  ],
  custom: [{ entry: { kind: "custom", id: 1, label: "reminder", text: lines("custom", 3) }, shows: "custom line 3", folds: ["view"] }],
  summary: [
    {
      entry: { kind: "summary", id: 1, what: "compaction", text: lines("summarised", 5), tokensBefore: 12_345 },
      shows: "compacted",
      folds: ["live", "view", "plain"],
    },
    { entry: { kind: "summary", id: 1, what: "branch", text: lines("branch", 5), tokensBefore: undefined }, shows: "Branch", folds: ["live", "view", "plain"] },
  ],
  // Every tool with a block of its own, a generic (extension or host) tool, a failed and a running run.
  tool: [
    { entry: run("bash", { command: "make check" }, `check ${lines("make", 60)}`), shows: "make", folds: ["live", "view"] },
    { entry: run("read", { path: "src/read-me.ts" }, `reading ${lines("file", 12)}`), shows: "reading", folds: ["live", "view"] },
    {
      entry: run("edit", { path: "src/edited.ts", oldText: lines("before", 8), newText: lines("after", 8) }, "edited src/edited.ts"),
      shows: "edited",
      folds: ["live", "view"],
    },
    { entry: run("write", { path: "src/written.ts", content: lines("written", 9) }, "written src/written.ts"), shows: "written", folds: ["view"] },
    { entry: run("grep", { pattern: "needle", path: "src" }, `needle ${lines("match", 10)}`), shows: "needle", folds: ["live", "view"] },
    { entry: run("find", { pattern: "*.ts" }, `found ${lines("entry", 10)}`), shows: "found", folds: ["live", "view"] },
    { entry: run("ls", { path: "src" }, `listed ${lines("dir", 10)}`), shows: "listed", folds: ["live", "view"] },
    { entry: run("todo_write", { phases: [{ name: "one", tasks: [] }] }, "planned"), shows: "todo_write", folds: ["view"] },
    { entry: run("web_lookup", { query: "weather" }, `looked ${lines("result", 10)}`), shows: "web_lookup", folds: ["live", "view"] },
    { entry: run("bash", { command: "false" }, `refused ${lines("error", 10)}`, { status: "error" }), shows: "refused", folds: ["live", "view"] },
    { entry: run("bash", { command: "sleep 9" }, "", { status: "running", endedAt: undefined, output: undefined }), shows: "sleep", folds: [] },
  ],
};

const ALL: Sample[] = Object.values(SAMPLES).flat();

function liveRows(e: Entry, full: boolean): string[] {
  return entryLines(e, { width: WIDTH, showThinking: true, toolsExpanded: full }).map(stripSgr);
}

function viewRows(e: Entry, full: boolean): string[] {
  const block = committedBlocks([e]).blocks[0];
  if (!block) throw new Error(`no view block for ${e.kind}`);
  const layout = createLayoutCache(WIDTH).layout(block, full ? "full" : "folded", NOW, true);
  return layoutRows(layout, 0, layout.rows, undefined).map(stripSgr);
}

function plainRows(e: Entry, full: boolean): string[] {
  return blockRows(e, { ...PLAIN_ROWS, fold: full ? "full" : "collapsed" });
}

const SURFACES: Record<Surface, (e: Entry, full: boolean) => string[]> = { live: liveRows, view: viewRows, plain: plainRows };

const name = (s: Sample): string => (s.entry.kind === "tool" ? `tool ${s.entry.run.name} (${s.entry.run.status})` : s.entry.kind);

describe("every entry kind through the block model", () => {
  for (const [surface, draw] of Object.entries(SURFACES) as [Surface, (e: Entry, full: boolean) => string[]][]) {
    describe(surface, () => {
      it.each(ALL.map((s) => [name(s), s] as const))("%s: shows its content, fits the width, folds", (_label, s) => {
        const full = draw(s.entry, true);
        const collapsed = draw(s.entry, false);
        expect(full.join("\n")).toContain(s.shows);
        expect(collapsed.length).toBeGreaterThan(0);
        for (const row of [...full, ...collapsed]) {
          expect(row).not.toContain("\u001b");
          expect(textWidth(row)).toBeLessThanOrEqual(WIDTH);
        }
        if (s.folds.includes(surface)) expect(collapsed.length).toBeLessThan(full.length);
        else expect(collapsed.length).toBeLessThanOrEqual(full.length);
      });
    });
  }

  it("plain rows carry no styling while the live screen's rows are coloured", () => {
    setPalette("dark", 3);
    try {
      for (const s of ALL) {
        expect(entryLines(s.entry, { width: WIDTH, showThinking: true, toolsExpanded: true }).join("\n")).toContain("\u001b[");
        for (const row of plainRows(s.entry, true)) expect(row).toBe(stripSgr(row));
      }
    } finally {
      setPalette("dark", 1);
    }
  });
});
