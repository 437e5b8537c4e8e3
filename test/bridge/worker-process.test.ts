// The worker process's environment: only the allow-list plus PATH and HOME when one is given (docs/protocol.md §11.9).
import { describe, expect, it } from "vitest";
import { buildChildEnv } from "../../src/bridge/worker-process.js";

describe("child environment", () => {
  it("passes only allow-listed variables plus PATH and HOME", () => {
    expect(buildChildEnv({ PATH: "/bin", HOME: "/h", OPENAI_API_KEY: "k", KEEP: "1" }, ["KEEP"])).toEqual({
      PATH: "/bin",
      HOME: "/h",
      KEEP: "1",
    });
  });
});
