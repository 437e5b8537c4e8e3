// The footer's folder and branch, the root `@` completion lists and the folder file links resolve
// against are the worker's: a live
// session runs in the folder it was started in, which need not be this terminal's
// (`cd /tmp && agent-tui attach ID`, -c or /resume onto a live session). Every attach answer
// carries the worker's state; its cwd (or get_state's, from a worker whose answer lacks it) wins.
import type { WorkerConnection } from "../../bridge/index.js";
import { gitBranch } from "../app/workspace.js";
import type { Store } from "../state/store.js";

export function followWorkerFolder(store: Store, connection: WorkerConnection, remoteHost: string | undefined): void {
  const apply = (cwd: string | undefined): void => {
    if (cwd === undefined || cwd === "" || store.getState().footer.cwd === cwd) return;
    // A remote worker's folder is on its machine: no branch read from here.
    const place = remoteHost === undefined ? { branch: gitBranch(cwd) } : { branch: undefined, host: remoteHost };
    store.dispatch({ type: "workspace", cwd, ...place });
    // File links name paths relative to the worker's folder: while they are on, they follow it.
    const links = store.getState().ui.links;
    if (links !== undefined) store.dispatch({ type: "links", target: { ...links, cwd } });
  };
  connection.subscribe((batch) => {
    for (const n of batch) {
      if (n.kind !== "live_attached" || n.mode === "resumed") continue;
      if (n.state?.cwd !== undefined) apply(n.state.cwd);
      else {
        connection.rpc.getState().then(
          (state) => apply(state.cwd),
          (error: unknown) => {
            // The link is gone again: the next attach answer says where the worker runs.
            void error;
          },
        );
      }
    }
  });
}
