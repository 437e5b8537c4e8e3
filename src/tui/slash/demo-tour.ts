// `agent-tui --demo`: the tour on the offline demo provider. Sends the opening prompt (the
// demo model streams thinking, markdown, a tool call and a todo plan), invites the user to
// steer while it works, then runs the demo extension's /demo-ui for the dialogs.
import type { TuiConnection } from "../connection.js";
import type { Store } from "../state/store.js";

export const DEMO_PROMPT = "Show me the agent-tui demo tour";
export const DEMO_UI_COMMAND = "demo-ui";

/** Resolves when the store has seen the agent busy and then idle again. */
function nextSettle(store: Store): Promise<void> {
  return new Promise((resolve) => {
    let seenBusy = store.getState().run.busy;
    const unsubscribe = store.subscribe(() => {
      const busy = store.getState().run.busy;
      if (busy) seenBusy = true;
      else if (seenBusy) {
        unsubscribe();
        resolve();
      }
    });
  });
}

export async function runDemoTour(store: Store, connection: TuiConnection, hasCommand: (name: string) => boolean): Promise<void> {
  const notice = (text: string): void => store.dispatch({ type: "notice", level: "info", text });
  notice(
    [
      "Demo tour — an offline scripted model, no API key needed.",
      "While it works, type a message: Enter steers it, Alt+Enter (or Ctrl+F) queues a follow-up; both appear in the queue above the editor. Esc aborts.",
    ].join("\n"),
  );
  const settled = nextSettle(store);
  await connection.rpc.prompt(DEMO_PROMPT);
  await settled;
  if (!hasCommand(DEMO_UI_COMMAND)) {
    notice("The tour is over. /hotkeys lists the keys; /quit or Ctrl+D leaves.");
    return;
  }
  notice("Next: the demo extension opens its dialogs (select, confirm, input, editor, a timed confirm).");
  // An extension command runs without agent_start/agent_settled: its response means done.
  await connection.rpc.prompt(`/${DEMO_UI_COMMAND}`);
  notice("The tour is over. Try /model, /resume, /tree, !ls or @ file completion. /hotkeys lists the keys; /quit or Ctrl+D leaves.");
}
