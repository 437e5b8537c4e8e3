// Checks right after start-up: flags the chosen worker did not honour (compared with what
// get_state reports, since any pi-compatible worker may ignore or lack a flag), and the hint
// shown when no real model provider is configured.
import { basename } from "node:path";
import type { Model, RpcSessionState } from "../../bridge/index.js";
import type { RequestedFlags } from "../app/cli.js";
import { unknownModelLine } from "../app/model-list.js";

export type StartFlags = {
  customAgent: boolean;
  /** The worker command runs elsewhere (ssh/mosh): its files are not ours to read. */
  remoteWorker: boolean;
  demo: boolean;
  resume: boolean;
  hasInitialMessage: boolean;
  sessionDir: string | undefined;
  requested: RequestedFlags;
};

/**
 * An example to copy, one short line per key: a terminal narrower than the line breaks it only
 * at a space between tokens, so what is copied stays valid JSON.
 */
const LOCAL_MODELS_JSON = [
  "{",
  '  "providers": {',
  '    "local": {',
  '      "baseUrl": "http://localhost:11434/v1",',
  '      "api": "openai-completions",',
  '      "apiKey": "none",',
  '      "models": [{ "id": "llama3.1" }]',
  "    }",
  "  }",
  "}",
];

export const NO_PROVIDER_HELP = [
  "No model provider is configured: the offline demo model answers (scripted, not a real model).",
  "To use a real model, do one of these, then restart agent-tui:",
  "  • set an API key in the environment: ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, OPENROUTER_API_KEY, …",
  "  • or add a provider to $AGENT_TUI_HOME/models.json (default ~/.agent-tui/models.json), pi's schema",
  "  • or use a local OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio), e.g. this models.json:",
  ...LOCAL_MODELS_JSON.map((line) => `      ${line}`),
  "    then pick it with /model or --provider local --model llama3.1",
  "Meanwhile !cmd runs shell commands, and agent-tui --demo shows the tour.",
].join("\n");

export const WORKER_NO_MODEL_HELP = [
  "The worker reports no model, so prompts cannot be answered yet.",
  "Configure its provider: an API key in the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, …) or its models.json",
  "(pi: ~/.pi/agent/models.json, or $PI_CODING_AGENT_DIR), then restart agent-tui. !cmd works meanwhile.",
].join("\n");

export function providerHint(
  flags: Pick<StartFlags, "demo"> & { customAgent?: boolean },
  state: Pick<RpcSessionState, "model">,
): string | undefined {
  if (flags.demo) return undefined;
  if (state.model && state.model.provider !== "demo") return undefined;
  // Another worker has its own configuration; $AGENT_TUI_HOME means nothing to it.
  if (flags.customAgent === true && !state.model) return WORKER_NO_MODEL_HELP;
  return NO_PROVIDER_HELP;
}

function modelMatches(requested: string, state: Pick<RpcSessionState, "model">): boolean {
  const m = state.model;
  if (!m) return false;
  const want = requested.replace(/:[a-z]+$/, "").toLowerCase(); // pi accepts a ":<thinking>" suffix
  const full = `${m.provider}/${m.id}`.toLowerCase();
  return full === want || m.id.toLowerCase() === want || full.includes(want) || m.name.toLowerCase().includes(want);
}

/** One line per flag the worker did not honour. */
export function flagReport(
  flags: StartFlags,
  state: Pick<RpcSessionState, "model" | "thinkingLevel" | "sessionName" | "sessionFile">,
): string[] {
  const out: string[] = [];
  const r = flags.requested;
  const worker = flags.customAgent ? "The worker" : "The bundled agent";
  const uses = state.model ? `${state.model.provider}/${state.model.id}` : "no model";
  if (flags.demo && flags.customAgent)
    out.push("--demo applies to the bundled agent only; it was ignored because --agent chose another worker.");
  if (r.provider !== undefined && state.model?.provider !== r.provider)
    out.push(`${worker} did not honour --provider ${r.provider} (it uses ${uses}).`);
  if (r.model !== undefined && !modelMatches(r.model, state))
    out.push(`${worker} did not honour --model ${r.model} (it uses ${uses}).`);
  if (r.thinking !== undefined && state.thinkingLevel !== undefined && state.thinkingLevel !== r.thinking) {
    out.push(
      `${worker} did not honour --thinking ${r.thinking} ` +
        `(the level is ${state.thinkingLevel}; the model may not support it).`,
    );
  }
  if (r.name !== undefined && state.sessionName !== r.name) out.push(`${worker} did not honour --name ${r.name}.`);
  if (r.noSession === true && state.sessionFile !== undefined)
    out.push(`${worker} did not honour --no-session: it writes ${state.sessionFile}.`);
  if (
    r.session !== undefined &&
    (state.sessionFile === undefined || basename(state.sessionFile) !== basename(r.session))
  ) {
    out.push(
      `${worker} did not honour --session ${r.session}${state.sessionFile ? ` (it opened ${state.sessionFile})` : ""}.`,
    );
  }
  return out;
}

/** The machine a remote worker command line reaches ("devbox" in `ssh -p 22 devbox pi --mode rpc`). */
export function remoteHost(argv: readonly string[]): string | undefined {
  if (!isRemoteCommand(argv)) return undefined;
  const start = argv.findIndex((a) => ["ssh", "mosh", "ssh-standin.mjs"].includes(basename(a)));
  // ssh options that take a value; anything else starting with "-" is a flag.
  const withValue = new Set([
    "-p",
    "-l",
    "-i",
    "-o",
    "-F",
    "-J",
    "-b",
    "-c",
    "-D",
    "-E",
    "-L",
    "-R",
    "-S",
    "-W",
    "-w",
    "-e",
    "-m",
    "-Q",
    "-O",
    "-B",
    "-I",
  ]);
  for (let i = start + 1; i < argv.length; i += 1) {
    const a = argv[i] ?? "";
    if (withValue.has(a)) i += 1;
    else if (!a.startsWith("-")) return a.replace(/^[^@]*@/, "");
  }
  return undefined;
}

/** Is this worker command line a remote one (its session files live on another machine)? */
export function isRemoteCommand(argv: readonly string[]): boolean {
  const first = basename(argv[0] ?? "");
  return (
    first === "ssh" ||
    first === "mosh" ||
    first === "ssh-standin.mjs" ||
    argv.some((a) => basename(a) === "ssh-standin.mjs")
  );
}

/**
 * Everything said at start about the flags and the provider, one warning each. A --model the
 * worker does not know is one line with close matches (not "did not honour" plus a provider
 * hint that is wrong when providers are configured).
 */
export async function startWarnings(
  flags: StartFlags,
  state: Pick<RpcSessionState, "model" | "thinkingLevel" | "sessionName" | "sessionFile">,
  models: () => Promise<readonly Model[]>,
): Promise<string[]> {
  const wanted = flags.requested.model;
  if (wanted !== undefined && !modelMatches(wanted, state)) {
    const available = await models();
    if (available.length > 0) {
      const { model: _model, ...rest } = flags.requested;
      void _model;
      const uses = state.model ? ` It uses ${state.model.provider}/${state.model.id}.` : "";
      return [`${unknownModelLine(wanted, available)}${uses}`, ...flagReport({ ...flags, requested: rest }, state)];
    }
  }
  const hint = providerHint(flags, state);
  return [...flagReport(flags, state), ...(hint ? [hint] : [])];
}
