// The screen switch under Ink: the first frame of the view enters the alternate screen right
// after Ink's erase of the live frame, the first live drawing afterwards leaves it right after
// Ink's erase of the view, the private tag never reaches the terminal, and restoring the
// terminal (exit, crash) leaves the alternate screen when it is on.
import { describe, expect, it } from "vitest";
import { ALT_SCREEN_ENTER, ALT_SCREEN_LEAVE, restoreTerminal } from "../../../src/tui/terminal/terminal.js";
import { createScreenSwitch, VIEW_FRAME_TAG } from "../../../src/tui/transcript-view/screen-switch.js";

function fakeOut(): { out: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const out = {
    isTTY: true,
    writable: true,
    columns: 80,
    rows: 24,
    write: (d: string) => written.push(d) > 0,
  } as unknown as NodeJS.WriteStream;
  return { out, written };
}

const ERASE = "\u001b[2K\u001b[1A\u001b[2K\u001b[G";

describe("screen switch", () => {
  it("enters after the erase of the live frame and leaves after the erase of the view", () => {
    const { out, written } = fakeOut();
    const screen = createScreenSwitch(out);
    screen.stream.write("live frame\n");
    expect(written.join("")).toBe("live frame\n");
    screen.stream.write(`${ERASE}${VIEW_FRAME_TAG}view row 1\nview row 2\n`);
    expect(screen.alternate()).toBe(true);
    expect(written.join("")).toBe(`live frame\n${ERASE}${ALT_SCREEN_ENTER}view row 1\nview row 2\n`);
    written.length = 0;
    screen.stream.write(`${ERASE}${VIEW_FRAME_TAG}view again\n`);
    screen.stream.write("\u001b[?2026h");
    screen.stream.write(ERASE);
    expect(written.join("")).toBe(`${ERASE}view again\n\u001b[?2026h${ERASE}`);
    written.length = 0;
    screen.stream.write(`${ERASE}\u001b[90mlive again\u001b[39m\n`);
    expect(screen.alternate()).toBe(false);
    // Colours of the first row stay with it, after the switch back (which restores attributes).
    expect(written.join("")).toBe(`${ERASE}${ALT_SCREEN_LEAVE}\u001b[90mlive again\u001b[39m\n`);
    expect(written.join("")).not.toContain(VIEW_FRAME_TAG);
  });

  it("prints entries committed while the view was up on the main screen", () => {
    const { out, written } = fakeOut();
    const screen = createScreenSwitch(out);
    screen.stream.write(`${VIEW_FRAME_TAG}view\n`);
    written.length = 0;
    screen.stream.write(ERASE); // Ink clears the frame before printing <Static> output
    screen.stream.write("new entry\n");
    screen.stream.write("live frame\n");
    expect(written.join("")).toBe(`${ERASE}${ALT_SCREEN_LEAVE}new entry\nlive frame\n`);
  });

  it("restoring the terminal leaves the alternate screen and turns mouse reporting off", () => {
    const { out, written } = fakeOut();
    const screen = createScreenSwitch(out);
    screen.stream.write(`${VIEW_FRAME_TAG}view\n`);
    written.length = 0;
    const input = { isTTY: true, setRawMode: () => input } as unknown as NodeJS.ReadStream;
    restoreTerminal(input, out);
    expect(written.join("").startsWith(ALT_SCREEN_LEAVE)).toBe(true);
    expect(ALT_SCREEN_LEAVE).toContain("\u001b[?1000l");
    expect(ALT_SCREEN_ENTER).toContain("\u001b[?1000h");
  });
});
