// The worker-wide guard: configured values are masked on stderr and in serialised frames and
// session records, and the tool environment follows the settings' policy.
import { afterEach, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import {
  guardStderr,
  installCredentialGuard,
  maskSecretsInJson,
  resetCredentialGuard,
  toolEnvironment,
} from "../../../src/agent/security/credential-guard.js";
import { serializeRecord } from "../../../src/agent/session/session-file.js";

const env = {
  PATH: "/bin",
  ANTHROPIC_API_KEY: "sk-ant-guard-0123456789",
  LLM_KEY_VAR: "from-env-0123456789",
  GH_TOKEN: "ghp_guard0123456789",
};
const models = {
  providers: {
    p: {
      baseUrl: "http://x",
      api: "openai-completions",
      apiKey: "LLM_KEY_VAR",
      headers: { "X-Key": "header-literal-0123" },
      models: [],
    },
  },
};

afterEach(() => resetCredentialGuard());

describe("credential guard", () => {
  it("masks stderr writes, strings and buffers", () => {
    installCredentialGuard({ env, models, policy: { passthrough: [], exclude: [] } });
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString("utf8"));
        callback();
      },
    }) as unknown as NodeJS.WriteStream;
    guardStderr(stream);
    stream.write("401: Invalid key sk-ant-guard-0123456789\n");
    stream.write(Buffer.from("header header-literal-0123 and from-env-0123456789\n"));
    expect(written.join("")).toBe("401: Invalid key [REDACTED]\nheader [REDACTED] and [REDACTED]\n");
  });

  it("masks frames and session records, and builds the tool environment per policy", () => {
    installCredentialGuard({ env, models, policy: { passthrough: ["GH_TOKEN"], exclude: [] } });
    expect(maskSecretsInJson(JSON.stringify({ errorMessage: "bad key sk-ant-guard-0123456789" }))).toBe(
      '{"errorMessage":"bad key [REDACTED]"}',
    );
    const record = serializeRecord({
      type: "session_info",
      id: "a",
      parentId: null,
      timestamp: "t",
      name: "from-env-0123456789",
    });
    expect(record).toBe('{"type":"session_info","id":"a","parentId":null,"timestamp":"t","name":"[REDACTED]"}\n');
    expect(toolEnvironment(env)).toEqual({ PATH: "/bin", GH_TOKEN: "ghp_guard0123456789" });
  });
});
