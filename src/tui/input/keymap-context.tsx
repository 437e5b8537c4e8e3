// The keymap in force, handed to the views that resolve keys: a source run.tsx makes from
// keybindings.json (settings/keybindings-file.ts) and changes when the file does. Views without
// a provider (tests, print and plain mode never draw them) get the defaults.
import type React from "react";
import { createContext, useContext, useSyncExternalStore } from "react";
import { DEFAULT_KEYMAP, type Keymap } from "./keymap.js";

/** A keymap that may change: the current one, and a signal when it does. */
export type KeymapSource = { current(): Keymap; subscribe(listener: () => void): () => void };

const DEFAULT_SOURCE: KeymapSource = { current: () => DEFAULT_KEYMAP, subscribe: () => () => undefined };

const KeymapContext = createContext<KeymapSource>(DEFAULT_SOURCE);

export function KeymapProvider(p: { source: KeymapSource; children: React.ReactNode }): React.ReactElement {
  return <KeymapContext.Provider value={p.source}>{p.children}</KeymapContext.Provider>;
}

/** The keymap in force; the component draws again when it changes. */
export function useKeymap(): Keymap {
  const source = useContext(KeymapContext);
  return useSyncExternalStore(source.subscribe, source.current);
}
