// Ink 6.8's useInput throws on a function-key sequence it cannot name when Ctrl is held (Ctrl+F13
// is ESC[25;5~): parse-keypress leaves the name undefined and useInput calls `.startsWith` on
// it, so one such key took the whole app down. No key the keymap knows is among them, so they
// are dropped before Ink's input listeners see them; everything else passes untouched.
import type { EventEmitter } from "node:events";

/** Ink's fnKeyRe (parse-keypress.js), which decides that a sequence is a function key. */
const FN_KEY = /^(?:\u001b+)(O|N|\[|\[\[)(?:(\d+)(?:;(\d+))?([~^$])|(?:1;)?(\d+)?([a-zA-Z]))/;
/** Ink's kitty form (CSI code;mods u), parsed before FN_KEY and always named. */
const KITTY = /^\u001b\[\d+(?:;\d+(?::\d+)?(?:;[\d:]+)?)?u$/;
/** The codes Ink names (the keys of its keyName table). */
const NAMED = new Set([
  "OP",
  "OQ",
  "OR",
  "OS",
  "[11~",
  "[12~",
  "[13~",
  "[14~",
  "[[A",
  "[[B",
  "[[C",
  "[[D",
  "[[E",
  "[15~",
  "[17~",
  "[18~",
  "[19~",
  "[20~",
  "[21~",
  "[23~",
  "[24~",
  "[A",
  "[B",
  "[C",
  "[D",
  "[E",
  "[F",
  "[H",
  "OA",
  "OB",
  "OC",
  "OD",
  "OE",
  "OF",
  "OH",
  "[1~",
  "[2~",
  "[3~",
  "[4~",
  "[5~",
  "[6~",
  "[[5~",
  "[[6~",
  "[7~",
  "[8~",
  "[a",
  "[b",
  "[c",
  "[d",
  "[e",
  "[2$",
  "[3$",
  "[5$",
  "[6$",
  "[7$",
  "[8$",
  "Oa",
  "Ob",
  "Oc",
  "Od",
  "Oe",
  "[2^",
  "[3^",
  "[5^",
  "[6^",
  "[7^",
  "[8^",
  "[Z",
]);

/** True for a sequence that makes Ink's useInput throw: a Ctrl-modified function key it does not name. */
export function crashesInkInput(input: string): boolean {
  if (KITTY.test(input)) return false;
  const m = FN_KEY.exec(input);
  if (!m) return false;
  const code = [m[1], m[2], m[4], m[6]].filter(Boolean).join("");
  const modifier = Number(m[3] || m[5] || 1) - 1;
  return (modifier & 4) !== 0 && !NAMED.has(code);
}

/** Drop such sequences from Ink's input events; returns the undo. */
export function guardInkInput(events: EventEmitter): () => void {
  const emit = events.emit;
  const guarded: typeof emit = function (this: EventEmitter, name, ...args) {
    if (name === "input" && typeof args[0] === "string" && crashesInkInput(args[0])) return false;
    return emit.call(this, name, ...args);
  };
  events.emit = guarded;
  return () => {
    if (events.emit === guarded) events.emit = emit;
  };
}
