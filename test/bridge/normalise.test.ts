// Response data decoded per command, other workers normalised (docs/protocol.md Appendix B).
import { describe, expect, it } from "vitest";
import { createPendingTable } from "../../src/bridge/pending.js";
import { decodeData } from "../../src/bridge/normalise.js";

describe("response data decoding (docs/protocol.md Appendix B)", () => {
  it("fills pendingMessageCount from queuedMessageCount, maps sourceInfo, passes unknown commands through", () => {
    const state = decodeData("get_state", {
      isStreaming: false,
      isCompacting: false,
      steeringMode: "all",
      followUpMode: "all",
      sessionId: "s",
      autoCompactionEnabled: true,
      messageCount: 0,
      queuedMessageCount: 2,
    });
    expect(state).toMatchObject({ ok: true, value: { pendingMessageCount: 2 } });
    expect(
      decodeData("get_commands", {
        commands: [{ name: "x", source: "extension", sourceInfo: { path: "/p", scope: "user" } }],
      }),
    ).toMatchObject({
      ok: true,
      value: { commands: [{ path: "/p", location: "user" }] },
    });
    expect(decodeData("frobnicate", { a: 1 })).toEqual({ ok: true, value: { a: 1 } });
    expect(decodeData("get_messages", { messages: "nope" })).toMatchObject({ ok: false });
  });

  it("a malformed response rejects the request with bad_response", async () => {
    const table = createPendingTable();
    const p = table.add("g1-1", "get_messages", 0, () => undefined);
    table.settle(
      { type: "response", id: "g1-1", command: "get_messages", success: true, data: { messages: 5 } },
      decodeData,
    );
    await expect(p).rejects.toMatchObject({ kind: "bad_response", message: expect.stringContaining("get_messages") });
  });
});
