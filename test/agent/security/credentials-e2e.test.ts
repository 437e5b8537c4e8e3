// Credentials never leave the worker: with keys configured every way (provider variables,
// name patterns, models.json apiKey and headers, literal and via a variable), a model that
// runs `env` and prints models.json, a user `!env`, a 401 that echoes the key and an export,
// no configured value appears in stdout, stderr, the model's requests or any file written
// under the worker's HOME, TMPDIR and AGENT_TUI_HOME; files holding the conversation are private.
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../../fixtures/fake-llm-server.mjs";
import { FAKE_MODEL } from "../../fixtures/fake-agent-home.js";
import { spawnRpc, type Frame, type RpcProcess } from "../helpers/agent-process.js";

const SECRETS = {
  OPENAI_API_KEY: "sk-openai-env-SECRET-0001aaaa",
  ANTHROPIC_API_KEY: "sk-ant-env-SECRET-0002bbbb",
  DEPLOY_TOKEN: "deploytok-SECRET-0003cccc",
  DB_PASSWORD: "dbpass-SECRET-0004dddd",
  SERVICE_SECRET_VALUE: "svcsecret-SECRET-0005eeee",
  CUSTOM_LLM_CREDENTIAL: "custom-SECRET-0006ffff",
  HEADER_VIA_ENV: "hdrenv-SECRET-0007gggg",
};
const LITERAL_API_KEY = "literal-SECRET-0008hhhh";
const LITERAL_HEADER = "hdrlit-SECRET-0009iiii";
const ALL_VALUES = [...Object.values(SECRETS), LITERAL_API_KEY, LITERAL_HEADER];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

function hits(text: string): string[] {
  return ALL_VALUES.filter((value) => text.includes(value));
}

describe("credentials never leave the worker", () => {
  let root: string;
  let llm: FakeLlm;
  let proc: RpcProcess;
  const dirs = { home: "", tmp: "", agent: "", cwd: "" };

  beforeAll(async () => {
    root = mkdtempSync(join(TEST_TMP, "credentials-"));
    for (const name of Object.keys(dirs) as (keyof typeof dirs)[]) {
      dirs[name] = join(root, name);
      mkdirSync(dirs[name]);
    }
    llm = await startFakeLlm({
      script: [
        {
          kind: "tool_call",
          matchLastUser: "print the environment",
          calls: [
            { id: "call-env", name: "bash", arguments: { command: 'env; echo; cat "$AGENT_TUI_HOME/models.json"' } },
          ],
        },
        { kind: "text", match: "call-env", chunks: ["Printed."] },
        {
          kind: "error",
          matchLastUser: "once more",
          status: 401,
          body: {
            error: {
              message: `Invalid API key provided: ${SECRETS.CUSTOM_LLM_CREDENTIAL} (also tried ${SECRETS.OPENAI_API_KEY})`,
              type: "invalid_request_error",
            },
          },
        },
      ],
    });
    const models = {
      providers: {
        fake: {
          baseUrl: llm.baseUrl,
          api: "openai-completions",
          apiKey: "CUSTOM_LLM_CREDENTIAL",
          headers: { "X-Env": "HEADER_VIA_ENV", "X-Literal": LITERAL_HEADER },
          models: [FAKE_MODEL],
        },
        spare: {
          baseUrl: llm.baseUrl,
          api: "openai-completions",
          apiKey: LITERAL_API_KEY,
          models: [{ id: "spare-model" }],
        },
      },
    };
    writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(models, null, 2));
    writeFileSync(
      join(dirs.agent, "settings.json"),
      JSON.stringify({ defaultProvider: "fake", defaultModel: "fake-model", retry: { enabled: false } }),
    );
    proc = spawnRpc({
      cwd: dirs.cwd,
      home: dirs.agent,
      userHome: dirs.home,
      args: [],
      env: { ...SECRETS, TMPDIR: dirs.tmp, SAFE_MARKER: "visible-marker-42" },
    });
    await proc.waitFor((f) => f.type === "ready");
  });

  afterAll(async () => {
    await proc?.kill();
    await llm?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("scrubs tool environments and masks every configured value everywhere", async () => {
    const runTo = async (message: string): Promise<void> => {
      const from = proc.mark();
      expect((await proc.request({ type: "prompt", message }))["success"]).toBe(true);
      await proc.waitFor((f) => f.type === "agent_settled", { from });
    };
    await runTo("print the environment");
    const toolEnd = proc.frames.find((f) => f.type === "tool_execution_end") as Frame & {
      result: { content: { text: string }[] };
    };
    const envOutput = toolEnd.result.content.map((c) => c.text).join("");
    // `env` ran with the ordinary variables and none of the credential ones.
    expect(envOutput).toContain("SAFE_MARKER=visible-marker-42");
    for (const name of Object.keys(SECRETS)) expect(envOutput).not.toContain(`${name}=`);
    // models.json printed by a tool: its literal values are masked before anyone sees them.
    expect(envOutput).toContain('"apiKey": "[REDACTED]"');

    await runTo("once more");
    const failed = proc.frames.filter((f) => f.type === "message_end").at(-1) as Frame & {
      message: { errorMessage?: string };
    };
    expect(failed.message.errorMessage).toContain("Invalid API key provided: [REDACTED]");

    const bash = await proc.request({ type: "bash", command: "env" });
    expect(JSON.stringify(bash)).toContain("SAFE_MARKER=visible-marker-42");
    const exported = await proc.request({ type: "export_html" });
    expect(exported["success"]).toBe(true);
    const state = await proc.request({ type: "get_state" });
    const sessionFile = (state["data"] as { sessionFile: string }).sessionFile;
    expect(await proc.stop()).toBe(0);

    // Nothing the worker wrote holds a value: stdout, stderr, requests to the model, files.
    expect(hits(JSON.stringify(proc.frames))).toEqual([]);
    expect(hits(proc.stderr())).toEqual([]);
    expect(hits(JSON.stringify(llm.requests.map((r) => r.body)))).toEqual([]);
    const written = filesUnder(root).filter((path) => path !== join(dirs.agent, "models.json"));
    expect(written).toContain(sessionFile);
    for (const path of written) expect(hits(readFileSync(path, "latin1")), path).toEqual([]);

    // The conversation is private: 0600 files in 0700 directories.
    const exportPath = join(dirs.cwd, (exported["data"] as { path: string }).path);
    expect(statSync(sessionFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(sessionFile, "..")).mode & 0o777).toBe(0o700);
    expect(statSync(join(dirs.agent, "sessions")).mode & 0o777).toBe(0o700);
    expect(statSync(exportPath).mode & 0o777).toBe(0o600);
  });
});
