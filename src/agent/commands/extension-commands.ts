// get_commands (docs/protocol.md §3.2.3): extension commands, then prompt templates, then skills, each
// with pi 0.73's `sourceInfo` and the older `location`/`path` keys (ours emits the union).
import type { CommandTable } from "./command-table.js";

export const extensionCommands: CommandTable = {
  async get_commands(_cmd, { services }) {
    return { commands: services.extensions?.listCommands() ?? [] };
  },
};
