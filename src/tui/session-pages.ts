// A long session read in parts (docs/protocol.md §3.2.2, agent-rpc's paging fields): opening it
// asks for the tail that is printed first; the earlier messages follow a page per request, so no
// single frame carries the whole session (parsing one blocks the keys for as long). Workers that
// do not page (pi) answer the first request with every message, and nothing more is asked.

/** Messages asked for when a session opens: the printed tail, the tool calls its first results answer, and recent prompts. */
export const TAIL_MESSAGES = 120;
/** Earlier messages asked for per request. */
export const PAGE_MESSAGES = 200;

export type MessagesAnswer = { messages: readonly unknown[]; offset?: number; total?: number };
/** get_messages with paging fields (rpc.getMessages). */
export type PageReader = (page: { offset: number; limit?: number }) => Promise<MessagesAnswer>;

/**
 * A session's messages as far as they are here: indexes as in the whole session, with holes
 * before `offset` when only the tail came. Builders skip holes; readMissing fills them.
 */
export function messageWindow(messages: readonly unknown[], offset = 0): readonly unknown[] {
  if (offset <= 0) return messages;
  const all: unknown[] = new Array<unknown>(offset + messages.length);
  for (let i = 0; i < messages.length; i += 1) all[offset + i] = messages[i];
  return all;
}

/** The window of a get_messages answer: a page's place when the worker pages, else all of it. */
export function answerWindow(answer: MessagesAnswer): readonly unknown[] {
  return answer.offset !== undefined && answer.total !== undefined ? messageWindow(answer.messages, answer.offset) : answer.messages;
}

/** The first request when a session opens: its tail from a paging worker, everything from others. */
export async function readTail(read: PageReader): Promise<readonly unknown[]> {
  return answerWindow(await read({ offset: -TAIL_MESSAGES }));
}

/** Whether messages[from, to) are all here. */
export function present(window: readonly unknown[], from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (!(i in window)) return false;
  return true;
}

/**
 * Fill the holes of `window` in [from, to) from the worker, a page per request. The session may
 * only have grown meanwhile (a run appends); a page that does not fit (a compaction or another
 * session replaced the messages) stops the reading with an error.
 */
export async function readMissing(window: unknown[], from: number, to: number, read: PageReader): Promise<void> {
  let at = from;
  while (at < to) {
    if (at in window) {
      at += 1;
      continue;
    }
    const answer = await read({ offset: at, limit: PAGE_MESSAGES });
    if (answer.offset !== at || answer.total === undefined || answer.total < window.length || answer.messages.length === 0) {
      throw new Error("the session changed while its earlier messages were being read");
    }
    answer.messages.forEach((m, i) => {
      if (at + i < window.length) window[at + i] = m;
    });
    at += answer.messages.length;
  }
}
