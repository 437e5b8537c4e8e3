// The worker's own slash commands for completion: pi/agent-rpc answer get_commands; oh-my-pi has
// none and announces them with `available_commands_update` events and `get_available_commands`.
// omp runs such a command when it arrives as a `prompt` text ("/name args", trace fact 15).
// The bridge decodes omp's list (decodeAvailableCommands).
import { BridgeError, decodeAvailableCommands, type SlashCommandInfo } from "../../bridge/index.js";
import type { SlashContext } from "./slash-registry.js";
import type { TuiConnection } from "../session/tui-connection.js";
import type { Store } from "../state/store.js";
import { workerSupports } from "../state/worker-info.js";

/** The worker's commands live in the store (`worker.slashCommands`); this reads and refreshes them. */
export type WorkerCommands = {
  list(): readonly SlashCommandInfo[];
  /** Re-read get_commands, or omp's get_available_commands (after start, restart and session changes). */
  refresh(): Promise<void>;
};

export function createWorkerCommands(store: Store, connection: TuiConnection): WorkerCommands {
  // Completion follows the list on screen at once: its deriver watches this slice.
  const set = (next: SlashCommandInfo[]): void =>
    store.dispatch({ type: "worker_info", info: { slashCommands: next } });
  const supported = (type: string): boolean => workerSupports(store.getState(), type);
  return {
    list: () => store.getState().worker.slashCommands,
    async refresh() {
      if (supported("get_commands")) {
        try {
          set((await connection.rpc.getCommands()).commands);
          return;
        } catch (error) {
          // omp answers "Unknown command: get_commands" (capabilities may not be probed yet).
          if (!(error instanceof BridgeError && error.kind === "unsupported")) throw error;
        }
      }
      if (!supported("get_available_commands")) {
        // Neither command: keep what available_commands_update announced (bridge-notices.ts).
        return;
      }
      try {
        set(decodeAvailableCommands(await connection.rpc.send("get_available_commands")));
      } catch (error) {
        if (error instanceof BridgeError && error.kind === "unsupported") return;
        throw error;
      }
    },
  };
}

/** Run a worker command as omp expects: the `/name args` text as a prompt (steered in while busy). */
export async function sendAsPrompt(name: string, args: string, ctx: SlashContext): Promise<void> {
  const text = args === "" ? `/${name}` : `/${name} ${args}`;
  if (ctx.store.getState().run.busy) await ctx.connection.rpc.prompt(text, { streamingBehavior: "steer" });
  else await ctx.connection.rpc.prompt(text);
}
