// The terminal around the Ink app, set up in one place for run.tsx: its modes (terminal.ts),
// the resize guard Ink writes through (which also shows the modes what Ink switches itself),
// the window title following the state (render/title.ts), Ctrl+Z (suspend.ts), and the advice,
// once per start, to turn on tmux's extended-keys (tmux-keys.ts).
import type { Instance } from "ink";
import { terminalTitle } from "../render/title.js";
import { createResizeGuard, type ResizeGuard, terminalReflows } from "./resize-guard.js";
import type { Store } from "../state/store.js";
import { createSuspend } from "./suspend.js";
import { createTerminalModes, usesKittyKeyboard } from "./terminal.js";
import { tmuxExtendedKeysAdvice } from "./tmux-keys.js";

export type TerminalSession = {
  /** Wrap of stdout for Ink (see resize-guard.ts). */
  guard: ResizeGuard;
  /** Turn the modes on and draw the title; call just before Ink's render(). */
  enable(): void;
  /** Ctrl+Z; false where there is no job control. */
  suspend(): boolean;
  /** Idempotent: every way out. */
  restore(): void;
};

export function createTerminalSession(o: {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  store: Store;
  env: NodeJS.ProcessEnv;
  ink: () => Instance | undefined;
}): TerminalSession {
  const { stdin, stdout, store } = o;
  // Shift+Enter via xterm modifyOtherKeys, except where Ink drives the kitty protocol.
  const modes = createTerminalModes(stdout, { modifyOtherKeys: !usesKittyKeyboard(o.env) });
  // Ink writes through it: the inline writer learns from it whether the terminal re-wraps lines.
  const guard = createResizeGuard(stdout, terminalReflows(o.env), (chunk) => modes.observe(chunk));
  let lastTitle: string | undefined;
  const updateTitle = (): void => {
    const title = terminalTitle(store.getState());
    if (title === lastTitle) return;
    lastTitle = title;
    modes.setTitle(title);
  };
  const suspend = createSuspend({
    stdin,
    stdout,
    modes,
    frameRows: () => guard.frameRows(),
    clearFrame: () => o.ink()?.clear(),
    resumed: () => store.dispatch({ type: "toast", level: "info", text: "Back from the shell", now: Date.now() }),
  });
  return {
    guard,
    enable() {
      updateTitle();
      store.subscribe(updateTitle);
      modes.enable();
      void tmuxExtendedKeysAdvice(o.env).then((advice) => {
        if (advice) store.dispatch({ type: "notice", level: "warning", text: advice });
      });
    },
    suspend,
    restore: () => modes.restore(stdin),
  };
}
