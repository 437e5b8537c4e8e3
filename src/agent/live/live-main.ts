// Entry of `agent-rpc attach` and `agent-rpc sessions` (bin/agent-rpc.js routes them here before
// loading the agent): a relay starts for every attach and reconnect, so it loads only what it uses.
import { runAttach } from "./relay.js";
import { runSessions } from "./sessions-command.js";
import { guardTerminalStderr } from "../terminal-stderr.js";

guardTerminalStderr();

const [subcommand, ...rest] = process.argv.slice(2);
const code = subcommand === "attach" ? await runAttach(rest) : await runSessions(rest);
// -1: a relay is running; it exits when its connection closes.
if (code >= 0) process.exit(code);
