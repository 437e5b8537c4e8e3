// The vim engine, table-driven on a multi-line prompt: keys in, text and cursor out (`|` marks
// the cursor). Every expectation is written by hand from vim's behaviour.
import { describe, expect, it } from "vitest";
import { marked, press } from "./vim-keys-helper.js";

/** Three lines: words, punctuation, quotes and brackets; line 2 is indented. */
const L1 = 'fix the bug(s) in "parser.ts" now';
const L2 = "  then run [all] tests";
const L3 = "and {report} back";
/** The three lines with the cursor at `offset` of line `line` (0-based). */
function at(line: number, offset: number): string {
  const lines = [L1, L2, L3];
  lines[line] = `${lines[line]?.slice(0, offset)}|${lines[line]?.slice(offset)}`;
  return lines.join("\n");
}
const withLines = (...lines: string[]): string => lines.join("\n");

type Row = [name: string, start: string, keys: string, expected: string];

const MOTIONS: Row[] = [
  ["l", at(0, 0), "l", at(0, 1)],
  ["3l", at(0, 0), "3l", at(0, 3)],
  ["l stops at the line's last character", at(0, 32), "5l", at(0, 32)],
  ["h", at(0, 4), "h", at(0, 3)],
  ["h stops at the line's start", at(1, 2), "9h", at(1, 0)],
  ["j keeps the column", at(0, 4), "j", at(1, 4)],
  ["2j", at(0, 4), "2j", at(2, 4)],
  ["j to a shorter line ends on its last character", withLines("long line|", "ab"), "j", withLines("long line", "a|b")],
  ["k", at(2, 6), "k", at(1, 6)],
  [
    "j and k keep the column through a shorter line",
    withLines("abcdef|g", "ab", "abcdefgh"),
    "jj",
    withLines("abcdefg", "ab", "abcdef|gh"),
  ],
  ["$ then j goes to each line's end", withLines("|ab", "abcd", "a"), "$j", withLines("ab", "abc|d", "a")],
  [
    "another motion forgets the column",
    withLines("abcdef|g", "ab", "abcdefgh"),
    "jhj",
    withLines("abcdefg", "ab", "|abcdefgh"),
  ],
  ["w", at(0, 0), "w", at(0, 4)],
  ["w stops at punctuation", at(0, 8), "w", at(0, 11)],
  ["3w", at(0, 0), "3w", at(0, 11)],
  ["w crosses a line break", at(0, 30), "w", at(1, 2)],
  ["W skips punctuation", at(0, 8), "W", at(0, 15)],
  ["e", at(0, 0), "e", at(0, 2)],
  ["2e", at(0, 0), "2e", at(0, 6)],
  ["E", at(0, 15), "E", at(0, 16)],
  ["b", at(0, 6), "b", at(0, 4)],
  ["b from a line's start goes to the line above", at(1, 2), "b", at(0, 30)],
  ["B", at(0, 18), "B", at(0, 15)],
  ["2B", at(0, 30), "2B", at(0, 15)],
  ["0", at(1, 10), "0", at(1, 0)],
  ["^", at(1, 10), "^", at(1, 2)],
  ["$", at(1, 3), "$", at(1, 21)],
  ["2$ ends on the next line", at(0, 3), "2$", at(1, 21)],
  ["gg", at(2, 5), "gg", at(0, 0)],
  ["2gg goes to line 2's first non-blank", at(0, 5), "2gg", at(1, 2)],
  ["G", at(0, 5), "G", at(2, 0)],
  ["2G", at(2, 5), "2G", at(1, 2)],
  ["f", at(0, 0), "fb", at(0, 8)],
  ["2f", at(0, 0), "2fs", at(0, 22)],
  ["t", at(0, 0), "tb", at(0, 7)],
  ["F", at(0, 20), "Fb", at(0, 8)],
  ["T", at(0, 20), "Tb", at(0, 9)],
  ["; repeats f", at(0, 0), "ft;", at(0, 26)],
  [", repeats f backwards", at(0, 0), "ft;,", at(0, 4)],
  ["f finds the first on the line", at(0, 0), "fa", at(0, 20)],
  ["f does not cross lines", at(0, 0), "fk", at(0, 0)],
  ["f with no match stays", at(0, 0), "fz", at(0, 0)],
];

const OPERATORS: Row[] = [
  ["dw", at(0, 4), "dw", withLines('fix |bug(s) in "parser.ts" now', L2, L3)],
  ["d2w", at(0, 0), "d2w", withLines('|bug(s) in "parser.ts" now', L2, L3)],
  ["2dw", at(0, 0), "2dw", withLines('|bug(s) in "parser.ts" now', L2, L3)],
  [
    "dw on a line's last word stops at the line's end",
    at(0, 30),
    "dw",
    withLines('fix the bug(s) in "parser.ts"| ', L2, L3),
  ],
  ["de", at(0, 4), "de", withLines('fix | bug(s) in "parser.ts" now', L2, L3)],
  ["db", at(0, 8), "db", withLines('fix |bug(s) in "parser.ts" now', L2, L3)],
  ["d$", at(0, 14), "d$", withLines("fix the bug(s|)", L2, L3)],
  ["D", at(2, 4), "D", withLines(L1, L2, "and| ")],
  ["d0", at(1, 7), "d0", withLines(L1, "|run [all] tests", L3)],
  ["d^", at(1, 7), "d^", withLines(L1, "  |run [all] tests", L3)],
  ["dt", at(0, 0), "dt(", withLines('|(s) in "parser.ts" now', L2, L3)],
  ["df", at(0, 0), "df(", withLines('|s) in "parser.ts" now', L2, L3)],
  ["dd", at(1, 5), "dd", withLines(L1, `|${L3}`)],
  ["dd on the last line", at(2, 5), "dd", withLines(L1, "  |then run [all] tests")],
  ["2dd", at(0, 5), "2dd", `|${L3}`],
  ["d2d", at(0, 5), "d2d", `|${L3}`],
  ["dj", at(0, 5), "dj", `|${L3}`],
  ["dk", at(2, 5), "dk", `|${L1}`],
  ["dG", at(1, 5), "dG", `|${L1}`],
  ["dgg", at(1, 5), "dgg", `|${L3}`],
  ["x", at(0, 0), "x", withLines('|ix the bug(s) in "parser.ts" now', L2, L3)],
  ["3x", at(0, 0), "3x", withLines('| the bug(s) in "parser.ts" now', L2, L3)],
  ["x at the line's end takes its last character", at(2, 16), "x", withLines(L1, L2, "and {report} ba|c")],
  ["X", at(0, 3), "X", withLines('fi| the bug(s) in "parser.ts" now', L2, L3)],
  ["cw changes to the word's end", at(0, 4), "cwa<esc>", withLines('fix |a bug(s) in "parser.ts" now', L2, L3)],
  ["c2w", at(0, 0), "c2wmend<esc>", withLines('men|d bug(s) in "parser.ts" now', L2, L3)],
  ["cc keeps the line", at(1, 5), "ccnew<esc>", withLines(L1, "ne|w", L3)],
  ["C", at(2, 4), "Cmore<esc>", withLines(L1, L2, "and mor|e")],
  ["s", at(0, 0), "sm<esc>", withLines('|mix the bug(s) in "parser.ts" now', L2, L3)],
  ["S", at(2, 4), "Sdone<esc>", withLines(L1, L2, "don|e")],
  ["yw then P", at(0, 4), "ywP", withLines('fix the| the bug(s) in "parser.ts" now', L2, L3)],
  ["yy then p puts the line below", at(0, 3), "yyjp", withLines(L1, L2, `|${L1}`, L3)],
  ["yy then P puts it above", at(2, 3), "yyP", withLines(L1, L2, `|${L3}`, L3)],
  ["Y is yy", at(2, 3), "YP", withLines(L1, L2, `|${L3}`, L3)],
  ["2yy then p", at(0, 3), "2yyGp", withLines(L1, L2, L3, `|${L1}`, L2)],
  ["3p", at(2, 0), "yl3p", withLines(L1, L2, "aaa|and {report} back")],
  ["dd then p moves a line down", at(0, 3), "ddp", withLines(L2, `|${L1}`, L3)],
  [
    "yiw then P: the cursor on the put text's last character",
    at(0, 6),
    "yiwP",
    withLines('fix th|ethe bug(s) in "parser.ts" now', L2, L3),
  ],
  ["J joins with one space, the indent dropped", at(0, 3), "J", withLines(`${L1}| then run [all] tests`, L3)],
  ["~", at(0, 0), "3~", withLines('FIX| the bug(s) in "parser.ts" now', L2, L3)],
  ["r", at(0, 0), "rF", withLines('|Fix the bug(s) in "parser.ts" now', L2, L3)],
  ["2r", at(0, 0), "2rX", withLines('X|Xx the bug(s) in "parser.ts" now', L2, L3)],
];

const TEXT_OBJECTS: Row[] = [
  ["diw", at(0, 5), "diw", withLines('fix | bug(s) in "parser.ts" now', L2, L3)],
  ["daw takes the space after", at(0, 5), "daw", withLines('fix |bug(s) in "parser.ts" now', L2, L3)],
  [
    "daw on the last word takes the space before",
    at(0, 31),
    "daw",
    withLines('fix the bug(s) in "parser.ts|"', L2, L3),
  ],
  ["ciw", at(0, 5), "ciwa<esc>", withLines('fix |a bug(s) in "parser.ts" now', L2, L3)],
  ['di"', at(0, 20), 'di"', withLines('fix the bug(s) in "|" now', L2, L3)],
  ['da"', at(0, 20), 'da"', withLines("fix the bug(s) in |now", L2, L3)],
  ['ci" from before the quotes', at(0, 0), 'ci"x.ts<esc>', withLines('fix the bug(s) in "x.t|s" now', L2, L3)],
  ["di(", at(0, 12), "di(", withLines('fix the bug(|) in "parser.ts" now', L2, L3)],
  ["da(", at(0, 12), "da(", withLines('fix the bug| in "parser.ts" now', L2, L3)],
  ["ci) on the bracket", at(0, 11), "ci)es<esc>", withLines('fix the bug(e|s) in "parser.ts" now', L2, L3)],
  ["dib", at(0, 12), "dib", withLines('fix the bug(|) in "parser.ts" now', L2, L3)],
  ["di[", at(1, 12), "di[", withLines(L1, "  then run [|] tests", L3)],
  ["da]", at(1, 12), "da]", withLines(L1, "  then run | tests", L3)],
  ["di{", at(2, 6), "di{", withLines(L1, L2, "and {|} back")],
  ["yiB then P", at(2, 6), "yiBP", withLines(L1, L2, "and {repor|treport} back")],
  ["di( across lines", withLines("call(a,", "  |b)"), "di(", withLines("call(|)")],
  ["di( outside any pair does nothing", at(2, 1), "di(", at(2, 1)],
  ["diW takes the quotes and the dot too", at(0, 20), "diW", withLines("fix the bug(s) in | now", L2, L3)],
  ["daW", at(0, 20), "daW", withLines("fix the bug(s) in |now", L2, L3)],
  ["ci'", "say 'a |b' ok", "ci'z<esc>", "say '|z' ok"],
  ["da` takes the space after", "run `ls |-l` now", "da`", "run |now"],
  ["di<", "a <b |c> d", "di<", "a <|> d"],
  ["da>", "a <b |c> d", "da>", "a | d"],
];

const INSERTING: Row[] = [
  ["i", at(0, 4), "inew <esc>", withLines('fix new| the bug(s) in "parser.ts" now', L2, L3)],
  ["a", at(0, 2), "a!<esc>", withLines('fix|! the bug(s) in "parser.ts" now', L2, L3)],
  ["I goes to the first non-blank", at(1, 10), "I- <esc>", withLines(L1, "  -| then run [all] tests", L3)],
  ["A", at(0, 0), "A?<esc>", withLines(`${L1}|?`, L2, L3)],
  ["o", at(0, 3), "onext<esc>", withLines(L1, "nex|t", L2, L3)],
  ["O", at(1, 3), "Oprev<esc>", withLines(L1, "pre|v", L2, L3)],
  ["esc moves back one, not past the line's start", at(1, 0), "i<esc>", at(1, 0)],
  ["a count types the text that many times", "|x", "3ihi<esc>", "hihih|ix"],
  ["3o opens three lines", "|x", "3oab<esc>", "x\nab\nab\na|b"],
  [". repeats the count with the text", "|x", "2A!<esc>.", "x!!!|!"],
];

const UNDO_AND_REPEAT: Row[] = [
  ["u undoes dw", at(0, 4), "dwu", at(0, 4)],
  ["u twice", at(0, 0), "xxuu", at(0, 0)],
  ["ctrl+r redoes", at(0, 0), "xxuu<C-r>", withLines('|ix the bug(s) in "parser.ts" now', L2, L3)],
  ["u undoes a whole insert, the cursor where it was", at(0, 0), "Aone two<esc>u", at(0, 32)],
  ["u undoes cw and its typing in one step", at(0, 4), "cwa<esc>u", at(0, 4)],
  ["a new change forgets the redo", at(0, 0), "xu~<C-r>", withLines('F|ix the bug(s) in "parser.ts" now', L2, L3)],
  [". repeats x", at(0, 0), "x..", withLines('| the bug(s) in "parser.ts" now', L2, L3)],
  [". repeats dw", at(0, 0), "dw.", withLines('|bug(s) in "parser.ts" now', L2, L3)],
  [". repeats a count", at(0, 0), "2x.", withLines('|the bug(s) in "parser.ts" now', L2, L3)],
  ["a count before . replaces it", at(0, 0), "x3.", withLines('|the bug(s) in "parser.ts" now', L2, L3)],
  [". repeats cw and its text", at(0, 0), "cwfix<esc>w.", withLines('fix fi|x bug(s) in "parser.ts" now', L2, L3)],
  [". repeats A on another line", at(0, 0), "A;<esc>j.", withLines(`${L1};`, `${L2}|;`, L3)],
  [". repeats dd", at(0, 0), "dd.", `|${L3}`],
  [". repeats p", at(2, 0), "ylp.", withLines(L1, L2, "aa|and {report} back")],
  ["u after . undoes the repeat only", at(0, 0), "x.u", withLines('|ix the bug(s) in "parser.ts" now', L2, L3)],
];

const VISUAL: Row[] = [
  ["v e y yanks the selection", at(0, 4), "veyP", withLines('fix th|ethe bug(s) in "parser.ts" now', L2, L3)],
  ["v e d deletes it", at(0, 4), "ved", withLines('fix | bug(s) in "parser.ts" now', L2, L3)],
  ["v backwards", at(0, 6), "vbd", withLines('fix | bug(s) in "parser.ts" now', L2, L3)],
  ["v across lines", at(0, 30), "vjd", withLines('fix the bug(s) in "parser.ts"| ', L3)],
  ["v o swaps the ends", at(0, 4), "veohd", withLines('fix| bug(s) in "parser.ts" now', L2, L3)],
  ["v i( selects inside", at(0, 12), "vi(d", withLines('fix the bug(|) in "parser.ts" now', L2, L3)],
  ["v c", at(0, 4), "vecTHE<esc>", withLines('fix TH|E bug(s) in "parser.ts" now', L2, L3)],
  ["v ~", at(0, 4), "ve~", withLines('fix |THE bug(s) in "parser.ts" now', L2, L3)],
  ["V d deletes whole lines", at(0, 3), "Vjd", `|${L3}`],
  ["V y then p puts lines", at(0, 3), "VyGp", withLines(L1, L2, L3, `|${L1}`)],
  ["esc leaves visual, nothing changed", at(0, 4), "ve<esc>", at(0, 6)],
  ["u undoes a visual delete", at(0, 4), "vedu", at(0, 4)],
];

describe("the vim engine on a multi-line prompt", () => {
  for (const [title, rows] of [
    ["motions", MOTIONS],
    ["operators and counts", OPERATORS],
    ["text objects", TEXT_OBJECTS],
    ["insert commands", INSERTING],
    ["undo, redo and .", UNDO_AND_REPEAT],
    ["visual mode", VISUAL],
  ] as const) {
    describe(title, () => {
      it.each(rows)("%s", (_name, start, keys, expected) => {
        expect(marked(press(start, keys).editor)).toBe(expected);
      });
    });
  }
});
