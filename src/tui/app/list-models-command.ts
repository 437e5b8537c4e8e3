// `agent-tui --list-models [search]`: start the chosen worker without a terminal UI, ask it for
// its models (get_available_models, any pi-compatible worker) and print pi's table to stdout.
import { createWorkerConnection } from "../../bridge/index.js";
import { modelTable } from "./model-list.js";

export async function printModelList(
  command: string[],
  search: string | undefined,
  write: (text: string) => void,
): Promise<number> {
  const connection = createWorkerConnection({ command, cwd: process.cwd(), env: process.env, restart: false });
  try {
    await connection.start();
    const { models } = await connection.rpc.getAvailableModels();
    write(`${modelTable(models, search).join("\n")}\n`);
    return 0;
  } finally {
    await connection.stop();
  }
}
