// Keyboard input, one keypress at a time, never lost. One Ink useInput at the root (mounted
// before any key arrives) splits each chunk into keys (key-chunks.ts), tracks bracketed paste,
// and hands every key to the view that owns the keyboard *now*, read from the store at that
// key: the head dialog, else the transcript view, else an open overlay, else the editor. Views register with useKeys in
// a layout effect, i.e. in the commit that draws them. A key whose owner is in the store but
// not drawn yet (a dialog that just arrived, the editor coming back after an answer) waits in
// a small buffer and is delivered when that view registers: nothing goes to a view the user
// no longer sees, and nothing falls between two views.
import type React from "react";
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef } from "react";
import { useInput, useStdin, type Key } from "ink";
import { createKeypressSplitter } from "./key-chunks.js";
import { createReplyFilter } from "../terminal/terminal-replies.js";
import { guardInkInput } from "../ink/ink-input-guard.js";
import type { TuiState } from "../state/types.js";
import { useStore } from "../state/use-store.js";

export type KeyHandler = (input: string, key: Key) => void;

/** Who owns the keyboard: "editor", "overlay", "transcript-view" or "dialog:<id>". */
export type KeyScope = string;

type Registration = { scope: KeyScope; primary: boolean; handler: { current: KeyHandler } };

type KeyRouter = { add(r: Registration): () => void; dispatch: RawKeyHandler };

const KeyRouterContext = createContext<KeyRouter | undefined>(undefined);

/** Keys kept for a view that is not drawn yet; more than this is a stuck view, not typing. */
const MAX_PENDING = 4096;

export const TRANSCRIPT_VIEW_SCOPE: KeyScope = "transcript-view";

export function dialogScope(id: string): KeyScope {
  return `dialog:${id}`;
}

/** The owner of the keyboard in state `s` (`overlays`: an overlay renderer exists). */
export function keyFocus(s: TuiState, overlays: boolean): KeyScope {
  const head = s.dialogs[0];
  if (head) return dialogScope(head.id);
  if (s.ui.transcriptView !== undefined) return TRANSCRIPT_VIEW_SCOPE;
  return s.ui.overlay !== undefined && overlays ? "overlay" : "editor";
}

/** One input event; `unnamed`: an escape sequence Ink did not name and passed on as text. */
type RawKeyHandler = (input: string, key: Key, unnamed?: boolean) => void;

/** Splits chunks into keys (key-chunks.ts, the one place) and delivers each to `deliver`. */
function createSplitter(deliver: KeyHandler): RawKeyHandler {
  const split = createKeypressSplitter();
  return (input, key, unnamed = false) => {
    for (const k of split(input, key, unnamed)) deliver(k.input, k.key);
  };
}

export function createKeyRouter(focus: () => KeyScope): KeyRouter {
  const registrations = new Set<Registration>();
  let pending: Array<{ scope: KeyScope; input: string; key: Key }> = [];
  // A snapshot per key: a handler that closes its own view does not change who gets the key.
  const handlersOf = (scope: KeyScope): Registration[] => [...registrations].filter((r) => r.scope === scope);
  const deliver = (scope: KeyScope, input: string, key: Key): void => {
    for (const r of handlersOf(scope)) r.handler.current(input, key);
  };
  const flush = (scope: KeyScope): void => {
    const mine = pending.filter((p) => p.scope === scope);
    if (mine.length === 0) return;
    // Keys for views that are gone (a dialog that closed before it was drawn) are dropped.
    pending = [];
    for (const p of mine) deliver(scope, p.input, p.key);
  };
  return {
    add(r) {
      registrations.add(r);
      if (r.primary && r.scope === focus()) flush(r.scope);
      return () => registrations.delete(r);
    },
    dispatch: createSplitter((input, key) => {
      const scope = focus();
      if (!handlersOf(scope).some((r) => r.primary)) {
        if (pending.length < MAX_PENDING) pending.push({ scope, input, key });
        return;
      }
      flush(scope);
      deliver(scope, input, key);
    }),
  };
}

/**
 * Ink's raw input events (its stdin event emitter, one per parsed sequence or run of text,
 * emitted before useInput sees them when this listener is registered first). They tell two
 * things useInput alone cannot: an escape sequence Ink could not name (xterm's `ESC[27;2;13~`
 * for Shift+Enter), which useInput hands over as text without its ESC, and a terminal's reply
 * to a query (terminal-replies.ts), which must not be typed. Returns the event behind the
 * useInput call being handled (undefined when there was none).
 */
function useRawInput(): () => string | undefined {
  const { internal_eventEmitter: events } = useStdin();
  const last = useRef<string | undefined>(undefined);
  // Before any listener sees a key: some keys would make Ink's useInput throw (ink-input-guard.ts).
  useLayoutEffect(() => guardInkInput(events), [events]);
  useLayoutEffect(() => {
    const record = (data: string): void => {
      last.current = data;
    };
    events.on("input", record);
    return () => {
      events.off("input", record);
    };
  }, [events]);
  return useCallback(() => {
    const raw = last.current;
    last.current = undefined;
    return raw;
  }, []);
}

/** Only CSI sequences: ESC + one character (Alt+key, ESC CR) is a key Ink already named. */
const isUnnamedCsi = (raw: string | undefined, input: string): boolean =>
  raw?.startsWith("\u001b[") === true && raw.slice(1) === input;

/** The one stdin subscription of the app; wrap everything that calls useKeys in it. */
export function KeyRouterRoot({
  overlays,
  children,
}: {
  overlays: boolean;
  children?: React.ReactNode;
}): React.ReactElement {
  const store = useStore();
  const router = useMemo(() => createKeyRouter(() => keyFocus(store.getState(), overlays)), [store, overlays]);
  const takeRaw = useRawInput();
  const replies = useMemo(() => createReplyFilter(), []);
  const dispatch = useCallback(
    (input: string, key: Key) => {
      const raw = takeRaw();
      if (raw !== undefined && replies.drops(raw)) return;
      router.dispatch(input, key, isUnnamedCsi(raw, input));
    },
    [router, takeRaw, replies],
  );
  useInput(dispatch);
  return <KeyRouterContext.Provider value={router}>{children}</KeyRouterContext.Provider>;
}

/**
 * Receive the keys of `scope` while mounted and active. `primary: false` marks a helper that
 * listens alongside the view owning the scope (Tab completion next to the editor): it does
 * not make keys count as delivered.
 */
export function useKeys(
  handler: KeyHandler,
  options: { scope: KeyScope; isActive?: boolean; primary?: boolean },
): void {
  const active = options.isActive ?? true;
  const primary = options.primary ?? true;
  const router = useContext(KeyRouterContext);
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(
    () => (router && active ? router.add({ scope: options.scope, primary, handler: latest }) : undefined),
    [router, active, options.scope, primary],
  );
  // Without a router (a component rendered alone in a test) subscribe directly.
  const direct = useMemo(() => createSplitter((input, key) => latest.current(input, key)), []);
  const stable = useCallback((input: string, key: Key) => direct(input, key), [direct]);
  useInput(stable, { isActive: !router && active });
}
