// The connection as the TUI's views and commands use it: requests and dialog answers. What the
// connection knows (capabilities, supervisor, live session) reaches them as notices in the store.
// Its own module so that the commands and the notice adapter can both name it without importing
// each other.
import type { WorkerConnection } from "../../bridge/index.js";

export type TuiConnection = Pick<WorkerConnection, "rpc" | "respondToUi">;
