// A file dropped on the terminal arrives as pasted text: its path, as the terminal writes it.
// GNOME Terminal and kitty quote it ('/home/me/my shot.png'), iTerm2 and macOS Terminal escape
// spaces with backslashes (/Users/me/my\ shot.png), some send a file:// URI, and several files
// come as several words. This reads such a paste back into paths, or says it is not one.
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The words of `text` as a shell would split them: quotes group, a backslash escapes one character. */
function shellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (c === "\\" && i + 1 < text.length && (quote === undefined || /["\\$`]/.test(text[i + 1] ?? ""))) {
      word = (word ?? "") + text[i + 1];
      i += 1;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (quote !== undefined) return undefined;
  if (word !== undefined) words.push(word);
  return words;
}

/** A word that names a file: a path (absolute, ~/, ./, ../, a Windows drive) or a file:// URI. */
function pathOf(word: string, cwd: string): string | undefined {
  if (word.startsWith("file://")) {
    try {
      return fileURLToPath(word);
    } catch (error) {
      // A URI with a host or a bad escape names no file here.
      void error;
      return undefined;
    }
  }
  if (word === "~" || word.startsWith("~/")) return resolve(homedir(), word.slice(2));
  if (isAbsolute(word) || word.startsWith("./") || word.startsWith("../")) return resolve(cwd, word);
  return undefined;
}

/**
 * The files a paste names, when every word of it is a path (one line, at most 20 files), or
 * undefined when it is ordinary text. A Windows path keeps its backslashes.
 */
export function droppedPaths(text: string, cwd: string): string[] | undefined {
  const line = text.trim();
  if (line === "" || line.includes("\n") || line.length > 20 * 4096) return undefined;
  if (/^[A-Za-z]:\\/.test(line) || /^["'][A-Za-z]:\\/.test(line)) {
    const bare = line.replace(/^(["'])(.*)\1$/, "$2");
    return /["']/.test(bare) ? undefined : [bare];
  }
  const words = shellWords(line);
  if (words === undefined || words.length === 0 || words.length > 20) return undefined;
  const paths = words.map((w) => pathOf(w, cwd));
  return paths.every((p) => p !== undefined) ? (paths as string[]) : undefined;
}
