// The resume benches' sandbox (bench/resume.mjs, bench/worker-open.mjs): an agent home whose
// provider is never called (opening a session needs only the configuration) and a session of
// `count` messages in pi's v3 format, in the per-cwd directory pi and agent-rpc both read.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LAST_MARK, longSessionLines } from "./long-session.mjs";

function answerText(n, last) {
  return [
    `Here is what I found for step ${n}. The function **step${n}** handles the *input* and \`doubles\` it; see the [docs](https://example.com/${n}).`,
    "",
    `- it reads \`src/step${n}.ts\``,
    "- it validates the input",
    "- it returns the doubled value",
    "",
    "```ts",
    `export function step${n}(input: number): number {`,
    `  const doubled = input * 2; // step ${n}`,
    "  if (doubled > 100) {",
    "    return doubled - 100;",
    "  }",
    "  return doubled;",
    "}",
    "```",
    "",
    last ? `That is all. ${LAST_MARK}` : `Done with step ${n}.`,
  ].join("\n");
}

/** Shorter answers and tool outputs than the long day's (bench/lib/long-session.mjs). */
const RESUME_TEXTS = {
  id: "bench-session-0001",
  prompt: (n) => `Step ${n}: please look at src/step${n}.ts and explain what it does.`,
  grepLimit: 20,
  toolOutput: (n, bash) =>
    Array.from({ length: 20 }, (_, k) =>
      bash ? `src/step${n}.ts:${k + 1}:  const value${k} = step${n}(${k});` : `line ${k + 1} of src/step${n}.ts`,
    ).join("\n"),
  answer: answerText,
};

const MODELS = {
  providers: {
    fake: {
      baseUrl: "http://127.0.0.1:9/v1",
      api: "openai-completions",
      apiKey: "fake-key",
      models: [
        {
          id: "fake-model",
          name: "Fake Model",
          reasoning: true,
          input: ["text"],
          contextWindow: 128000,
          maxTokens: 4096,
        },
      ],
    },
  },
};

/**
 * A temporary home with a `count`-message session; `env` for pi and agent-rpc (and, with
 * BENCH_PROFILE_DIR set, a CPU profile of every Node process started with it).
 */
export function makeResumeSandbox(prefix, count) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dirs = { home: join(root, "home"), agent: join(root, "agent"), cwd: join(root, "cwd"), tmp: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(MODELS));
  writeFileSync(
    join(dirs.agent, "settings.json"),
    JSON.stringify({
      defaultProvider: "fake",
      defaultModel: "fake-model",
      quietStartup: true,
      enableInstallTelemetry: false,
    }),
  );
  const slug = `--${dirs.cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
  const sessionDir = join(dirs.agent, "sessions", slug);
  mkdirSync(sessionDir, { recursive: true });
  const file = join(sessionDir, `${new Date().toISOString().replace(/[:.]/g, "-")}_bench-session-0001.jsonl`);
  const { lines, messages } = longSessionLines(count, dirs.cwd, RESUME_TEXTS);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    LANG: "C.UTF-8",
    TERM: "xterm-256color",
    AGENT_TUI_HOME: dirs.agent,
    PI_CODING_AGENT_DIR: dirs.agent,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    ...(process.env.BENCH_PROFILE_DIR
      ? {
          BENCH_PROFILE_DIR: process.env.BENCH_PROFILE_DIR,
          NODE_OPTIONS: `--require ${join(import.meta.dirname, "cpu-profile-hook.cjs")}`,
        }
      : {}),
  };
  return {
    root,
    cwd: dirs.cwd,
    env,
    written: messages,
    lines: lines.length,
    bytes: statSync(file).size,
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
