// Session values written by hand in tests (or read from traces), decoded as the bridge decodes
// get_messages, get_entries and get_tree answers (the protocol's decoders), so the TUI's builders
// get the typed values they get in the app. A value the bridge would reject fails the test.
import type { AgentMessage, SessionEntry, SessionTreeNode } from "../../../src/bridge/index.js";
import { decodeMessages, decodeSessionEntries, decodeTree, type DecodeResult } from "../../../src/protocol/index.js";

function decodedOrThrow<T>(result: DecodeResult<T>): T {
  if (!result.ok) throw new Error(`the bridge would reject this: ${result.error}`);
  return result.value;
}

export const wireMessages = (raw: unknown): AgentMessage[] => decodedOrThrow(decodeMessages(raw));
export const wireEntries = (raw: unknown): SessionEntry[] => decodedOrThrow(decodeSessionEntries(raw));
export const wireTree = (raw: unknown): SessionTreeNode[] => decodedOrThrow(decodeTree(raw));
