// Result-returning entry points for decoding single values (messages, session entries) found
// inside response data, e.g. get_messages, get_entries and get_tree.

import type { AgentMessage } from "../types/messages.js";
import type { SessionEntry, SessionTreeNode } from "../types/session-file.js";
import { decodeAgentMessage } from "./messages.js";
import { fail, runDecoder, type DecodeResult } from "./result.js";
import { decodeSessionEntry, decodeSessionTree } from "./session-entry.js";

/** One AgentMessage (tolerant, docs/protocol.md §5; unknown roles become `unknown_role`). */
export function decodeMessage(value: unknown): DecodeResult<AgentMessage> {
  return runDecoder(() => decodeAgentMessage(value, '"message"'));
}

/** A list of AgentMessages such as `get_messages.data.messages`. */
export function decodeMessages(value: unknown): DecodeResult<AgentMessage[]> {
  return runDecoder(() => {
    if (!Array.isArray(value)) return fail('"messages" must be an array');
    return value.map((m, i) => decodeAgentMessage(m, `"messages[${i}]"`));
  });
}

/** Session entries (`get_entries.data.entries`); entries of unknown types are skipped (docs/protocol.md §10.2). */
export function decodeSessionEntries(value: unknown): DecodeResult<SessionEntry[]> {
  return runDecoder(() => {
    if (!Array.isArray(value)) return fail('"entries" must be an array');
    return value.flatMap((e, i) => decodeSessionEntry(e, `"entries[${i}]"`) ?? []);
  });
}

/** `get_tree.data.tree`. */
export function decodeTree(value: unknown): DecodeResult<SessionTreeNode[]> {
  return runDecoder(() => decodeSessionTree(value, '"tree"'));
}
