// agent-rpc entry: parse the CLI, load configuration, open the session, wire the runtime,
// extensions and command table, then serve JSONL on stdin/stdout (or, for `serve`, on a live
// socket; `attach` and `sessions` start at live/live-main.ts). pi-ai and pi-agent-core are
// loaded lazily (first prompt) so that the worker answers get_state quickly.

import { CliError, HELP_TEXT, parseCli, type CliOptions } from "./cli.js";
import { startAgent } from "./agent-server.js";
import { exitOnStartFailure } from "./start-failure.js";
import { packageVersion } from "./package-version.js";
import { guardTerminalStderr } from "./terminal-stderr.js";

function parseOrExit(argv: readonly string[]): CliOptions {
  try {
    return parseCli(argv);
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`agent-rpc: ${error.message} (see agent-rpc --help)\n`);
      process.exit(2);
    }
    throw error;
  }
}

guardTerminalStderr();
const argv = process.argv.slice(2);
serve(argv[0] === "serve" ? argv.slice(1) : argv, argv[0] === "serve");

function serve(args: readonly string[], live: boolean): void {
  const cli = { ...parseOrExit(args), serve: live };
  const version = packageVersion();
  if (cli.help) {
    process.stdout.write(HELP_TEXT);
  } else if (cli.version) {
    process.stdout.write(`${version}\n`);
  } else {
    startAgent({ cli, version, cwd: process.cwd() }).catch(exitOnStartFailure);
  }
}
