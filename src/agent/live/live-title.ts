// The title a live worker publishes in its registry entry and attach answer: what the session
// list shows for a finished session (its name, else its first prompt), so `sessions`, `-r` and
// the attach line can say which conversation a worker holds without attaching to it.
import type { SessionEntry } from "../session/types.js";
import { userMessageText } from "../session/context.js";

/** A title is one row in a table: longer first prompts are cut here, not in every reader. */
const MAX_TITLE_CHARS = 120;

export interface TitleSource {
  getName(): string | undefined;
  getEntries(): readonly SessionEntry[];
}

/** One row of text: whitespace runs (line breaks too) become one space, cut at MAX_TITLE_CHARS. */
export function titleRow(text: string): string {
  const row = text.replace(/\s+/g, " ").trim();
  return row.length > MAX_TITLE_CHARS ? `${row.slice(0, MAX_TITLE_CHARS - 1)}…` : row;
}

/**
 * A reader of the session's title. The first prompt is looked for once per entries array (a
 * switch or fork replaces the array), reading each entry at most once: the registry asks after
 * every command, and a long session has tens of thousands of entries.
 */
export function createTitleReader(source: TitleSource): () => string | undefined {
  let entries: readonly SessionEntry[] = [];
  let read = 0;
  let firstPrompt: string | undefined;
  return () => {
    const name = source.getName();
    if (name !== undefined && name.trim() !== "") return titleRow(name);
    const now = source.getEntries();
    if (now !== entries) {
      entries = now;
      read = 0;
      firstPrompt = undefined;
    }
    for (; firstPrompt === undefined && read < entries.length; read += 1) {
      const entry = entries[read];
      if (entry?.type !== "message") continue;
      const text = titleRow(userMessageText(entry.message));
      if (text !== "") firstPrompt = text;
    }
    return firstPrompt;
  };
}
