// Which names and values count as credentials, and the environment tools get without them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  configuredCredentials,
  credentialValues,
  isCredentialEnvName,
  PROVIDER_KEY_ENV_NAMES,
} from "../../../src/agent/security/credential-names.js";
import { buildToolEnvironment, decodeShellEnvironmentPolicy } from "../../../src/agent/security/tool-env.js";
import type { ModelsConfig } from "../../../src/agent/models-config.js";

const MODELS: ModelsConfig = {
  providers: {
    local: {
      baseUrl: "http://127.0.0.1:1/v1",
      api: "openai-completions",
      apiKey: "LOCAL_LLM_CREDENTIAL",
      headers: { "X-Org": "org-literal-0123456789", Authorization: "Bearer literal-bearer-0123456789" },
      models: [{ id: "m", headers: { "X-Model": "MODEL_HEADER_VAR", "X-Debug": "1" } }],
    },
    other: {
      baseUrl: "http://127.0.0.1:2/v1",
      api: "openai-completions",
      apiKey: "sk-literal-key-0123456789",
      models: [],
    },
  },
};

describe("credential names", () => {
  it("covers every environment variable name pi-ai reads for provider keys", () => {
    // Read pi-ai's own lookup table, so an upgrade that adds a provider fails here first.
    const source = readFileSync(
      join(import.meta.dirname, "..", "..", "..", "node_modules", "@mariozechner", "pi-ai", "dist", "env-api-keys.js"),
      "utf8",
    );
    const names = new Set(
      [...source.matchAll(/"([A-Z][A-Z0-9_]*_(?:API_KEY|TOKEN|KEY|SECRET_ACCESS_KEY|KEY_ID|BEDROCK))"/g)].map(
        (m) => m[1] ?? "",
      ),
    );
    for (const match of source.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1] ?? "");
    const credentials = [...names].filter((name) => /KEY|TOKEN|SECRET/.test(name) && !name.endsWith("_FILE"));
    expect(credentials.length).toBeGreaterThan(25);
    expect(credentials.filter((name) => !isCredentialEnvName(name))).toEqual([]);
    expect(PROVIDER_KEY_ENV_NAMES).toContain("ANTHROPIC_OAUTH_TOKEN");
  });

  it("matches *_API_KEY, *_TOKEN, *_SECRET*, *PASSWORD* and leaves ordinary names alone", () => {
    for (const name of [
      "MY_API_KEY",
      "API_KEY",
      "SLACK_TOKEN",
      "github_token",
      "CLIENT_SECRET",
      "AWS_SECRET_ACCESS_KEY",
      "DB_PASSWORD",
      "PGPASSWORD",
      "AWS_ACCESS_KEY_ID",
    ]) {
      expect(isCredentialEnvName(name), name).toBe(true);
    }
    for (const name of [
      "PATH",
      "HOME",
      "TOKENIZERS_PARALLELISM",
      "KEYBOARD",
      "SSH_AUTH_SOCK",
      "TERM",
      "LANG",
      "AGENT_TUI_HOME",
    ]) {
      expect(isCredentialEnvName(name), name).toBe(false);
    }
  });

  it("collects models.json apiKey and header values, literal or read from a named variable", () => {
    const env = { LOCAL_LLM_CREDENTIAL: "local-env-secret-0123456789", MODEL_HEADER_VAR: "model-header-secret-0123" };
    const configured = configuredCredentials(MODELS, env);
    expect([...configured.envNames].sort()).toEqual(["LOCAL_LLM_CREDENTIAL", "MODEL_HEADER_VAR"]);
    const values = credentialValues(
      { ...env, OPENAI_API_KEY: "sk-openai-0123456789", SHORT_TOKEN: "abc", PATH: "/usr/bin:/bin" },
      configured,
    );
    expect(values).toEqual(
      expect.arrayContaining([
        "local-env-secret-0123456789",
        "model-header-secret-0123",
        "org-literal-0123456789",
        "Bearer literal-bearer-0123456789",
        "literal-bearer-0123456789",
        "sk-literal-key-0123456789",
        "sk-openai-0123456789",
      ]),
    );
    // Too short to mask without blanking ordinary text; never a path.
    expect(values).not.toContain("abc");
    expect(values).not.toContain("1");
    expect(values).not.toContain("/usr/bin:/bin");
    // Longest first, so a value containing another is masked whole.
    expect(values.indexOf("Bearer literal-bearer-0123456789")).toBeLessThan(
      values.indexOf("literal-bearer-0123456789"),
    );
  });
});

describe("tool environment", () => {
  const env = {
    PATH: "/usr/bin",
    HOME: "/home/me",
    OPENAI_API_KEY: "sk-openai-0123456789",
    GITHUB_TOKEN: "ghp_0123456789abcdef0123",
    DB_PASSWORD: "hunter2hunter2",
    LOCAL_LLM_CREDENTIAL: "local-env-secret-0123456789",
    COPY_OF_KEY: "sk-openai-0123456789",
    NPM_CONFIG_REGISTRY: "https://registry.example",
  };
  const configured = configuredCredentials(MODELS, env);
  const values = credentialValues(env, configured);

  it("drops credentials by name, by models.json reference and by value", () => {
    const out = buildToolEnvironment({
      env,
      policy: decodeShellEnvironmentPolicy(undefined),
      configuredNames: configured.envNames,
      secretValues: values,
    });
    expect(out).toEqual({ PATH: "/usr/bin", HOME: "/home/me", NPM_CONFIG_REGISTRY: "https://registry.example" });
  });

  it("passes chosen credentials through and excludes further names (globs)", () => {
    const policy = decodeShellEnvironmentPolicy({ passthrough: ["GITHUB_TOKEN"], exclude: ["NPM_*"] });
    const out = buildToolEnvironment({ env, policy, configuredNames: configured.envNames, secretValues: values });
    expect(out).toEqual({ PATH: "/usr/bin", HOME: "/home/me", GITHUB_TOKEN: "ghp_0123456789abcdef0123" });
  });

  it("reads a malformed policy as the default", () => {
    expect(decodeShellEnvironmentPolicy({ passthrough: "GITHUB_TOKEN", exclude: [1, "X"] })).toEqual({
      passthrough: [],
      exclude: ["X"],
    });
    expect(decodeShellEnvironmentPolicy([])).toEqual({ passthrough: [], exclude: [] });
  });
});
