// The grammar of a normal- or visual-mode command, read from its keys so far: [count] then a
// motion, an operator (d c y) with [count] and a motion, a text object or itself again (dd),
// or a command of its own (x p u i …). Incomplete keys wait for more; invalid ones are dropped.
import { FIND_KEYS, MOTION_KEYS, type Motion } from "./motions.js";
import { isObjectChar } from "./text-objects.js";

export type Operator = "d" | "c" | "y";

export type Target =
  | { kind: "motion"; motion: Motion }
  | { kind: "object"; around: boolean; char: string }
  /** The operator doubled (dd cc yy): whole lines. */
  | { kind: "line" };

export type Command =
  | { kind: "motion"; count: number | undefined; motion: Motion }
  | { kind: "operator"; count: number | undefined; op: Operator; target: Target }
  /** Visual mode's i or a with an object: select it. */
  | { kind: "select"; around: boolean; char: string }
  | { kind: "simple"; count: number | undefined; key: string; char?: string };

export type Parsed = Command | "incomplete" | "invalid";

/** Commands of one key. In visual mode d c y x s act on the selection (no motion follows). */
const NORMAL_SIMPLE = new Set([..."xXpPuiaIAoOvV.", ..."DCYsSJ~", "ctrl+r"]);
const VISUAL_SIMPLE = new Set(["d", "c", "y", "x", "X", "s", "S", "D", "C", "Y", "o", "v", "V", "J", "~", "p"]);
const OPERATORS = new Set<string>(["d", "c", "y"]);

/** Reads a count at `i` (a leading 0 is the motion 0, not a count). */
function readCount(keys: readonly string[], i: number): { count: number | undefined; next: number } {
  let j = i;
  let digits = "";
  while (j < keys.length && /^[0-9]$/.test(keys[j] as string) && !(digits === "" && keys[j] === "0")) {
    digits += keys[j];
    j += 1;
  }
  return { count: digits === "" ? undefined : Number(digits), next: j };
}

/** A motion at `keys[i]`: g needs g, f t F T a character. */
function readMotion(keys: readonly string[], i: number): Motion | "incomplete" | "invalid" {
  const key = keys[i];
  if (key === undefined) return "incomplete";
  if (key === "g") {
    if (keys[i + 1] === undefined) return "incomplete";
    return keys[i + 1] === "g" ? { key: "gg" } : "invalid";
  }
  if (FIND_KEYS.has(key)) {
    const char = keys[i + 1];
    return char === undefined ? "incomplete" : char.length === 1 ? { key, char } : "invalid";
  }
  return MOTION_KEYS.has(key) || key === "backspace" || key === " " ? { key } : "invalid";
}

/** Multiplies two counts as vim does (2d3w deletes six words); undefined when neither was typed. */
const times = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined && b === undefined ? undefined : (a ?? 1) * (b ?? 1);

function readOperator(keys: readonly string[], i: number, op: Operator, first: number | undefined): Parsed {
  const { count: second, next } = readCount(keys, i);
  const count = times(first, second);
  const key = keys[next];
  if (key === undefined) return "incomplete";
  if (key === op) return { kind: "operator", count, op, target: { kind: "line" } };
  if (key === "i" || key === "a") {
    const char = keys[next + 1];
    if (char === undefined) return "incomplete";
    return isObjectChar(char)
      ? { kind: "operator", count, op, target: { kind: "object", around: key === "a", char } }
      : "invalid";
  }
  const motion = readMotion(keys, next);
  return typeof motion === "string" ? motion : { kind: "operator", count, op, target: { kind: "motion", motion } };
}

/** The command `keys` spell so far, in normal mode or (`visual`) visual mode. */
export function parseCommand(keys: readonly string[], visual: boolean): Parsed {
  const { count, next } = readCount(keys, 0);
  const key = keys[next];
  if (key === undefined) return "incomplete";
  if (visual && (key === "i" || key === "a")) {
    const char = keys[next + 1];
    if (char === undefined) return "incomplete";
    return isObjectChar(char) ? { kind: "select", around: key === "a", char } : "invalid";
  }
  if (visual && VISUAL_SIMPLE.has(key)) return { kind: "simple", count, key };
  if (!visual && OPERATORS.has(key)) return readOperator(keys, next + 1, key as Operator, count);
  if (!visual && key === "r") {
    const char = keys[next + 1];
    if (char === undefined) return "incomplete";
    return char.length === 1 ? { kind: "simple", count, key, char } : "invalid";
  }
  if (!visual && NORMAL_SIMPLE.has(key)) return { kind: "simple", count, key };
  const motion = readMotion(keys, next);
  return typeof motion === "string" ? motion : { kind: "motion", count, motion };
}
