// Command-line parsing for agent-rpc (its flags). Pure: returns options or throws CliError,
// so main.ts decides how to report (stderr + exit 2) and tests can call it directly.

import type { ThinkingLevelName } from "./providers/thinking.js";
import { isThinkingLevel } from "./providers/thinking.js";

export interface CliOptions {
  mode: "rpc";
  provider?: string;
  model?: string;
  thinking?: ThinkingLevelName;
  noSession: boolean;
  sessionDir?: string;
  session?: string;
  continueSession: boolean;
  name?: string;
  extensions: string[];
  version: boolean;
  help: boolean;
  /** `agent-rpc serve`: a live worker on a Unix socket instead of stdio. */
  serve?: boolean;
  /** A live worker started in place by `attach --or-serve`: its stdin/stdout are its first client. */
  stdioLink?: boolean;
  /** Live worker: exit after this many seconds detached and idle. */
  idleExitSeconds?: number;
}

export class CliError extends Error {}

export const HELP_TEXT = `agent-rpc — headless coding agent speaking the pi RPC protocol (JSONL on stdin/stdout)

Usage: agent-rpc [--mode rpc] [options]
       agent-rpc attach [ID] [--or-start [options]]   relay stdio to a live worker (starting one)
       agent-rpc attach [--or-serve [options]]        the same, but a new worker runs in this process,
                                                      serving stdio (start it in its own process group)
       agent-rpc attach [--or-run [options]]          the same, but with none a plain worker serves stdio
       agent-rpc attach ID --take | --watch           take control at once, or only watch (when another
                                                      client controls, an attach watches until it takes control)
       agent-rpc serve [options]                      run a live worker on a Unix socket
       agent-rpc sessions [--json] [--stop ID]        list (or stop) live workers
       agent-rpc sessions --json --watch              the list again on every change, until stdin closes

Options:
  --mode rpc             protocol mode (the only mode)
  --provider <name>      provider to use (e.g. anthropic, openai, a models.json provider, demo)
  --model <pattern>      model id, provider/id, optionally with :<thinking> suffix
  --thinking <level>     off, minimal, low, medium, high, xhigh
  --no-session           do not persist the session
  --session-dir <dir>    directory for session files
  --session <file>       open this session file
  -c, --continue         continue the most recent session
  -n, --name <name>      initial session display name
  -e, --extension <path> load an extension (repeatable)
  --idle-exit <seconds>  live worker: exit when detached and idle this long (default 30 min)
  --version              print the version
  --help                 print this help

Configuration: $AGENT_TUI_HOME (default ~/.agent-tui) holds models.json and settings.json.
Live workers keep their sockets in $AGENT_TUI_HOME/live (docs/protocol-notes.md, "Live sessions").
`;

type ValueFlag =
  | "provider"
  | "model"
  | "thinking"
  | "sessionDir"
  | "session"
  | "name"
  | "extension"
  | "mode"
  | "idleExit";

const VALUE_FLAGS: Record<string, ValueFlag> = {
  "--mode": "mode",
  "--provider": "provider",
  "--model": "model",
  "--thinking": "thinking",
  "--session-dir": "sessionDir",
  "--session": "session",
  "--name": "name",
  "-n": "name",
  "--extension": "extension",
  "-e": "extension",
  "--idle-exit": "idleExit",
};

export function parseCli(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    mode: "rpc",
    noSession: false,
    continueSession: false,
    extensions: [],
    version: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] ?? "";
    // Accept --flag=value as well as --flag value.
    const eq = raw.startsWith("--") ? raw.indexOf("=") : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    const inline = eq > 0 ? raw.slice(eq + 1) : undefined;
    switch (flag) {
      case "--no-session":
        options.noSession = true;
        continue;
      case "-c":
      case "--continue":
        options.continueSession = true;
        continue;
      case "--version":
      case "-v":
        options.version = true;
        continue;
      case "--help":
      case "-h":
        options.help = true;
        continue;
      default:
        break;
    }
    const key = VALUE_FLAGS[flag];
    if (!key) throw new CliError(`Unknown option: ${raw}`);
    let value = inline;
    if (value === undefined) {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined || (inline === undefined && value.startsWith("-") && value.length > 1)) {
      throw new CliError(`Option ${flag} needs a value`);
    }
    applyValue(options, key, value);
  }
  return options;
}

function applyValue(options: CliOptions, key: ValueFlag, value: string): void {
  switch (key) {
    case "mode":
      if (value !== "rpc") throw new CliError(`Unsupported mode: ${value} (agent-rpc only speaks --mode rpc)`);
      return;
    case "thinking":
      if (!isThinkingLevel(value)) throw new CliError(`Invalid thinking level: ${value}`);
      options.thinking = value;
      return;
    case "extension":
      options.extensions.push(value);
      return;
    case "idleExit": {
      const seconds = Number(value);
      if (!Number.isFinite(seconds) || seconds <= 0)
        throw new CliError(`Invalid --idle-exit: ${value} (seconds, more than 0)`);
      options.idleExitSeconds = seconds;
      return;
    }
    case "provider":
    case "model":
    case "sessionDir":
    case "session":
    case "name":
      options[key] = value;
      return;
    default: {
      const never: never = key;
      throw new CliError(`Unhandled option ${String(never)}`);
    }
  }
}
