// One row of a key table: a named action, its keys (normalised names, keymap.ts `keyName`) and
// its help text. Its own file so the tables of every context (keymap.ts, review-bindings.ts,
// fleet-bindings.ts) share it without importing the keymap that gathers them.
export type Binding<A extends string> = { action: A; keys: string[]; help: string };
