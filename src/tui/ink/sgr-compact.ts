// Fewer bytes for the same styled row: agent-tui's styling (chalk, the highlighter) opens and
// closes every attribute around every token, so a highlighted code row spends as many bytes on
// escape sequences as on text. This rewrites a row's SGR sequences as the minimal changes
// between the styles its text needs, merged into one sequence each, and lets a run of spaces
// keep whatever foreground colour is current (a space shows no foreground). The row's cells
// look exactly as before (test/tui/sgr-compact.test.ts compares them in a headless xterm).
import { ESC, sgrLength, sgrParams } from "../../bridge/index.js";

type Attribute =
  | "bold"
  | "dim"
  | "italic"
  | "underline"
  | "inverse"
  | "strike"
  | "foreground"
  | "background"
  | "hidden";
const RESET: Record<Attribute, string> = {
  bold: "22",
  dim: "22",
  italic: "23",
  underline: "24",
  inverse: "27",
  strike: "29",
  foreground: "39",
  background: "49",
  hidden: "28",
};

function attributeOf(code: number): Attribute | undefined {
  if (code === 1) return "bold";
  if (code === 2) return "dim";
  if (code === 3 || code === 23) return "italic";
  if (code === 4 || code === 24) return "underline";
  if (code === 7 || code === 27) return "inverse";
  if (code === 8 || code === 28) return "hidden";
  if (code === 9 || code === 29) return "strike";
  if ((code >= 30 && code <= 39) || (code >= 90 && code <= 97)) return "foreground";
  if ((code >= 40 && code <= 49) || (code >= 100 && code <= 107)) return "background";
  return undefined;
}

/** The styles in effect: each attribute set, with the SGR code(s) that set it. */
export type SgrStyles = Map<Attribute, string>;

/** Apply one SGR parameter list to `styles`; false when it holds something this does not model. */
export function applySgr(styles: SgrStyles, params: string): boolean {
  // Colon sub-parameters (38:2::r:g:b, 4:3 for a curly underline) are not modelled.
  if (params.includes(":")) return false;
  const codes = params === "" ? ["0"] : params.split(";");
  for (let i = 0; i < codes.length; i++) {
    const code = Number(codes[i]);
    if (code === 0) {
      styles.clear();
      continue;
    }
    if (code === 38 || code === 48) {
      // 38;5;n or 38;2;r;g;b: the colour is the following numbers.
      const length = codes[i + 1] === "5" ? 3 : codes[i + 1] === "2" ? 5 : 0;
      if (length === 0 || i + length > codes.length) return false;
      styles.set(code === 38 ? "foreground" : "background", codes.slice(i, i + length).join(";"));
      i += length - 1;
      continue;
    }
    if (code === 22) {
      styles.delete("bold");
      styles.delete("dim");
      continue;
    }
    const attribute = attributeOf(code);
    if (attribute === undefined) return false;
    if (RESET[attribute] === String(code)) styles.delete(attribute);
    else styles.set(attribute, String(code));
  }
  return true;
}

/** Attributes a space shows: with none of them, a space looks the same in any foreground. */
const VISIBLE_ON_SPACE: readonly Attribute[] = ["underline", "inverse", "strike", "background"];

/** `row` with the fewest SGR bytes that style its cells the same; `row` itself when it holds other escapes. */
export function compactSgr(row: string): string {
  if (!row.includes(ESC)) return row;
  const want = new Map<Attribute, string>();
  const have = new Map<Attribute, string>();
  let out = "";
  /** Styles as `want` says, then `text`; the last call (`text` undefined) matches them exactly. */
  const emit = (text: string | undefined): void => {
    if (text === "") return;
    const spaces = text !== undefined && /^ +$/.test(text) && !VISIBLE_ON_SPACE.some((a) => want.has(a) || have.has(a));
    const params: string[] = [];
    for (const attribute of [...have.keys()]) {
      if (want.has(attribute) || (spaces && attribute === "foreground") || !have.has(attribute)) continue;
      params.push(RESET[attribute]);
      have.delete(attribute);
      // Bold and dim share their reset: both go, and the one still wanted is set again below.
      if (attribute === "bold" || attribute === "dim") {
        have.delete("bold");
        have.delete("dim");
      }
    }
    for (const [attribute, code] of want) {
      if (have.get(attribute) === code || (spaces && attribute === "foreground")) continue;
      params.push(code);
      have.set(attribute, code);
    }
    if (params.length > 0) out += `${ESC}[${params.join(";")}m`;
    out += text ?? "";
  };
  let last = 0;
  for (let at = row.indexOf(ESC); at !== -1; at = row.indexOf(ESC, last)) {
    emit(row.slice(last, at));
    // Any other sequence, or SGR this does not model, leaves the row as it is.
    const length = sgrLength(row, at);
    if (length === 0 || !applySgr(want, sgrParams(row.slice(at, at + length)))) return row;
    last = at + length;
  }
  emit(row.slice(last));
  emit(undefined);
  return out;
}
