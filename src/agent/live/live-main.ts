// Entry of `agent-rpc attach` and `agent-rpc sessions` (bin/agent-rpc.js routes them here before
// loading the agent): a relay starts for every attach and reconnect, so it loads only what it uses.
import { liveAccessRefusal } from "./live-paths.js";
import { runAttach } from "./relay.js";
import { runSessions } from "./sessions-command.js";
import { guardTerminalStderr } from "../terminal-stderr.js";

guardTerminalStderr();

const [subcommand, ...rest] = process.argv.slice(2);
const code = await (subcommand === "attach" ? runAttach(rest) : runSessions(rest)).catch((error: unknown) => {
  // Another user's sessions: refused, and said so in a line rather than a stack.
  const refusal = liveAccessRefusal(error);
  if (refusal === undefined) throw error;
  process.stderr.write(`agent-rpc ${subcommand === "attach" ? "attach" : "sessions"}: ${refusal}\n`);
  return 1;
});
// -1: a relay is running; it exits when its connection closes.
if (code >= 0) process.exit(code);
