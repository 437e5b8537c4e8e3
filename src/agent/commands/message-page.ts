// One page of the context's messages for get_messages' paging fields and live_attach's `tail`
// (docs/protocol.md §3.2.2): a client opening a long session asks for the tail it prints first
// and the earlier messages a page at a time, so no single frame carries the whole session.

export type MessagePage<T> = { messages: T[]; offset: number; total: number; listId: number };

/**
 * Every message list the context has had, numbered. Messages are only appended to a list; a
 * compaction, a session switch or a move in the tree replaces it (runtime.setStore), so a
 * client reading pages can tell that the ones it has no longer belong with the next.
 */
const lists = new WeakMap<readonly unknown[], number>();
let listsSeen = 0;

export function listId(messages: readonly unknown[]): number {
  let id = lists.get(messages);
  if (id === undefined) {
    listsSeen += 1;
    id = listsSeen;
    lists.set(messages, id);
  }
  return id;
}

/** A finite number as a whole number, or undefined (absent, NaN, infinite). */
function whole(n: number | undefined): number | undefined {
  return n === undefined || !Number.isFinite(n) ? undefined : Math.trunc(n);
}

/**
 * `messages.slice(offset, offset + limit)` with its place: a negative `offset` counts from the
 * end, as Array.slice does; without either field, every message.
 */
export function messagePage<T>(messages: readonly T[], offset?: number, limit?: number): MessagePage<T> {
  const total = messages.length;
  const asked = whole(offset) ?? 0;
  const start = asked < 0 ? Math.max(0, total + asked) : Math.min(asked, total);
  const count = whole(limit);
  const end = count === undefined ? total : Math.min(total, start + Math.max(0, count));
  return { messages: messages.slice(start, end), offset: start, total, listId: listId(messages) };
}
