// A long session read in parts (docs/protocol.md §3.2.2, agent-rpc's paging fields): opening it
// asks for the tail that is printed first; the earlier messages follow a page per request, so no
// single frame carries the whole session (parsing one blocks the keys for as long). Workers that
// do not page (pi) answer the first request with every message, and nothing more is asked.
import type { AgentMessage } from "../../bridge/index.js";
import type { MessageList } from "../state/history.js";

/**
 * Messages asked for when a session opens: the printed tail, the tool calls its first results
 * answer, and recent prompts.
 */
export const TAIL_MESSAGES = 120;
/** Earlier messages asked for per request. */
export const PAGE_MESSAGES = 200;

export type MessagesAnswer = { messages: readonly AgentMessage[]; offset?: number; total?: number; listId?: number };
/** get_messages with paging fields (rpc.getMessages). */
export type PageReader = (page: { offset: number; limit?: number }) => Promise<MessagesAnswer>;
/** Where a tail sits in the worker's list of messages (a paged answer's `offset` and `listId`). */
export type TailPlace = { offset: number; listId?: number | undefined };

/** A window being filled: holes are undefined. */
type Holed = (AgentMessage | undefined)[];

/** The worker's list each window with holes came from (its pages must come from the same). */
const windowLists = new WeakMap<MessageList, number>();

/**
 * A session's messages as far as they are here: indexes as in the whole session, with holes
 * before the tail's offset when only the tail came. Builders skip holes; readMissing fills them.
 */
export function messageWindow(messages: readonly AgentMessage[], place?: TailPlace): MessageList {
  if (place === undefined || place.offset <= 0) return messages;
  const all: Holed = new Array<AgentMessage | undefined>(place.offset + messages.length);
  for (let i = 0; i < messages.length; i += 1) all[place.offset + i] = messages[i];
  if (place.listId !== undefined) windowLists.set(all, place.listId);
  return all;
}

/** The worker's list a window came from, if it said. */
export function listOf(window: MessageList): number | undefined {
  return windowLists.get(window);
}

/** The window of a get_messages answer: a page's place when the worker pages, else all of it. */
export function answerWindow(answer: MessagesAnswer): MessageList {
  if (answer.offset === undefined || answer.total === undefined) return answer.messages;
  return messageWindow(answer.messages, { offset: answer.offset, listId: answer.listId });
}

/** The first request when a session opens: its tail from a paging worker, everything from others. */
export async function readTail(read: PageReader): Promise<MessageList> {
  return answerWindow(await read({ offset: -TAIL_MESSAGES }));
}

/**
 * Fill the holes of `window` in [from, to) from the worker, a page per request. The session may
 * only have grown meanwhile (a run appends); a page from another list (`listId`: a compaction,
 * another session or a move in the tree replaced it) stops the reading with an error.
 */
export async function readMissing(
  window: Holed,
  from: number,
  to: number,
  read: PageReader,
  listId: number | undefined,
): Promise<void> {
  let at = from;
  while (at < to) {
    if (at in window) {
      at += 1;
      continue;
    }
    const answer = await read({ offset: at, limit: PAGE_MESSAGES });
    const otherList = listId !== undefined && answer.listId !== listId;
    if (
      otherList ||
      answer.offset !== at ||
      answer.total === undefined ||
      answer.total < window.length ||
      answer.messages.length === 0
    ) {
      throw new Error("the session changed while its earlier messages were being read");
    }
    answer.messages.forEach((m, i) => {
      if (at + i < window.length) window[at + i] = m;
    });
    at += answer.messages.length;
  }
}
