// A view's one-line key hint ("j/k change · tab file · q close") from the keys in force, so a
// key rebound in keybindings.json shows as bound: each part is its actions' first keys and a
// word; a part whose actions all lost their keys is left out.
import type { KeyTable } from "./keymap.js";

export type HintPart<A extends string> = { actions: readonly A[]; label: string };

export function keyHint<A extends string>(table: KeyTable<A>, parts: ReadonlyArray<HintPart<A>>): string {
  const first = (action: A): string | undefined => table.bindings.find((b) => b.action === action)?.keys[0];
  return parts
    .map((p) => {
      const keys = p.actions.map(first).filter((k): k is string => k !== undefined);
      return keys.length === 0 ? "" : `${keys.map((k) => (k === " " ? "space" : k)).join("/")} ${p.label}`;
    })
    .filter((s) => s !== "")
    .join(" · ");
}
