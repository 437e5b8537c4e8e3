// The open dialog as a live worker publishes it in its registry entry's `status.dialog`
// (docs/protocol-notes.md, "Live sessions"): enough for the fleet view to answer it faithfully
// from its list, or to know that it cannot. A permission-gate question carries its `diff`, the
// gate's "Edit, then allow" editor its `prefill` (the file's new text, which the answer writes):
// both are capped, and a dialog that had to be cut anywhere says so with `cut`, so a reader
// never answers a question it could not show whole, nor submits a shortened file text.
import { isObject } from "../../protocol/decode/result.js";
import { visibleLine, visibleText } from "../../protocol/terminal-text.js";
import type { WireEvent } from "../runtime/wire-events.js";

export type DialogMethod = "select" | "confirm" | "input" | "editor";

export interface LiveDialog {
  id: string;
  method: DialogMethod;
  title: string;
  message?: string;
  options?: string[];
  /** A select's change asked about (the permission gate's edit), control characters made visible. */
  diff?: string;
  /** An editor's initial text, verbatim: the answer is written back as it is. */
  prefill?: string;
  /** Something was too long for the entry and left out or shortened: answer it in the session. */
  cut?: true;
}

export const DIALOG_METHODS: readonly string[] = ["select", "confirm", "input", "editor"];
const MAX_TITLE = 400;
const MAX_MESSAGE = 1000;
const MAX_OPTIONS = 20;
const MAX_OPTION = 120;
/** What a diff or a prefill may take of the entry, which is rewritten up to twice a second. */
export const MAX_DIALOG_TEXT_BYTES = 64 * 1024;
export const MAX_DIALOG_TEXT_LINES = 500;

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** A long text is published only when it fits whole: half a file is worse than none. */
function fitsWhole(text: string): boolean {
  if (Buffer.byteLength(text, "utf8") > MAX_DIALOG_TEXT_BYTES) return false;
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) if (++lines > MAX_DIALOG_TEXT_LINES) break;
  return lines <= MAX_DIALOG_TEXT_LINES;
}

/** `text` made visible and plain, cut at `max` characters; `cut` says whether it was. */
function shortened(text: string, max: number, oneRow: boolean): { text: string; cut: boolean } {
  const plain = oneRow ? visibleLine(text).replace(/\s+/g, " ").trim() : visibleText(text).replace(/\t/g, " ").trim();
  return plain.length > max ? { text: `${plain.slice(0, max - 1)}…`, cut: true } : { text: plain, cut: false };
}

/** The dialog an `extension_ui_request` frame opens, as the entry publishes it; undefined for others. */
export function dialogOf(frame: WireEvent): LiveDialog | undefined {
  const method = str(frame["method"]);
  if (!DIALOG_METHODS.includes(method)) return undefined;
  const title = shortened(str(frame["title"]), MAX_TITLE, false);
  const dialog: LiveDialog = { id: str(frame["id"]), method: method as DialogMethod, title: title.text };
  let cut = title.cut;
  const message = str(frame["message"]);
  if (message !== "") {
    const m = shortened(message, MAX_MESSAGE, false);
    dialog.message = m.text;
    cut ||= m.cut;
  }
  const options = frame["options"];
  if (Array.isArray(options)) {
    const shown = options.slice(0, MAX_OPTIONS).map((o) => shortened(str(o), MAX_OPTION, true));
    dialog.options = shown.map((o) => o.text);
    cut ||= options.length > MAX_OPTIONS || shown.some((o) => o.cut);
  }
  const diff = str(frame["diff"]);
  if (method === "select" && diff !== "") {
    if (fitsWhole(diff)) dialog.diff = visibleText(diff);
    else cut = true;
  }
  if (method === "editor") {
    const prefill = str(frame["prefill"]);
    if (fitsWhole(prefill)) dialog.prefill = prefill;
    else cut = true;
  }
  if (cut) dialog.cut = true;
  return dialog;
}

/** A dialog read back from an entry another worker version wrote: the fields that fit. */
export function decodeLiveDialog(d: unknown): LiveDialog | undefined {
  if (!isObject(d) || typeof d["id"] !== "string" || !DIALOG_METHODS.includes(str(d["method"]))) return undefined;
  const dialog: LiveDialog = { id: d["id"], method: d["method"] as DialogMethod, title: str(d["title"]) };
  if (typeof d["message"] === "string") dialog.message = d["message"];
  if (Array.isArray(d["options"])) dialog.options = d["options"].map(str);
  if (typeof d["diff"] === "string") dialog.diff = d["diff"];
  if (typeof d["prefill"] === "string") dialog.prefill = d["prefill"];
  if (d["cut"] === true) dialog.cut = true;
  return dialog;
}
