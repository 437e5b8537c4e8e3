// Every kind of transcript entry (and every tool with a block of its own) is drawn by the
// block model on all three surfaces: the live screen (entry-lines.ts), the transcript view
// (its layout cache) and plain mode (the plain rows it writes). The table below is typed by the
// state's entry kinds, so a new kind without a sample does not compile, and a kind without a
// renderer fails here.
import { describe, expect, it } from "vitest";
import { blockRows, PLAIN_ROWS } from "../../../src/tui/blocks/index.js";
import { entryLines } from "../../../src/tui/render/entry-lines.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import type { Entry, ToolRun } from "../../../src/tui/state/types.js";
import { createLayoutCache } from "../../../src/tui/transcript-view/layout-cache.js";
import { layoutRows } from "../../../src/tui/transcript-view/layout.js";
import { committedBlocks } from "../../../src/tui/transcript-view/view-blocks.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const WIDTH = 60;
const NOW = 5_000;

type Surface = "live" | "view" | "plain";
/** One entry, a word each surface must show of it in full, and the surfaces where collapsing hides rows. */
type Sample = { entry: Entry; shows: string; folds: readonly Surface[] };

function lines(word: string, n: number): string {
  return Array.from({ length: n }, (_, i) => `${word} line ${i + 1}`).join("\n");
}

const sample = (entry: Entry, shows: string, ...folds: Surface[]): Sample => ({ entry, shows, folds });

function run(name: string, args: Record<string, unknown>, text: string, more: Partial<ToolRun> = {}): Entry {
  const output = { text, details: undefined, images: 0 };
  const base = { id: "t1", name, args, startedAt: 1_000, endedAt: 2_000, status: "done" as const, output };
  return { kind: "tool", id: 1, run: { ...base, ...more } };
}

const answer: Entry = {
  kind: "markdown",
  id: 1,
  text: `# Answer\n\n${lines("answer", 4)}`,
  continues: false,
};
const thinking: Entry = {
  kind: "thinking",
  id: 1,
  text: lines("pondering", 4),
  continues: false,
};
const shell: Entry = {
  kind: "bash",
  id: 1,
  command: "seq-ish listing",
  output: lines("shell", 30),
  exitCode: 2,
  cancelled: false,
};
const compaction: Entry = {
  kind: "summary",
  id: 1,
  what: "compaction",
  text: lines("summarised", 5),
  tokensBefore: 12_345,
};
const branch: Entry = {
  kind: "summary",
  id: 1,
  what: "branch",
  text: lines("branch", 5),
  tokensBefore: undefined,
};
const written = { path: "src/written.ts", content: lines("written", 9) };
const failed: Partial<ToolRun> = { status: "error" };
const edit = { path: "src/edited.ts", oldText: lines("before", 8), newText: lines("after", 8) };
const running: Partial<ToolRun> = { status: "running", endedAt: undefined, output: undefined };

const SAMPLES: { [K in Entry["kind"]]: Sample[] } = {
  user: [sample({ kind: "user", id: 1, text: `please look\n${lines("prompt", 3)}`, images: 1 }, "please look", "view")],
  markdown: [sample(answer, "answer line 4", "view")],
  thinking: [sample(thinking, "pondering line 1", "view", "plain")],
  notice: [
    sample({ kind: "notice", id: 1, level: "warning", text: "disk nearly full" }, "disk nearly full"),
    sample({ kind: "notice", id: 1, level: "error", text: `failed badly\n${lines("why", 3)}` }, "failed badly", "view"),
  ],
  bash: [sample(shell, "seq-ish listing", "live", "view")],
  custom: [sample({ kind: "custom", id: 1, label: "reminder", text: lines("custom", 3) }, "custom line 3", "view")],
  summary: [
    // Both fold everywhere: collapsed, a line saying what it is; full, the summary too.
    sample(compaction, "compacted", "live", "view", "plain"),
    sample(branch, "Branch", "live", "view", "plain"),
  ],
  // Every tool with a block of its own, a generic (extension or host) tool, a failed and a running run.
  tool: [
    sample(run("bash", { command: "make check" }, `check ${lines("make", 60)}`), "make", "live", "view"),
    sample(run("read", { path: "src/read-me.ts" }, `reading ${lines("file", 12)}`), "reading", "live", "view"),
    sample(run("edit", edit, "edited src/edited.ts"), "edited", "live", "view"),
    sample(run("write", written, "written src/written.ts"), "written", "view"),
    sample(run("grep", { pattern: "needle", path: "src" }, `needle ${lines("match", 10)}`), "needle", "live", "view"),
    sample(run("find", { pattern: "*.ts" }, `found ${lines("entry", 10)}`), "found", "live", "view"),
    sample(run("ls", { path: "src" }, `listed ${lines("dir", 10)}`), "listed", "live", "view"),
    sample(run("todo_write", { phases: [{ name: "one", tasks: [] }] }, "planned"), "todo_write", "view"),
    sample(run("web_lookup", { query: "weather" }, `looked ${lines("result", 10)}`), "web_lookup", "live", "view"),
    sample(run("bash", { command: "false" }, `refused ${lines("error", 10)}`, failed), "refused", "live", "view"),
    sample(run("bash", { command: "sleep 9" }, "", running), "sleep"),
  ],
};

const ALL: Sample[] = Object.values(SAMPLES).flat();

function liveRows(e: Entry, full: boolean): string[] {
  return entryLines(e, { width: WIDTH, showThinking: true, toolsExpanded: full, palette: PALETTE }).map(stripSgr);
}

function viewRows(e: Entry, full: boolean): string[] {
  const block = committedBlocks([e]).blocks[0];
  if (!block) throw new Error(`no view block for ${e.kind}`);
  const layout = createLayoutCache(WIDTH, PALETTE).layout(block, full ? "full" : "folded", NOW, true);
  return layoutRows(layout, 0, layout.rows, undefined).map(stripSgr);
}

function plainRows(e: Entry, full: boolean): string[] {
  return blockRows(e, { ...PLAIN_ROWS, fold: full ? "full" : "collapsed" });
}

type Draw = (e: Entry, full: boolean) => string[];
const SURFACES: Record<Surface, Draw> = { live: liveRows, view: viewRows, plain: plainRows };

function name(s: Sample): string {
  return s.entry.kind === "tool" ? `tool ${s.entry.run.name} (${s.entry.run.status})` : s.entry.kind;
}

describe("every entry kind through the block model", () => {
  for (const [surface, draw] of Object.entries(SURFACES) as [Surface, Draw][]) {
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
    const palette = buildPalette("dark", 3);
    for (const s of ALL) {
      const live = entryLines(s.entry, { width: WIDTH, showThinking: true, toolsExpanded: true, palette });
      expect(live.join("\n")).toContain("\u001b[");
      for (const row of plainRows(s.entry, true)) expect(row).toBe(stripSgr(row));
    }
  });
});

describe("entries still arriving, drawn by their block for the live region", () => {
  const o = { width: WIDTH, fold: "collapsed", style: "color", palette: PALETTE, showThinking: true } as const;

  it("an answer's tail: no spacer row unless the head is printed already, code left unhighlighted", () => {
    const text = "tail words\n\n```ts\nconst x = 1;\n```";
    const fresh = blockRows({ kind: "markdown", text, continues: false }, { ...o, streaming: {} }).map(stripSgr);
    const continued = blockRows({ kind: "markdown", text, continues: true }, { ...o, streaming: {} });
    expect(fresh[0]).toBe("tail words");
    expect(continued.map(stripSgr)).toEqual(["", ...fresh]);
    expect(blockRows({ kind: "markdown", text: " \n", continues: false }, { ...o, streaming: {} })).toEqual([]);
  });

  it("thinking's tail keeps its last lines, or says it is thinking while hidden", () => {
    const e = { kind: "thinking", text: lines("pondering", 9), continues: false } as const;
    const rows = blockRows(e, { ...o, streaming: {}, maxBodyRows: 2 }).map(stripSgr);
    expect(rows).toEqual(["  pondering line 8", "  pondering line 9"]);
    const hidden = blockRows(e, { ...o, showThinking: false, streaming: {} }).map(stripSgr);
    expect(hidden).toEqual(["  thinking…"]);
  });

  it("a running `!` command: how long it has run and how to stop it, then its last output lines", () => {
    const e = {
      kind: "bash",
      command: "make",
      output: lines("out", 9),
      exitCode: undefined,
      cancelled: false,
    } as const;
    const rows = blockRows(e, { ...o, now: 4_000, maxBodyRows: 3, streaming: { startedAt: 1_000 } }).map(stripSgr);
    expect(rows).toEqual(["! make · 3.0s · esc to cancel", "  out line 7", "  out line 8", "  out line 9"]);
    // Once it has ended, the same command is drawn as a committed entry: no clock, no cancel hint.
    const ended = blockRows({ ...e, exitCode: 0 }, o)
      .map(stripSgr)
      .join("\n");
    expect(ended).not.toContain("esc to cancel");
  });
});
