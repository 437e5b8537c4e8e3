// get_messages' paging fields (docs/protocol.md §3.2.2): a page of the context and its place,
// with Array.slice's meaning of a negative offset, clamped to the messages there are.
import { describe, expect, it } from "vitest";
import { listId, messagePage } from "../../src/agent/commands/message-page.js";

const ten = Array.from({ length: 10 }, (_, i) => i);

describe("a page of the context's messages", () => {
  it("is every message without paging fields", () => {
    expect(messagePage(ten)).toEqual({ messages: ten, offset: 0, total: 10, listId: expect.any(Number) });
  });

  it("counts a negative offset from the end (the tail a client prints first)", () => {
    expect(messagePage(ten, -3)).toEqual({ messages: [7, 8, 9], offset: 7, total: 10, listId: expect.any(Number) });
    expect(messagePage(ten, -30)).toEqual({ messages: ten, offset: 0, total: 10, listId: expect.any(Number) });
  });

  it("sends at most `limit` messages from `offset`, and none past the end", () => {
    expect(messagePage(ten, 2, 3)).toEqual({ messages: [2, 3, 4], offset: 2, total: 10, listId: expect.any(Number) });
    expect(messagePage(ten, 8, 5)).toEqual({ messages: [8, 9], offset: 8, total: 10, listId: expect.any(Number) });
    expect(messagePage(ten, 12, 5)).toEqual({ messages: [], offset: 10, total: 10, listId: expect.any(Number) });
    expect(messagePage(ten, 0, -1)).toEqual({ messages: [], offset: 0, total: 10, listId: expect.any(Number) });
  });

  it("reads fractions as whole numbers and ignores values that are not finite", () => {
    expect(messagePage(ten, 2.7, 1.9)).toEqual({ messages: [2], offset: 2, total: 10, listId: expect.any(Number) });
    expect(messagePage(ten, Number.NaN, Number.POSITIVE_INFINITY)).toEqual({
      messages: ten,
      offset: 0,
      total: 10,
      listId: expect.any(Number),
    });
  });

  it("names the list: the same while it is appended to, another for a list that replaced it", () => {
    const list = [1, 2];
    const first = messagePage(list, 0, 1).listId;
    list.push(3);
    expect(messagePage(list, -1).listId).toBe(first);
    expect(listId([1, 2, 3])).not.toBe(first);
  });
});
