// Keyboard input, one keypress at a time, with no gap. One Ink useInput at the root (mounted
// before any key arrives) splits each chunk into keys (key-chunks.ts), tracks bracketed
// paste, and hands every key to the handlers registered with useKeys. Handlers register in a
// layout effect, i.e. in the same commit that draws them: a dialog that is on screen already
// receives keys (with useInput's passive effect, a key sent right after the dialog appeared
// could reach nobody), and the editor it replaced stops receiving them in that same commit.
import React, { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef } from "react";
import { useInput, type Key } from "ink";
import { splitKeypresses } from "../key-chunks.js";

export type KeyHandler = (input: string, key: Key) => void;

type KeyRouter = { add(handler: { current: KeyHandler }): () => void; dispatch: KeyHandler };

const KeyRouterContext = createContext<KeyRouter | undefined>(undefined);

/** Splits chunks into keys and delivers each to `deliver`; one paste state per stream. */
function createSplitter(deliver: KeyHandler): KeyHandler {
  let pasting = false;
  return (input, key) => {
    for (const k of splitKeypresses(input, key, pasting)) {
      if (k.input === "[200~") pasting = true;
      else if (k.input === "[201~") pasting = false;
      deliver(k.input, k.key);
    }
  };
}

function createKeyRouter(): KeyRouter {
  const handlers = new Set<{ current: KeyHandler }>();
  return {
    add(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    // Registration order = mount order; a snapshot, so a handler that closes its own view
    // does not change who gets the rest of the chunk.
    dispatch: createSplitter((input, key) => {
      for (const h of [...handlers]) h.current(input, key);
    }),
  };
}

/** The one stdin subscription of the app; wrap everything that calls useKeys in it. */
export function KeyRouterRoot({ children }: { children?: React.ReactNode }): React.ReactElement {
  const router = useMemo(createKeyRouter, []);
  useInput(router.dispatch);
  return <KeyRouterContext.Provider value={router}>{children}</KeyRouterContext.Provider>;
}

export function useKeys(handler: KeyHandler, options: { isActive?: boolean } = {}): void {
  const active = options.isActive ?? true;
  const router = useContext(KeyRouterContext);
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => (router && active ? router.add(latest) : undefined), [router, active]);
  // Without a router (a component rendered alone in a test) subscribe directly.
  const direct = useMemo(() => createSplitter((input, key) => latest.current(input, key)), []);
  const stable = useCallback((input: string, key: Key) => direct(input, key), [direct]);
  useInput(stable, { isActive: !router && active });
}
