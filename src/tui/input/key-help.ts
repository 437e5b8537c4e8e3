// The help tables of the keys (/hotkeys, --help, the views' own hint rows): each binding's keys
// beside what they do, in one keys column shared by every table so they line up when stacked.
import { type Binding, DIALOG_BINDINGS, EDITOR_BINDINGS, PICKER_BINDINGS, VIEW_BINDINGS } from "./keymap.js";

export const keyLabel = (keys: readonly string[]): string => keys.map((k) => (k === " " ? "space" : k)).join(", ");

/**
 * The keys column of the help tables: as wide as the widest keys of either, so none runs into its
 * help (the views' own hint rows stack them; /hotkeys measures the keys in force itself).
 */
function keyColumn(): number {
  const shown = [...EDITOR_BINDINGS, ...VIEW_BINDINGS, ...PICKER_BINDINGS, ...DIALOG_BINDINGS].filter(
    (b) => b.help !== "",
  );
  return Math.max(...shown.map((b) => keyLabel(b.keys).length));
}

/** One row of a help table: the keys, padded to the keys column, then what they do. */
export function keyHelpRow(keys: string, help: string): string {
  return `${keys.padEnd(keyColumn())}  ${help}`;
}

export function helpRows<A extends string>(bindings: ReadonlyArray<Binding<A>>): string[] {
  return bindings.filter((b) => b.help !== "").map((b) => keyHelpRow(keyLabel(b.keys), b.help));
}

/** Help rows for the transcript view's keys. */
export function viewKeyHelp(): string[] {
  return helpRows(VIEW_BINDINGS);
}

/** Help rows for the keys of a question from the agent (select, confirm, input, editor). */
export function dialogKeyHelp(): string[] {
  return helpRows(DIALOG_BINDINGS);
}

/** Help rows for a picker's keys. */
export function pickerKeyHelp(): string[] {
  return helpRows(PICKER_BINDINGS);
}

/** Help rows for /hotkeys and --help. */
export function keyHelp(): string[] {
  return helpRows(EDITOR_BINDINGS);
}
