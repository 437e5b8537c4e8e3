// Live-region line builders: the row budget, the todo pane and the streaming tail.
import { describe, expect, it } from "vitest";
import { allocateBudget } from "../../../src/tui/render/live-lines.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";

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
      const used = b.footer + b.input + b.menu + b.status + b.toasts + b.todos + b.queue + b.widgetsAbove + b.widgetsBelow + b.bash + b.tools + b.stream;
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
    expect(todoLines([], 40, 5)).toEqual([]);
    expect(todoLines(phases, 40, 2).map(stripSgr)).toEqual(["Plan 1/4", "  ◐ doing two"]);
    expect(todoLines(phases, 40, 3).map(stripSgr)).toEqual(["Plan 1/4", "  ◐ doing two", "  … 3 more"]);
    expect(todoLines(phases, 40, 9).map(stripSgr)).toEqual(["Plan 1/4", "  ✓ done one", "  ◐ doing two", "  ○ three", "  ○ four"]);
  });

  it("gives every status its own mark: pending ○, in progress ◐ (bold), completed ✓, abandoned ✗ (struck)", async () => {
    const { todoLines } = await import("../../../src/tui/render/live-lines.js");
    const tasks = ["pending", "in_progress", "completed", "abandoned"].map((status, i) => ({ id: String(i), content: status, status }));
    const rows = todoLines([{ id: "p", name: "P", tasks }], 40, 9);
    expect(rows.map(stripSgr)).toEqual(["Plan 1/4", "  ○ pending", "  ◐ in_progress", "  ✓ completed", "  ✗ abandoned"]);
    expect(rows[2]).toContain("\u001b[1m");
    expect(rows[4]).toContain("\u001b[9m");
  });
});

describe("streaming tail", () => {
  it("shows the last rows of a long open code block as code", async () => {
    const { streamLines } = await import("../../../src/tui/render/live-lines.js");
    const text = "Intro\n\n```py\n" + Array.from({ length: 200 }, (_, i) => `x_${i} = ${i}  # *not emphasis*`).join("\n");
    const rows = streamLines({ blocks: [{ type: "text", text }], commitBlock: 0, commitOffset: 0, lastStarted: 0 }, 60, 5, true).map(stripSgr);
    expect(rows).toHaveLength(5);
    expect(rows[4]).toBe("  x_199 = 199  # *not emphasis*");
  });
});
