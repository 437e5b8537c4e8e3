// The transcript view's alternate screen under Ink. Ink renders inline and knows nothing of
// screens, so the switch happens in the stream Ink writes to, at the exact write where the
// frame changes: the view's frame starts with a private tag (stripped here). The first tagged
// write enters the alternate screen after Ink's erase of the live frame (so the main screen is
// left without it and the cursor is saved where it began); the first untagged drawing write
// afterwards (the live frame, or <Static> entries committed while the view was up) leaves it
// after Ink's erase of the view, so everything is drawn on the main screen where it was.
// Switching on Ink's own writes keeps this right whatever Ink's render throttling does.
import { CSI_SOURCE, leadingCursorControlLength, OSC_SOURCE } from "../../bridge/index.js";
import { ALT_SCREEN_ENTER, ALT_SCREEN_LEAVE, noteAlternateScreen } from "../terminal/terminal.js";

/** Starts the first row of the view's frame; an OSC that terminals never see (it is stripped). */
export const VIEW_FRAME_TAG = "\u001b]7777;agent-tui-transcript-view\u0007";

const CONTROL = new RegExp(`${CSI_SOURCE}|${OSC_SOURCE}`, "g");

export type ScreenSwitch = {
  /** Give this to Ink as its stdout. */
  stream: NodeJS.WriteStream;
  alternate(): boolean;
};

function draws(chunk: string): boolean {
  return chunk.replace(CONTROL, "") !== "";
}

export function createScreenSwitch(out: NodeJS.WriteStream): ScreenSwitch {
  let alternate = false;
  const write = (data: string): void => {
    if (data !== "") out.write(data);
  };
  const route = (chunk: string): void => {
    const at = chunk.indexOf(VIEW_FRAME_TAG);
    if (at !== -1) {
      const strip = (s: string): string => s.split(VIEW_FRAME_TAG).join("");
      if (alternate) {
        write(strip(chunk));
        return;
      }
      write(chunk.slice(0, at));
      write(ALT_SCREEN_ENTER);
      alternate = true;
      noteAlternateScreen(true);
      write(strip(chunk.slice(at)));
      return;
    }
    if (alternate && draws(chunk)) {
      // Cursor movement and erase Ink writes before a frame (no SGR: that belongs to the frame).
      const head = chunk.slice(0, leadingCursorControlLength(chunk));
      write(head);
      write(ALT_SCREEN_LEAVE);
      alternate = false;
      noteAlternateScreen(false);
      write(chunk.slice(head.length));
      return;
    }
    out.write(chunk);
  };
  const stream = new Proxy(out, {
    get(target, prop, receiver) {
      if (prop === "write") {
        return (chunk: unknown, ...rest: unknown[]) => {
          // Buffers and Ink's empty barrier write (with a callback, at unmount) pass unchanged.
          if (typeof chunk !== "string" || chunk === "")
            return (target.write as (...args: unknown[]) => boolean)(chunk, ...rest);
          route(chunk);
          return true;
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { stream, alternate: () => alternate };
}
