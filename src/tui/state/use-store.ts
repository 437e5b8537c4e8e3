// React binding: a component subscribes to a selected slice; selectors must return stable
// references (slices of state or memoised values) or React re-renders every frame.
import { createContext, useContext, useSyncExternalStore } from "react";
import type { Store } from "./store.js";
import type { TuiState } from "./types.js";

export const StoreContext = createContext<Store | undefined>(undefined);

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error("StoreContext is missing: wrap the app in <StoreContext.Provider>");
  return store;
}

/** The notified snapshot is what React reads, so renders happen at most once per frame. */
export function useTuiState<T>(selector: (s: TuiState) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getPublished()));
}
