// The typed client's requests as written to the transport: continueRun sends `continue` with no
// fields (docs/protocol.md §3.1.7) and passes the worker's refusal on.
import { describe, expect, it } from "vitest";
import { createRpcClient, type RpcTransport } from "../../src/bridge/rpc-client.js";

function recordingTransport(answer: (type: string) => Promise<unknown>): {
  transport: RpcTransport;
  sent: { type: string; fields: Record<string, unknown> }[];
} {
  const sent: { type: string; fields: Record<string, unknown> }[] = [];
  return {
    sent,
    transport: {
      request: (type, fields) => {
        sent.push({ type, fields });
        return answer(type);
      },
      supports: () => true,
    },
  };
}

describe("rpc client: continueRun", () => {
  it("sends one `continue` request without fields and resolves with nothing", async () => {
    const { transport, sent } = recordingTransport(async () => undefined);
    await expect(createRpcClient(transport).continueRun()).resolves.toBeUndefined();
    expect(sent).toEqual([{ type: "continue", fields: {} }]);
  });

  it("rejects with the worker's error", async () => {
    const refusal = "Nothing to continue: the conversation does not end with a message awaiting an answer";
    const { transport } = recordingTransport(async () => {
      throw new Error(refusal);
    });
    await expect(createRpcClient(transport).continueRun()).rejects.toThrow(refusal);
  });
});
