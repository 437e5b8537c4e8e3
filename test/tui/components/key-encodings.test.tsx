// Every key of the keymap arrives as the same named key whatever encoding the terminal uses:
// legacy bytes, kitty CSI-u (`ESC[13;2u`), xterm modifyOtherKeys (`ESC[27;2;13~`), modified
// cursor keys (`ESC[1;3A`, kitty `ESC[1;3:1A`). Sequences nobody binds (F13, bare modifiers,
// mouse and focus reports) are dropped: no escape sequence ever becomes text. Fed through
// Ink's real input pipeline (ink-testing-library stdin) and our key router.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "ink-testing-library";
import { KeyRouterRoot, useKeys } from "../../../src/tui/input/use-keys.js";
import { DIALOG_BINDINGS, EDITOR_BINDINGS, keyName } from "../../../src/tui/input/keymap.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { StoreContext } from "../../../src/tui/state/use-store.js";
import { setupApp } from "../helpers/app-harness.js";
import { waitFor } from "../helpers/fake-connection.js";

afterEach(() => cleanup());

const ESC = "\u001b";
const CODEPOINTS: Record<string, number> = { enter: 13, tab: 9, escape: 27, backspace: 8, delete: 127 };
const CURSOR: Record<string, string> = { up: "A", down: "B", right: "C", left: "D", home: "H", end: "F" };

/** A key name ("ctrl+alt+x") -> its base key and xterm modifier parameter (1 = none). */
function parse(name: string): { base: string; mod: number } {
  const parts = name.split("+");
  const base = parts.pop() ?? "";
  let mod = 1;
  for (const m of parts) mod += m === "shift" ? 1 : m === "alt" ? 2 : m === "ctrl" ? 4 : 0;
  return { base, mod };
}

/** Every extended encoding a terminal may send for `name` (the legacy one is tested elsewhere). */
function encodings(name: string): string[] {
  const { base, mod } = parse(name);
  const cursor = CURSOR[base];
  if (cursor) return mod > 1 ? [`${ESC}[1;${mod}${cursor}`, `${ESC}[1;${mod}:1${cursor}`] : [];
  const code = CODEPOINTS[base] ?? (base.length === 1 ? base.codePointAt(0) : undefined);
  if (code === undefined) return [];
  // Plain printable keys stay plain text in every mode a terminal enables for us.
  if (mod === 1 && CODEPOINTS[base] === undefined) return [];
  const csiU = `${ESC}[${code}${mod > 1 ? `;${mod}` : ""}u`;
  return mod > 1 ? [csiU, `${ESC}[27;${mod};${code}~`] : [csiU];
}

function Recorder({ seen }: { seen: string[] }): null {
  useKeys((input, key) => seen.push(keyName(input, key) ?? `text:${input}`), { scope: "editor" });
  return null;
}

function setupRecorder(): { seen: string[]; write(data: string): void } {
  const seen: string[] = [];
  const store = createStore(createInitialState(80, 24), { frameMs: 0 });
  const r = render(
    <StoreContext.Provider value={store}>
      <KeyRouterRoot overlays={false}>
        <Recorder seen={seen} />
      </KeyRouterRoot>
    </StoreContext.Provider>,
  );
  return { seen, write: (d) => r.stdin.write(d) };
}

describe("every keymap key in every encoding", () => {
  const names = [...new Set([...EDITOR_BINDINGS, ...DIALOG_BINDINGS].flatMap((b) => b.keys))].filter(
    (k) => k !== "paste_start" && k !== "paste_end",
  );

  it("decodes CSI-u, modifyOtherKeys and modified cursor keys to the bound key name", async () => {
    const r = setupRecorder();
    const expected: string[] = [];
    for (const name of names) {
      for (const seq of encodings(name)) {
        r.write(seq);
        expected.push(name);
        await waitFor(
          () => r.seen.length === expected.length,
          `a key for ${JSON.stringify(seq)} (${name}); seen ${r.seen.at(-1)}`,
        );
        expect(`${JSON.stringify(seq)} -> ${r.seen.at(-1)}`).toBe(`${JSON.stringify(seq)} -> ${expected.at(-1)}`);
      }
    }
    expect(expected.length).toBeGreaterThan(40);
  });

  it("modifyOtherKeys Shift+Enter is a new line, never the text [27;2;13~", async () => {
    const s = setupApp();
    await waitFor(() => s.frame().includes("message the agent"), "editor shown");
    s.stdin.write("first");
    await waitFor(() => s.store.getState().editor.text === "first", "typed");
    s.stdin.write(`${ESC}[27;2;13~`);
    s.stdin.write("second");
    await waitFor(
      () => s.store.getState().editor.text === "first\nsecond",
      `editor: ${JSON.stringify(s.store.getState().editor.text)}`,
    );
    s.stdin.write(`${ESC}[13;2u`);
    s.stdin.write("third");
    await waitFor(
      () => s.store.getState().editor.text === "first\nsecond\nthird",
      `editor: ${JSON.stringify(s.store.getState().editor.text)}`,
    );
  });

  it("drops sequences nobody binds instead of typing them", async () => {
    const s = setupApp();
    await waitFor(() => s.frame().includes("message the agent"), "editor shown");
    for (const seq of [
      `${ESC}[25~`,
      `${ESC}[57441u`,
      `${ESC}[57441;2u`,
      `${ESC}[<0;10;5M`,
      `${ESC}[I`,
      `${ESC}[O`,
      `${ESC}[27;5;57399~`,
      `${ESC}[1;2P`,
      `${ESC}[99;5:3u`,
    ]) {
      s.stdin.write(seq);
    }
    s.stdin.write("ok");
    await waitFor(() => s.store.getState().editor.text.endsWith("ok"), "typed after the sequences");
    expect(s.store.getState().editor.text).toBe("ok");
  });
});
