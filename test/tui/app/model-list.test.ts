// --list-models table, close matches for an unknown --model, the one start-up line it gives,
// and the remote host a worker command line reaches.
import { describe, expect, it } from "vitest";
import type { Model } from "../../../src/bridge/index.js";
import { closeModels, modelTable } from "../../../src/tui/app/model-list.js";
import { remoteHost, type StartFlags, startWarnings } from "../../../src/tui/slash/start-checks.js";

const model = (provider: string, id: string, extra: Partial<Model> = {}): Model =>
  ({
    provider,
    id,
    name: id,
    api: "openai-completions",
    baseUrl: "",
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 200_000,
    maxTokens: 64_000,
    ...extra,
  }) as Model;

const MODELS = [
  model("anthropic", "claude-sonnet-4-5", { reasoning: true, input: ["text", "image"] }),
  model("openai", "gpt-4o", { contextWindow: 128_000, maxTokens: 16_384 }),
  model("fake", "fake-model"),
];

const flags = (requested: StartFlags["requested"]): StartFlags => ({
  customAgent: false,
  remoteWorker: false,
  demo: false,
  resume: false,
  hasInitialMessage: false,
  sessionDir: undefined,
  requested,
});

describe("model list", () => {
  it("prints pi's columns sorted by provider and id, fuzzy-filtered", () => {
    expect(modelTable(MODELS, undefined)).toEqual([
      "provider   model              context  max-out  thinking  images",
      "anthropic  claude-sonnet-4-5  200K     64K      yes       yes",
      "fake       fake-model         200K     64K      no        no",
      "openai     gpt-4o             128K     16.4K    no        no",
    ]);
    expect(modelTable(MODELS, "sonnet")).toHaveLength(2);
    expect(modelTable(MODELS, "zzz")).toEqual(['No models matching "zzz"']);
    expect(modelTable([], undefined)[0]).toMatch(/^No models are available/);
  });

  it("names close matches for a subsequence or a typo", () => {
    expect(closeModels(MODELS, "sonet")).toEqual(["anthropic/claude-sonnet-4-5"]);
    expect(closeModels(MODELS, "gtp-4o")).toEqual(["openai/gpt-4o"]);
    expect(closeModels(MODELS, "fake-modl:high")).toEqual(["fake/fake-model"]);
  });

  it("an unknown --model gives one line, without 'did not honour' or the provider hint", async () => {
    const lines = await startWarnings(flags({ model: "fake-modl" }), {}, async () => MODELS);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Unknown model "fake-modl": the worker has no such model\. Close matches: fake\/fake-model\./,
    );
    // A known model says nothing; without any model at all the provider hint stays.
    expect(await startWarnings(flags({ model: "fake-model" }), { model: MODELS[2] }, async () => MODELS)).toEqual([]);
    expect((await startWarnings(flags({ model: "x" }), {}, async () => []))[1]).toMatch(
      /No model provider is configured/,
    );
  });

  it("finds the host of ssh-like worker command lines", () => {
    expect(remoteHost(["ssh", "-p", "2222", "me@devbox", "agent-rpc"])).toBe("devbox");
    expect(remoteHost(["/usr/bin/node", "/x/ssh-standin.mjs", "devbox", "pi", "--mode", "rpc"])).toBe("devbox");
    expect(remoteHost(["pi", "--mode", "rpc"])).toBeUndefined();
  });
});
