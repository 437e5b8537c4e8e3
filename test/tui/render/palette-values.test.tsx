// A palette is a value passed down the render calls, not a switch in module state: two renders
// with different palettes in one process, interleaved, each keep their own colours (the live
// screen's block rows, the transcript view's layouts, highlighted code, an Ink view of a store).
import { renderToString } from "ink";
import { describe, expect, it } from "vitest";
import { blockRows, type BlockEntry } from "../../../src/tui/blocks/index.js";
import { ControllerContext } from "../../../src/tui/components/controller-context.js";
import { LiveRegion } from "../../../src/tui/components/live-region.js";
import { createController } from "../../../src/tui/controller.js";
import { buildPalette, type Palette } from "../../../src/tui/render/palette.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore, type Store } from "../../../src/tui/state/store.js";
import type { PaletteChoice } from "../../../src/tui/state/types.js";
import { StoreContext } from "../../../src/tui/state/use-store.js";
import { createLayoutCache } from "../../../src/tui/transcript-view/layout-cache.js";
import { layoutRows } from "../../../src/tui/transcript-view/layout.js";
import { committedBlocks } from "../../../src/tui/transcript-view/view-blocks.js";
import { createFakeConnection } from "../helpers/fake-connection.js";

const DARK: PaletteChoice = { name: "dark", level: 3 };
const LIGHT: PaletteChoice = { name: "light", level: 3 };

// What each palette paints a tool's name and a TypeScript keyword in (palette.ts): the dark
// palette keeps the terminal's 16 colours, the light one darker hues as truecolor.
const DARK_TOOL_NAME = "\u001b[35m";
const LIGHT_TOOL_NAME = "\u001b[38;2;139;26;139m";
const DARK_KEYWORD = "\u001b[34mconst";
const LIGHT_KEYWORD = "\u001b[38;2;23;80;176mconst";
const TRUECOLOR = "\u001b[38;2;";

const diff = ["-1 const answer = 41;", "+1 const answer = 42;"].join("\n");
const edit: BlockEntry = {
  kind: "tool",
  run: {
    id: "t1",
    name: "edit",
    args: { path: "src/a.ts" },
    status: "done",
    output: { text: "ok", details: { diff }, images: 0 },
    startedAt: 0,
    endedAt: 1500,
  },
};
const answer: BlockEntry = { kind: "markdown", text: "```ts\nconst answer = 42;\n```", continues: false };

const rows = (e: BlockEntry, palette: Palette): string =>
  blockRows(e, { width: 60, fold: "full", style: "color", palette, showThinking: true }).join("\n");

function liveScreen(store: Store): string {
  const controller = createController({ store, connection: createFakeConnection(), exit: () => undefined });
  return renderToString(
    <StoreContext.Provider value={store}>
      <ControllerContext.Provider value={controller}>
        <LiveRegion />
      </ControllerContext.Provider>
    </StoreContext.Provider>,
    { columns: 60 },
  );
}

describe("two palettes in one process", () => {
  it("block rows drawn alternately in each palette keep their own colours", () => {
    const dark = buildPalette(DARK.name, DARK.level);
    const light = buildPalette(LIGHT.name, LIGHT.level);
    const first = { dark: rows(edit, dark), light: rows(edit, light) };
    const again = { dark: rows(edit, dark), light: rows(edit, light) };
    expect(again).toEqual(first);
    expect(first.dark).toContain(DARK_TOOL_NAME);
    expect(first.dark).not.toContain(TRUECOLOR);
    expect(first.light).toContain(LIGHT_TOOL_NAME);
    expect(first.light).not.toContain(DARK_TOOL_NAME);
    expect(rows(answer, dark)).toContain(DARK_KEYWORD);
    expect(rows(answer, light)).toContain(LIGHT_KEYWORD);
    expect(rows(answer, dark)).not.toContain(TRUECOLOR);
  });

  it("the transcript view's layouts of the same block, one cache per palette, keep their colours", () => {
    const block = committedBlocks([{ ...answer, id: 1 }]).blocks[0];
    if (!block) throw new Error("no block");
    const darkCache = createLayoutCache(60, buildPalette(DARK.name, DARK.level));
    const lightCache = createLayoutCache(60, buildPalette(LIGHT.name, LIGHT.level));
    const shown = (cache: typeof darkCache): string => {
      const layout = cache.layout(block, "full", 0, true);
      return layoutRows(layout, 0, layout.rows, undefined).join("\n");
    };
    const dark = shown(darkCache);
    const light = shown(lightCache);
    expect(dark).toContain(DARK_KEYWORD);
    expect(light).toContain(LIGHT_KEYWORD);
    expect(shown(darkCache)).toBe(dark);
    expect(dark).not.toContain(TRUECOLOR);
  });

  it("two stores with different palette choices draw their views each in its own", () => {
    const darkStore = createStore(createInitialState(60, 20, DARK));
    const lightStore = createStore(createInitialState(60, 20, LIGHT));
    const dark = liveScreen(darkStore);
    const light = liveScreen(lightStore);
    // The editor's prompt is drawn in the accent colour: cyan, or the light palette's teal.
    expect(dark).toContain("\u001b[36m›");
    expect(dark).not.toContain(TRUECOLOR);
    expect(light).toContain("\u001b[38;2;0;106;128m›");
    expect(liveScreen(darkStore)).toBe(dark);
    // A choice made later (/settings) repaints that store's view only.
    darkStore.dispatch({ type: "palette", palette: { name: "mono", level: 3 } });
    darkStore.flush();
    expect(liveScreen(darkStore)).toContain("\u001b[1m›");
    expect(liveScreen(lightStore)).toBe(light);
  });
});
