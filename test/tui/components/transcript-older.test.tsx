// The inline transcript prints a resumed session's tail in chunks; the earlier entries inserted
// before it while it prints (unprinted, for the transcript view) never reach the terminal, and
// every printed entry reaches it once, in order, with entries appended later after it.
import { PassThrough } from "node:stream";
import { render } from "ink";
import { describe, expect, it } from "vitest";
import { Transcript } from "../../../src/tui/components/transcript.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import type { EntryInput } from "../../../src/tui/state/transcript.js";
import { StoreContext } from "../../../src/tui/state/use-store.js";

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("the inline transcript with a session's earlier entries inserted", () => {
  it("prints each tail entry once and in order, the inserted ones never", async () => {
    const store = createStore(createInitialState(100, 30), { frameMs: 0 });
    const stdout = Object.assign(new PassThrough(), { columns: 100, rows: 30, isTTY: true });
    let written = "";
    stdout.on("data", (chunk: Buffer) => {
      written += chunk.toString("utf8");
    });
    const app = render(
      <StoreContext.Provider value={store}>
        <Transcript />
      </StoreContext.Provider>,
      { stdout: stdout as unknown as NodeJS.WriteStream, patchConsole: false },
    );
    // Large entries: the print budget takes a few per chunk, so printing spans several turns.
    const tail: EntryInput[] = Array.from({ length: 12 }, (_, n) => ({
      kind: "user",
      text: `TAIL-${n} ${"x".repeat(9000)}`,
      images: 0,
    }));
    store.dispatch({ type: "history", entries: tail, olderFollow: true });
    const before = store.getState().transcript.olderBefore ?? -1;
    // Insert once a later chunk is out, while the rest of the tail is still to print.
    for (let turn = 0; turn < 10_000 && !written.includes("TAIL-2"); turn += 1) await nextTurn();
    expect(written.includes("TAIL-11")).toBe(false);
    const older: EntryInput[] = Array.from({ length: 50 }, (_, n) => ({
      kind: "user",
      text: `OLDER-${n}`,
      images: 0,
      unprinted: true,
    }));
    store.dispatch({ type: "history_older", entries: older, before });
    store.dispatch({ type: "notice", level: "info", text: "AFTER-MARK" });
    for (let turn = 0; turn < 10_000 && !written.includes("AFTER-MARK"); turn += 1) await nextTurn();
    app.unmount();
    const marks = [...written.matchAll(/TAIL-\d+|OLDER-\d+|AFTER-MARK/g)].map((m) => m[0]);
    expect(marks).toEqual([...tail.map((_, n) => `TAIL-${n}`), "AFTER-MARK"]);
  });
});
