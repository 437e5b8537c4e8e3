// The text of /hotkeys: the keys in force in every context, each row with the action's name as
// keybindings.json takes it, and a mark on the keys that come from that file.
import { actionName } from "../input/keybindings-parse.js";
import type { Binding, EditorAction, KeyContext, Keymap, KeyTable } from "../input/keymap.js";
import { VIM_KEY_HELP } from "../input/vim-help.js";

const FROM_FILE = "*";

/** `opener`: the editor action whose key opens that context, shown in its title as bound now. */
type Section = { context: KeyContext; title: string; opener?: EditorAction };

const SECTIONS: ReadonlyArray<Section> = [
  { context: "editor", title: "Keyboard shortcuts:" },
  { context: "view", title: "In the transcript view", opener: "open_transcript" },
  { context: "picker", title: "In a picker (/model, /resume, /tree, /settings…; type to search):" },
  { context: "dialog", title: "In a question from the agent (select, confirm, text):" },
  { context: "review", title: "In the review of changes (/diff", opener: "review_changes" },
  { context: "fleet", title: "In the fleet view (/fleet, agent-tui fleet", opener: "open_fleet" },
  { context: "vim", title: "In vim mode (/vim; its typed commands are below when it is on):" },
];

const label = (b: Binding<string>, table: KeyTable<string>): string =>
  (b.keys.length === 0 ? "(none)" : b.keys.map((k) => (k === " " ? "space" : k)).join(", ")) +
  (table.fromFile.has(b.action) ? ` ${FROM_FILE}` : "");

/** A section's title, with the key that opens its context now ("no key" when the file unbound it). */
function title(s: Section, keymap: Keymap): string {
  if (s.opener === undefined) return s.title;
  const key = keymap.editor.bindings.find((b) => b.action === s.opener)?.keys[0] ?? `no key: [${s.opener}]`;
  return s.title.includes("(") ? `${s.title}, ${key}):` : `${s.title} (${key}):`;
}

/** Every context's rows, the keys column as wide as the widest keys shown. */
function sections(keymap: Keymap): string[] {
  const tables = SECTIONS.map((s) => ({ ...s, table: keymap[s.context] as KeyTable<string> }));
  const shown = (t: KeyTable<string>) => t.bindings.filter((b) => b.help !== "");
  const width = Math.max(...tables.flatMap((t) => shown(t.table).map((b) => label(b, t.table).length)));
  return tables.flatMap((t, n) => [
    ...(n > 0 ? [""] : []),
    title(t, keymap),
    ...shown(t.table).map((b) => `${label(b, t.table).padEnd(width)}  ${b.help}  [${actionName(t.context, b.action)}]`),
  ]);
}

/** /hotkeys for `keymap`; `file`: the keybindings.json it was read from; `vim`: vim mode is on (its keys too). */
export function hotkeysText(keymap: Keymap, file: string | undefined, vim = false): string {
  const fromFile = Object.values(keymap).some((t: KeyTable<string>) => t.fromFile.size > 0);
  return [
    ...sections(keymap),
    "",
    ...(vim ? [...VIM_KEY_HELP, ""] : ["Vim mode: off (/vim turns it on)", ""]),
    "!cmd runs a shell command; !!cmd runs it without sending the output to the model.",
    "Mouse: in the transcript view a click moves the cursor, a click on a ▸ line or in the gutter folds " +
      "or unfolds that block, a drag copies the text it covers, the wheel scrolls. The live screen " +
      "leaves the mouse to the terminal, so its own selection works there.",
    `Rebind keys in ${file ?? "$AGENT_TUI_HOME/keybindings.json"} by the names in brackets: ` +
      '{"open_transcript": ["ctrl+g"]}; [] unbinds.' +
      (fromFile ? ` Keys marked ${FROM_FILE} come from that file.` : ""),
  ].join("\n");
}
