// Command line of agent-tui (meow): worker selection (--agent, --demo, bundled default),
// flags passed through to the worker, an initial message.
import meow from "meow";
import { resolveBundledWorkerCommand, splitCommandLine, THINKING_LEVELS } from "../../bridge/index.js";
import { keyHelp, keyHelpRow, viewKeyHelp } from "../input/key-help.js";
import { FRONT_END_FLAGS, FRONT_END_HELP, readFrontEnd, type FrontEnd } from "./front-end.js";
import { expandHelpAndVersion, mistypedSubcommand, unknownFlags, unknownFlagsMessage } from "./cli-flags.js";

/** The worker flags the user gave (start-up checks what the worker made of them). */
export type RequestedFlags = {
  provider?: string;
  model?: string;
  thinking?: string;
  name?: string;
  session?: string;
  noSession?: boolean;
};

export type TuiCliOptions = {
  workerCommand: string[];
  initialMessage: string | undefined;
  demo: boolean;
  customAgent: boolean;
  /** -r/--resume: open the session picker at start (TUI-only, not passed to the worker). */
  resume: boolean;
  /** Worker flags as the user gave them, to report any the worker did not honour. */
  requested: RequestedFlags;
  sessionDir: string | undefined;
  /** --no-detach: the worker is this process's child and ends with it (no live session). */
  noDetach: boolean;
  /** `agent-tui attach [ID]`: reattach to a live worker (ID "" = the latest of this folder). */
  attachId: string | undefined;
  /** --list-models [search]: print the worker's models and exit ("" = all). */
  listModels: string | undefined;
  /** Which interface runs: the full-screen TUI, print mode (-p) or plain mode (--plain, TERM=dumb). */
  frontEnd: FrontEnd;
  /** The message words as given (print mode reads `@file` words out of them). */
  messageWords: string[];
};

/** `agent-tui sessions [stop ID] [--json] [--agent CMD]`: list or stop live workers. */
export type SessionsCli = { args: string[]; workerCommand: string[] };

/** Flags forwarded verbatim to the worker (pi's names). */
const PASS_THROUGH: ReadonlyArray<{
  name: string;
  flag: string;
  type: "string" | "boolean";
  shortFlag?: string;
  isMultiple?: boolean;
}> = [
  { name: "provider", flag: "--provider", type: "string" },
  { name: "model", flag: "--model", type: "string" },
  { name: "thinking", flag: "--thinking", type: "string" },
  { name: "session", flag: "--session", type: "string" },
  { name: "sessionDir", flag: "--session-dir", type: "string" },
  { name: "noSession", flag: "--no-session", type: "boolean" },
  { name: "continue", flag: "--continue", type: "boolean", shortFlag: "c" },
  { name: "name", flag: "--name", type: "string", shortFlag: "n" },
  { name: "extension", flag: "--extension", type: "string", shortFlag: "e", isMultiple: true },
];

export const HELP = `
  Usage
    $ agent-tui [message…]
    $ agent-tui attach [ID]          reattach to a live session (the latest of this folder without ID)
    $ agent-tui sessions [stop ID]   list the live sessions (or stop one)
    $ agent-tui fleet [--plain]      every live session here and on your hosts, which need you first

  Options
    --agent "<cmd>"        drive another pi-compatible worker (e.g. "pi --mode rpc")
    --demo                 run the bundled agent on the offline demo provider
    --provider <name>      provider for the worker
    --model <id>           model id
    --list-models [search] print the worker's models (fuzzy search) and exit
    --thinking <level>     off | minimal | low | medium | high | xhigh
    --session <file>       open this session file
    --session-dir <dir>    where sessions are stored
    --no-session           do not persist the session
    -c, --continue         continue the most recent session
    -r, --resume           pick a session of this directory to resume
    -n, --name <name>      session name
    -e, --extension <path> load an extension (repeatable)
    --no-detach            the worker ends with agent-tui (no live session to come back to)
    -h, --help             this help
    -v, --version          agent-tui's version

  Live sessions: the bundled agent (and --agent "… agent-rpc …") keeps running when the
  terminal goes away (SIGHUP, a dropped SSH link, /detach); -c, -r and attach find it again.
${FRONT_END_HELP}
  Without an API key (and without --demo) the offline demo model answers and agent-tui says
  how to configure a provider: ANTHROPIC_API_KEY / OPENAI_API_KEY / …, models.json in
  $AGENT_TUI_HOME, or a local OpenAI-compatible server. Type /hotkeys inside for the keys.

  Keys
${keyHelp()
  .map((l) => `    ${l}`)
  .join("\n")}
    ${keyHelpRow("esc (in a picker)", "close it; ←/→ fold in /tree")}

  Transcript view (ctrl+o: the whole session on the alternate screen)
${viewKeyHelp()
  .map((l) => `    ${l}`)
  .join("\n")}

  Commands
    /model /thinking /settings /new /resume /fork /clone /tree /name /compact /export /stats
    /copy /hotkeys /quit, plus the worker's own (extensions, prompt templates, skills).
    Typing / lists them all (↑↓ choose, tab completes, enter runs). !cmd runs a shell
    command; @path adds a file reference (the same list).
`;

type FlagSpec = { type: "string" | "boolean"; shortFlag?: string; isMultiple?: boolean };

/** The flags meow parses: agent-tui's own, the front end's and the pass-through ones. */
function meowFlags(): Record<string, FlagSpec> {
  const flags: Record<string, FlagSpec> = {
    agent: { type: "string" },
    demo: { type: "boolean" },
    detach: { type: "boolean" },
    resume: { type: "boolean", shortFlag: "r" },
    listModels: { type: "string" },
    ...FRONT_END_FLAGS,
  };
  for (const p of PASS_THROUGH) {
    // meow treats `--no-x` as the negation of `x`; "noSession" is declared as `session`-free boolean below.
    if (p.name === "noSession") continue;
    flags[p.name] = {
      type: p.type,
      ...(p.shortFlag ? { shortFlag: p.shortFlag } : {}),
      ...(p.isMultiple ? { isMultiple: true } : {}),
    };
  }
  return flags;
}

/** The worker's arguments from the pass-through flags as parsed (plus --provider demo for --demo). */
function passThroughArgs(f: Record<string, unknown>, noSession: boolean, demoProvider: boolean): string[] {
  const extra: string[] = [];
  if (demoProvider) extra.push("--provider", "demo");
  for (const p of PASS_THROUGH) {
    if (p.name === "noSession") {
      if (noSession) extra.push(p.flag);
      continue;
    }
    const v = f[p.name];
    if (p.type === "boolean" && v === true) extra.push(p.flag);
    else if (typeof v === "string" && v !== "") extra.push(p.flag, v);
    else if (Array.isArray(v)) for (const item of v) if (typeof item === "string") extra.push(p.flag, item);
  }
  return extra;
}

/** `agent-tui stop ID` would start a run on "stop ID": a near-miss of a subcommand is refused. */
function refuseMistypedSubcommand(input: readonly string[]): void {
  const meant = mistypedSubcommand(input);
  if (meant === undefined) return;
  const asMessage = `agent-tui "${input.join(" ")}"`;
  throw new Error(`did you mean \`${meant}\`? (to send it to the agent, quote it: ${asMessage})`);
}

/** A non-empty string flag, else undefined. */
function stringFlag(f: Record<string, unknown>, k: string): string | undefined {
  const v = f[k];
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** The worker flags the user gave, checked where agent-tui can (the thinking level). */
function requestedFlags(f: Record<string, unknown>, noSession: boolean): RequestedFlags {
  const requested: RequestedFlags = {};
  for (const k of ["provider", "model", "thinking", "name", "session"] as const) {
    const v = stringFlag(f, k);
    if (v !== undefined) requested[k] = v;
  }
  if (noSession) requested.noSession = true;
  // Checked here, so a typo is agent-tui's one line, not the worker's exit and its own usage hint.
  const thinking = requested.thinking;
  if (thinking !== undefined && !(THINKING_LEVELS as readonly string[]).includes(thinking)) {
    throw new Error(`--thinking ${thinking}: the levels are ${THINKING_LEVELS.join(", ")} (see agent-tui --help)`);
  }
  return requested;
}

export function parseTuiCli(argv: readonly string[], importMeta: ImportMeta): TuiCliOptions {
  const flags = meowFlags();
  const noSession = argv.includes("--no-session");
  const words = expandHelpAndVersion(argv.filter((a) => a !== "--no-session"));
  const unknown = unknownFlags(words, flags);
  if (unknown.length > 0) throw new Error(unknownFlagsMessage(unknown));
  const cli = meow(HELP, {
    importMeta,
    argv: words,
    flags,
    booleanDefault: undefined,
    allowUnknownFlags: false,
  });
  const f = cli.flags as Record<string, unknown>;
  const agent = typeof f["agent"] === "string" ? f["agent"] : undefined;
  const demo = f["demo"] === true;
  const base = agent ? splitCommandLine(agent) : resolveBundledWorkerCommand();
  const extra = passThroughArgs(f, noSession, demo && !agent);
  const attaching = cli.input[0] === "attach";
  refuseMistypedSubcommand(cli.input);
  const message = (attaching ? [] : cli.input).join(" ").trim();
  const requested = requestedFlags(f, noSession);
  return {
    workerCommand: [...base, ...extra],
    initialMessage: message === "" ? undefined : message,
    demo,
    customAgent: agent !== undefined,
    resume: f["resume"] === true,
    requested,
    sessionDir: stringFlag(f, "sessionDir"),
    noDetach: f["detach"] === false,
    attachId: attaching ? (cli.input[1] ?? "") : undefined,
    listModels: typeof f["listModels"] === "string" ? f["listModels"] : undefined,
    frontEnd: readFrontEnd(f, process.env),
    messageWords: cli.input,
  };
}

export const SESSIONS_USAGE = 'Usage: agent-tui sessions [stop ID] [--json] [--agent "<cmd>"]';

/** `agent-tui sessions -h`, or words it does not take: what to print, and the exit code. */
export type SessionsUsage = { usage: string; exitCode: 0 | 2 };

const SESSIONS_HELP = `${SESSIONS_USAGE}
  Lists the live sessions of this user (ID, state, client, age, pid, folder, name), then
  the dead ones (their worker died: agent-tui --session FILE resumes one);
  stop ID ends the one whose ID starts with ID, or dismisses a dead one; --json prints the list as JSON.`;

/** `agent-tui sessions …`, or undefined when argv is not that subcommand. */
export function parseSessionsCli(argv: readonly string[]): SessionsCli | SessionsUsage | undefined {
  if (argv[0] !== "sessions") return undefined;
  const args: string[] = [];
  let agent: string | undefined;
  const refuse = (what: string): SessionsUsage => ({
    usage: `agent-tui sessions: ${what}\n${SESSIONS_USAGE}`,
    exitCode: 2,
  });
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "-h" || a === "--help") return { usage: SESSIONS_HELP, exitCode: 0 };
    if (a === "stop" || a === "--stop") {
      const id = argv[++i];
      if (id === undefined || id.startsWith("-")) return refuse("stop needs the ID of a live session");
      args.push("--stop", id);
    } else if (a === "--agent") agent = argv[++i];
    else if (a.startsWith("--agent=")) agent = a.slice("--agent=".length);
    else if (a === "--json") args.push(a);
    else if (a.startsWith("-")) return refuse(unknownFlagsMessage([a]));
    else return refuse(`unexpected ${a}`);
  }
  return { args, workerCommand: agent !== undefined ? splitCommandLine(agent) : resolveBundledWorkerCommand() };
}

/** `agent-tui fleet [--plain] [--agent CMD]`: every live session here and on the hosts of settings. */
export type FleetCli = { plain: boolean; once: boolean; workerCommand: string[] };

export const FLEET_USAGE = 'Usage: agent-tui fleet [--plain [--once]] [--agent "<cmd>"]';

const FLEET_HELP = `${FLEET_USAGE}
  One list of every live session of this user, on this machine and on the hosts of settings
  fleet.hosts ([{"name": "devbox", "command": ["ssh", "devbox"]}]): what each does, which
  need you first. --plain prints the list as numbered lines and the open questions, then
  again once per change (a session's state, question or name; not its ticking figures) until
  its input ends or Ctrl+C; --once prints it once and ends.`;

/** `agent-tui fleet …`, or undefined when argv is not that subcommand. */
export function parseFleetCli(argv: readonly string[]): FleetCli | SessionsUsage | undefined {
  if (argv[0] !== "fleet") return undefined;
  let plain = false;
  let once = false;
  let agent: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "-h" || a === "--help") return { usage: FLEET_HELP, exitCode: 0 };
    if (a === "--plain") plain = true;
    else if (a === "--once") once = true;
    else if (a === "--agent") agent = argv[++i];
    else if (a.startsWith("--agent=")) agent = a.slice("--agent=".length);
    else return { usage: `agent-tui fleet: unexpected ${a}\n${FLEET_USAGE}`, exitCode: 2 };
  }
  const workerCommand = agent !== undefined ? splitCommandLine(agent) : resolveBundledWorkerCommand();
  return { plain: plain || once || process.env["TERM"] === "dumb", once, workerCommand };
}
