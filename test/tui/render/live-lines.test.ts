// Live-region line builders: the row budget, the todo pane and the streaming tail.
import { describe, expect, it } from "vitest";
import { allocateBudget } from "../../../src/tui/render/live-lines.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

describe("live budget", () => {
  it("never hands out more rows than rows - 2", () => {
    for (let rows = 3; rows <= 80; rows += 1) {
      const b = allocateBudget(rows, {
        input: 50,
        menu: 9,
        status: 1,
        toasts: 3,
        todos: 20,
        queue: 2,
        widgetsAbove: 10,
        widgetsBelow: 10,
        bash: 8,
        tools: 30,
        stream: 100,
      });
      const used =
        b.footer +
        b.input +
        b.menu +
        b.status +
        b.toasts +
        b.todos +
        b.queue +
        b.widgetsAbove +
        b.widgetsBelow +
        b.bash +
        b.tools +
        b.stream;
      expect(used).toBeLessThanOrEqual(Math.max(3, rows - 2));
      expect(b.footer).toBe(1);
      expect(b.input).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("todo pane", () => {
  it("shows the task in progress first when rows are short, and is hidden without todos", async () => {
    const { todoLines } = await import("../../../src/tui/render/live-lines.js");
    const phases = [
      {
        id: "p",
        name: "P",
        tasks: [
          { id: "1", content: "done one", status: "completed" },
          { id: "2", content: "doing two", status: "in_progress" },
          { id: "3", content: "three", status: "pending" },
          { id: "4", content: "four", status: "weird-status" },
        ],
      },
    ];
    expect(todoLines([], 40, 5, PALETTE)).toEqual([]);
    expect(todoLines(phases, 40, 2, PALETTE).map(stripSgr)).toEqual(["Plan 1/4 · 1 above", "  ◐ doing two"]);
    expect(todoLines(phases, 40, 3, PALETTE).map(stripSgr)).toEqual([
      "Plan 1/4 · 1 above",
      "  ◐ doing two",
      "  … 2 more",
    ]);
    // One task left after the window takes the row a count would: the task is shown instead.
    expect(todoLines(phases, 40, 4, PALETTE).map(stripSgr)).toEqual([
      "Plan 1/4 · 1 above",
      "  ◐ doing two",
      "  ○ three",
      "  ○ four",
    ]);
    expect(todoLines(phases, 40, 9, PALETTE).map(stripSgr)).toEqual([
      "Plan 1/4",
      "  ✓ done one",
      "  ◐ doing two",
      "  ○ three",
      "  ○ four",
    ]);
  });

  it("keeps the name of the phase a shown task is in, and counts hidden tasks, not rows", async () => {
    const { todoLines } = await import("../../../src/tui/render/live-lines.js");
    const task = (id: string, status: string) => ({ id, content: id, status });
    const a = { id: "a", name: "Phase A", tasks: [task("a1", "in_progress"), task("a2", "pending")] };
    const b = { id: "b", name: "Phase B", tasks: [task("b1", "pending"), task("b2", "pending")] };
    expect(todoLines([a, b], 40, 5, PALETTE).map(stripSgr)).toEqual([
      "Plan 0/4",
      "Phase A",
      "  ◐ a1",
      "  ○ a2",
      "  … 2 more",
    ]);
    const a2 = { ...a, tasks: [task("a1", "completed"), task("a2", "in_progress")] };
    expect(todoLines([a2, b], 40, 6, PALETTE).map(stripSgr)).toEqual([
      "Plan 1/4 · 1 above",
      "Phase A",
      "  ◐ a2",
      "Phase B",
      "  ○ b1",
      "  ○ b2",
    ]);
    // Short of rows, phase names go before tasks.
    expect(todoLines([a, b], 40, 3, PALETTE).map(stripSgr)).toEqual(["Plan 0/4", "  ◐ a1", "  … 3 more"]);
    // A finished phase before the current one is counted, not shown.
    const done = { ...a, tasks: [task("a1", "completed"), task("a2", "completed")] };
    expect(todoLines([done, b], 40, 50, PALETTE).map(stripSgr)).toEqual([
      "Plan 2/4 · 2 above",
      "Phase B",
      "  ○ b1",
      "  ○ b2",
    ]);
  });

  it("accounts for every task at every height: shown + above + more = all, within the rows given", async () => {
    const { todoLines } = await import("../../../src/tui/render/live-lines.js");
    const statuses = ["completed", "in_progress", "pending", "abandoned"];
    for (let seed = 0; seed < 200; seed++) {
      const phaseCount = 1 + (seed % 3);
      const phases = Array.from({ length: phaseCount }, (_, p) => ({
        id: `p${p}`,
        name: `Phase ${p}`,
        tasks: Array.from({ length: 1 + ((seed * (p + 7)) % 5) }, (_, i) => ({
          id: `${p}.${i}`,
          content: `task ${p}.${i}`,
          status: statuses[(seed + i * (p + 3)) % 4] ?? "pending",
        })),
      }));
      const total = phases.reduce((n, p) => n + p.tasks.length, 0);
      for (let max = 2; max <= 14; max++) {
        const rows = todoLines(phases, 60, max, PALETTE).map(stripSgr);
        expect(rows.length).toBeLessThanOrEqual(max);
        const shown = rows.filter((r) => /^ {2}[^…] task /.test(r)).length;
        const above = Number(/· (\d+) above/.exec(rows[0] ?? "")?.[1] ?? 0);
        const more = Number(/… (\d+) more/.exec(rows.at(-1) ?? "")?.[1] ?? 0);
        // Only the shortest pane (header and one task) may leave tasks after it uncounted.
        if (rows.length > 2 || shown + above === total)
          expect(shown + above + more, `${seed}/${max}: ${rows.join(" | ")}`).toBe(total);
        // A shown task is under its own phase's name whenever names are shown.
        const names = rows.filter((r) => r.startsWith("Phase "));
        if (names.length > 0) {
          const firstTask = rows.findIndex((r) => r.startsWith("  ") && r.includes("task "));
          const phaseOfFirst = /task (\d+)\./.exec(rows[firstTask] ?? "")?.[1];
          expect(rows[firstTask - 1], `${seed}/${max}: ${rows.join(" | ")}`).toBe(`Phase ${phaseOfFirst}`);
        }
      }
    }
  });

  it("gives every status its own mark: pending ○, in progress ◐ (bold), completed ✓, abandoned ✗ (struck)", async () => {
    const { todoLines } = await import("../../../src/tui/render/live-lines.js");
    const tasks = ["pending", "in_progress", "completed", "abandoned"].map((status, i) => ({
      id: String(i),
      content: status,
      status,
    }));
    const rows = todoLines([{ id: "p", name: "P", tasks }], 40, 9, PALETTE);
    expect(rows.map(stripSgr)).toEqual([
      "Plan 1/4",
      "  ○ pending",
      "  ◐ in_progress",
      "  ✓ completed",
      "  ✗ abandoned",
    ]);
    expect(rows[2]).toContain("\u001b[1m");
    expect(rows[4]).toContain("\u001b[9m");
  });
});

describe("streaming tail", () => {
  it("shows the last rows of a long open code block as code", async () => {
    const { streamLines } = await import("../../../src/tui/render/live-lines.js");
    const text =
      "Intro\n\n```py\n" + Array.from({ length: 200 }, (_, i) => `x_${i} = ${i}  # *not emphasis*`).join("\n");
    const rows = streamLines(
      { blocks: [{ type: "text", text }], commitBlock: 0, commitOffset: 0, lastStarted: 0 },
      60,
      5,
      true,
      PALETTE,
    ).map(stripSgr);
    expect(rows).toHaveLength(5);
    expect(rows[4]).toBe("  x_199 = 199  # *not emphasis*");
  });
});
