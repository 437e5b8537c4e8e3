// The text of /hotkeys: the keys in force in every context, each row with the action's name as
// keybindings.json takes it, and a mark on the keys that come from that file.
import { actionName } from "../input/keybindings-parse.js";
import type { Binding, KeyContext, Keymap, KeyTable } from "../input/keymap.js";
import { fleetKeyHelp } from "../input/fleet-keymap.js";
import { reviewKeyHelp } from "../input/review-keymap.js";
import { VIM_KEY_HELP } from "../input/vim-help.js";

const FROM_FILE = "*";

const SECTIONS: ReadonlyArray<{ context: KeyContext; title: string }> = [
  { context: "editor", title: "Keyboard shortcuts:" },
  { context: "view", title: "In the transcript view" },
  { context: "picker", title: "In a picker (/model, /resume, /tree, /settings…; type to search):" },
  { context: "dialog", title: "In a question from the agent (select, confirm, text):" },
];

const label = (b: Binding<string>, table: KeyTable<string>): string =>
  (b.keys.length === 0 ? "(none)" : b.keys.map((k) => (k === " " ? "space" : k)).join(", ")) +
  (table.fromFile.has(b.action) ? ` ${FROM_FILE}` : "");

/** The key that opens the transcript view now, for its section's title. */
const viewKey = (keymap: Keymap): string =>
  keymap.editor.bindings.find((b) => b.action === "open_transcript")?.keys[0] ?? "no key: [open_transcript]";

/** Every context's rows, the keys column as wide as the widest keys shown. */
function sections(keymap: Keymap): string[] {
  const tables = SECTIONS.map((s) => ({ ...s, table: keymap[s.context] as KeyTable<string> }));
  const shown = (t: KeyTable<string>) => t.bindings.filter((b) => b.help !== "");
  const width = Math.max(...tables.flatMap((t) => shown(t.table).map((b) => label(b, t.table).length)));
  return tables.flatMap((t, n) => [
    ...(n > 0 ? [""] : []),
    t.context === "view" ? `${t.title} (${viewKey(keymap)}):` : t.title,
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
    "In the review of changes (/diff; these keys are not rebindable yet):",
    ...reviewKeyHelp(),
    "",
    "In the fleet view (/fleet, ctrl+x, agent-tui fleet; not rebindable yet):",
    ...fleetKeyHelp(),
    "",
    "!cmd runs a shell command; !!cmd runs it without sending the output to the model.",
    "Mouse: in the transcript view a click moves the cursor, a click on a ▸ line or in the gutter folds " +
      "or unfolds that block, a drag copies the text it covers, the wheel scrolls. The live screen " +
      "leaves the mouse to the terminal, so its own selection works there.",
    `Rebind keys in ${file ?? "$AGENT_TUI_HOME/keybindings.json"} by the names in brackets: ` +
      '{"open_transcript": ["ctrl+g"]}; [] unbinds.' +
      (fromFile ? ` Keys marked ${FROM_FILE} come from that file.` : ""),
  ].join("\n");
}
