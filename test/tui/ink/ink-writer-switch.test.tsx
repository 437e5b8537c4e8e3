// The diagnostic switch's fallback (AGENT_TUI_INK_WRITER=ink): none of agent-tui's patches reach
// Ink, and the real app rendered with Ink's public options only draws its frame on a terminal
// (a headless xterm). What Ink 6.8's incremental writer then does to the next frame is pinned
// too: it is why the own writer stays the default (docs/ink-adaptations.md).
import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { render } from "ink";
import { describe, expect, it, vi } from "vitest";
import { App } from "../../../src/tui/components/app.js";
import { createController } from "../../../src/tui/controller.js";
import { chooseInkWriter, installInkWriter, inkWriterRenderOptions } from "../../../src/tui/ink/ink-writer-switch.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { createFakeConnection, markWorkerRunning, waitFor } from "../helpers/fake-connection.js";

// Ink draws only the last frame when it believes it runs in CI (is-in-ci reads CI as Ink loads):
// this test is about the frames it draws on a terminal, so CI must be gone before Ink is imported.
vi.hoisted(() => {
  delete process.env["CI"];
});

const require = createRequire(import.meta.url);
const { Terminal } = require("@xterm/headless") as typeof import("@xterm/headless");

const COLS = 60;
const ROWS = 20;

/** A tty-like stdout drawing into a headless xterm ("\n" arrives as "\r\n", as through a pty). */
function terminal(): { stdout: NodeJS.WriteStream; written: () => string; rows: () => Promise<string[]> } {
  const term = new Terminal({ cols: COLS, rows: ROWS, scrollback: 100, allowProposedApi: true });
  let pending = "";
  let all = "";
  const stdout = Object.assign(new EventEmitter(), {
    columns: COLS,
    rows: ROWS,
    isTTY: true,
    write(chunk: string) {
      pending += chunk;
      all += chunk;
      return true;
    },
  });
  const rows = async (): Promise<string[]> => {
    await new Promise<void>((resolve) => term.write(pending.replace(/\n/g, "\r\n"), resolve));
    pending = "";
    const buf = term.buffer.active;
    const lines = Array.from({ length: buf.length }, (_, y) => buf.getLine(y)?.translateToString(true) ?? "");
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    return lines;
  };
  return { stdout: stdout as unknown as NodeJS.WriteStream, written: () => all, rows };
}

/** Keys never arrive: a stdin Ink can put in raw mode. */
function quietStdin(): NodeJS.ReadStream {
  const noop = (): void => undefined;
  const methods = { setRawMode: noop, setEncoding: noop, resume: noop, pause: noop, ref: noop, unref: noop };
  return Object.assign(new EventEmitter(), { isTTY: true, read: () => null }, methods) as unknown as NodeJS.ReadStream;
}

/** The app, as run.tsx renders it, through Ink's public path. */
type Rendered = { store: ReturnType<typeof createStore>; term: ReturnType<typeof terminal>; unmount: () => void };
async function renderPublic(): Promise<Rendered> {
  const writer = chooseInkWriter({ AGENT_TUI_INK_WRITER: "ink" });
  await installInkWriter(writer);
  const store = createStore(createInitialState(COLS, ROWS), { frameMs: 0 });
  markWorkerRunning(store);
  const controller = createController({ store, connection: createFakeConnection(), exit: () => undefined });
  const term = terminal();
  const ink = render(<App store={store} controller={controller} />, {
    stdout: term.stdout,
    stdin: quietStdin(),
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 1000,
    ...inkWriterRenderOptions(writer),
  });
  return { store, term, unmount: () => ink.unmount() };
}

const inkBuild = (file: string): Promise<{ default: unknown }> =>
  import(pathToFileURL(join(dirname(require.resolve("ink")), file)).href) as Promise<{ default: unknown }>;

describe("the Ink writer switch", () => {
  it("is agent-tui's own writer unless AGENT_TUI_INK_WRITER=ink, which adds Ink's incremental rendering", () => {
    expect(chooseInkWriter({})).toBe("own");
    expect(chooseInkWriter({ AGENT_TUI_INK_WRITER: "own" })).toBe("own");
    expect(chooseInkWriter({ AGENT_TUI_INK_WRITER: "bogus" })).toBe("own");
    expect(chooseInkWriter({ AGENT_TUI_INK_WRITER: "ink" })).toBe("ink");
    expect(inkWriterRenderOptions("ink")).toEqual({ incrementalRendering: true });
    expect(inkWriterRenderOptions("own")).toEqual({});
  });

  it("falls back to Ink's public path: no patch reaches Ink, and the app's frame is drawn once", async () => {
    const output = (await inkBuild("output.js")).default as { prototype: { get: unknown } };
    const instances = (await inkBuild("instances.js")).default as { set: unknown };
    const [get, set] = [output.prototype.get, instances.set];
    const { term, unmount } = await renderPublic();
    expect([output.prototype.get, instances.set]).toEqual([get, set]);
    // The editor and the status row below it, each once.
    const rows = await term.rows();
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.startsWith("›  message the agent"))).toHaveLength(1);
    // Ink's own log-update wrote it (whole, inside a synchronized update), not the inline writer.
    expect(term.written()).toContain("\u001b[?2026h");
    unmount();
  });

  it("draws the next frame one row too low (Ink 6.8's incremental writer), leaving the first row behind", async () => {
    const { store, term, unmount } = await renderPublic();
    const first = await term.rows();
    store.dispatch({ type: "editor", op: { op: "set", text: "hello", keepUndo: false } });
    await waitFor(() => term.written().includes("hello"), "the frame with the edited text");
    const next = await term.rows();
    // The new frame starts on the first frame's second row: the first frame's top row stays above
    // it, and the row after the edited one, the same in both frames, is skipped and never drawn.
    expect(first).toHaveLength(2);
    expect(next[0]).toBe(first[0]);
    expect(next[1]?.startsWith("› hello")).toBe(true);
    expect(next).not.toContain(first[1]);
    unmount();
  });
});
