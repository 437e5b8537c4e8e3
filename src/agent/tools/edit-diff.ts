// Applies exact-text edits to LF-normalised content and renders the change as the
// line-numbered diff pi's edit tool reports in `details.diff` ("+12 new", "-12 old",
// " 12 context", "    ..." for skipped lines), plus the first changed line of the new file.

export interface TextEdit {
  oldText: string;
  newText: string;
}

/** A block of whole lines replaced by another block (0-based line indexes). */
interface LineChange {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

export interface AppliedEdits {
  newContent: string;
  diff: string;
  firstChangedLine: number | undefined;
}

const DIFF_CONTEXT_LINES = 4;

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

function countNewlines(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/**
 * Loose form of a text for the "near match" hint: each line trimmed, typographic quotes,
 * dashes and odd spaces made ASCII. Line count is preserved so an index maps to a line.
 */
function loosen(text: string): string {
  return text
    .normalize("NFKC")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, " ");
}

/** A hint pointing at a near match, so the model re-reads instead of guessing again. */
function nearMatchHint(content: string, oldText: string): string {
  const needle = loosen(oldText);
  if (needle.trim() === "") return "";
  const at = loosen(content).indexOf(needle);
  if (at === -1) return "";
  const line = countNewlines(loosen(content), 0, at) + 1;
  return (
    " A near match (differing in indentation, trailing whitespace or quote/dash characters) " +
    `starts at line ${line}: read the file and copy the text exactly.`
  );
}

function label(total: number, index: number, single: string): string {
  return total === 1 ? single : `edits[${index}]`;
}

/** All edits match the original content (not each other's results), each exactly once, without overlap. */
export function applyEdits(content: string, edits: readonly TextEdit[], path: string): AppliedEdits {
  if (edits.length === 0) throw new Error("Edit tool input is invalid. edits must contain at least one replacement.");
  const normalized = edits.map((e) => ({
    oldText: e.oldText.replace(/\r\n/g, "\n"),
    newText: e.newText.replace(/\r\n/g, "\n"),
  }));
  const matches = normalized.map((edit, index) => {
    if (edit.oldText.length === 0)
      throw new Error(`${label(edits.length, index, "oldText")} must not be empty in ${path}.`);
    const at = content.indexOf(edit.oldText);
    if (at === -1) {
      const what = edits.length === 1 ? "the exact text" : `edits[${index}]`;
      throw new Error(
        `Could not find ${what} in ${path}. ` +
          "The oldText must match exactly including all whitespace and newlines." +
          nearMatchHint(content, edit.oldText),
      );
    }
    const occurrences = countOccurrences(content, edit.oldText);
    if (occurrences > 1) {
      const what = edits.length === 1 ? "the text" : `edits[${index}]`;
      throw new Error(
        `Found ${occurrences} occurrences of ${what} in ${path}. ` +
          "The oldText must be unique. Please provide more context to make it unique.",
      );
    }
    return { index, at, end: at + edit.oldText.length, ...edit };
  });
  matches.sort((a, b) => a.at - b.at);
  for (let i = 1; i < matches.length; i++) {
    const prev = matches[i - 1];
    const cur = matches[i];
    if (prev !== undefined && cur !== undefined && prev.end > cur.at) {
      throw new Error(
        `edits[${prev.index}] and edits[${cur.index}] overlap in ${path}. ` +
          "Merge them into one edit or target disjoint regions.",
      );
    }
  }
  let newContent = "";
  let cursor = 0;
  const changes: LineChange[] = [];
  let lineDelta = 0;
  for (const m of matches) {
    newContent += content.slice(cursor, m.at) + m.newText;
    cursor = m.end;
    // The change covers every line the old text touches; the new block has the same lines
    // plus the difference in newlines between the texts. An old text that ends its line replaced
    // by one that does not: the new text's last line runs on into the line that followed, which
    // is changed too (or, at the end of the file, is a line of its own).
    const oldStart = countNewlines(content, 0, m.at);
    const touched = countNewlines(content, 0, m.end - 1) + 1 - oldStart;
    const runsOn = m.oldText.endsWith("\n") && !m.newText.endsWith("\n");
    const oldCount = touched + (runsOn && m.end < content.length ? 1 : 0);
    const newCount = runsOn
      ? countNewlines(m.newText) + 1
      : touched + countNewlines(m.newText) - countNewlines(m.oldText);
    changes.push({ oldStart, oldCount, newStart: oldStart + lineDelta, newCount });
    lineDelta += newCount - oldCount;
  }
  newContent += content.slice(cursor);
  if (newContent === content) {
    throw new Error(`No changes made to ${path}. The replacement produced identical content.`);
  }
  const oldLines = fileLines(content);
  const newLines = fileLines(newContent);
  // A block never reaches past a file's last line (a new text ending the file without a newline).
  const inFile = mergeChanges(changes).map((c) => ({
    ...c,
    oldCount: Math.min(c.oldCount, oldLines.length - c.oldStart),
    newCount: Math.min(c.newCount, newLines.length - c.newStart),
  }));
  const { diff, firstChangedLine } = renderLineDiff(oldLines, newLines, inFile);
  return { newContent, diff, firstChangedLine };
}

/**
 * The lines of a file: the newline that ends the last line does not start another one, so a
 * diff's context never ends in an empty numbered line that is not in the file (pi drops it too).
 */
function fileLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Joins changes that share a line (two edits on one line) into one block. */
function mergeChanges(changes: LineChange[]): LineChange[] {
  const merged: LineChange[] = [];
  for (const c of changes) {
    const last = merged[merged.length - 1];
    if (last !== undefined && c.oldStart < last.oldStart + last.oldCount) {
      const oldEnd = Math.max(last.oldStart + last.oldCount, c.oldStart + c.oldCount);
      const newEnd = c.newStart + c.newCount;
      last.oldCount = oldEnd - last.oldStart;
      last.newCount = newEnd - last.newStart;
    } else {
      merged.push({ ...c });
    }
  }
  return merged;
}

/** Drops unchanged lines at both ends of a block (an edit that includes a whole unchanged line). */
function trimUnchanged(oldLines: string[], newLines: string[], c: LineChange): LineChange {
  let { oldStart, oldCount, newStart, newCount } = c;
  while (oldCount > 0 && newCount > 0 && oldLines[oldStart] === newLines[newStart]) {
    oldStart++;
    newStart++;
    oldCount--;
    newCount--;
  }
  while (oldCount > 0 && newCount > 0 && oldLines[oldStart + oldCount - 1] === newLines[newStart + newCount - 1]) {
    oldCount--;
    newCount--;
  }
  return { oldStart, oldCount, newStart, newCount };
}

export function renderLineDiff(
  oldLines: string[],
  newLines: string[],
  rawChanges: LineChange[],
  context = DIFF_CONTEXT_LINES,
): { diff: string; firstChangedLine: number | undefined } {
  const changes = rawChanges
    .map((c) => trimUnchanged(oldLines, newLines, c))
    .filter((c) => c.oldCount > 0 || c.newCount > 0);
  const width = String(Math.max(oldLines.length, newLines.length)).length;
  const num = (n: number): string => String(n).padStart(width, " ");
  const skipped = ` ${"".padStart(width, " ")} ...`;
  const out: string[] = [];
  const contextLine = (i: number): void => {
    out.push(` ${num(i + 1)} ${oldLines[i] ?? ""}`);
  };
  let shownUpTo = 0; // old line index after the last line printed
  changes.forEach((c, k) => {
    const gapStart = k === 0 ? Math.max(0, c.oldStart - context) : shownUpTo;
    if (k > 0) {
      const gap = c.oldStart - shownUpTo;
      if (gap > context * 2) {
        for (let i = shownUpTo; i < shownUpTo + context; i++) contextLine(i);
        out.push(skipped);
        for (let i = c.oldStart - context; i < c.oldStart; i++) contextLine(i);
      } else {
        for (let i = shownUpTo; i < c.oldStart; i++) contextLine(i);
      }
    } else {
      if (gapStart > 0) out.push(skipped);
      for (let i = gapStart; i < c.oldStart; i++) contextLine(i);
    }
    for (let i = 0; i < c.oldCount; i++) out.push(`-${num(c.oldStart + i + 1)} ${oldLines[c.oldStart + i] ?? ""}`);
    for (let i = 0; i < c.newCount; i++) out.push(`+${num(c.newStart + i + 1)} ${newLines[c.newStart + i] ?? ""}`);
    shownUpTo = c.oldStart + c.oldCount;
  });
  const last = changes[changes.length - 1];
  if (last !== undefined) {
    const tailEnd = Math.min(oldLines.length, shownUpTo + context);
    for (let i = shownUpTo; i < tailEnd; i++) contextLine(i);
    if (tailEnd < oldLines.length) out.push(skipped);
  }
  const first = changes[0];
  return { diff: out.join("\n"), firstChangedLine: first === undefined ? undefined : first.newStart + 1 };
}
