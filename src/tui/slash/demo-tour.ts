// `agent-tui --demo`: the tour on the offline demo provider. Sends the opening prompt (the
// demo model streams thinking, markdown, a tool call and a todo plan), invites the user to
// steer while it works, then runs the demo extension's /demo-ui for the dialogs.
import type { WorkerConnection } from "../../bridge/index.js";
import type { Store } from "../state/store.js";

export const DEMO_PROMPT = "Show me the agent-tui demo tour";
export const DEMO_UI_COMMAND = "demo-ui";

/**
 * Resolves when the agent has settled: `agent_settled`, or the bridge's synthesised "settled"
 * for workers without it. Not the store's busy flag: that drops at every agent_end, and a run
 * can continue after one (follow-ups, retries).
 */
function nextSettle(connection: TourConnection): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = connection.subscribe((batch) => {
      const settled = batch.some(
        (n) =>
          (n.kind === "event" && n.event.type === "agent_settled") || (n.kind === "run_state" && n.state === "settled"),
      );
      if (!settled) return;
      unsubscribe();
      resolve();
    });
  });
}

export type TourConnection = Pick<WorkerConnection, "rpc" | "subscribe">;

export async function runDemoTour(
  store: Store,
  connection: TourConnection,
  hasCommand: (name: string) => boolean,
): Promise<void> {
  const notice = (text: string): void => store.dispatch({ type: "notice", level: "info", text });
  notice(
    [
      "Demo tour — an offline scripted model, no API key needed.",
      "While it works, type a message: Enter steers it, Alt+Enter (or Ctrl+F) queues a follow-up; " +
        "both appear in the queue above the editor. Esc aborts.",
    ].join("\n"),
  );
  const settled = nextSettle(connection);
  await connection.rpc.prompt(DEMO_PROMPT);
  await settled;
  if (!hasCommand(DEMO_UI_COMMAND)) {
    notice("The tour is over. /hotkeys lists the keys; /quit or Ctrl+D leaves.");
    return;
  }
  notice("Next: the demo extension opens its dialogs (select, confirm, input, editor, a timed confirm).");
  // An extension command runs without agent_start/agent_settled: its response means done.
  // "tour": the extension leaves the editor alone (it shows set_editor_text when run by hand).
  await connection.rpc.prompt(`/${DEMO_UI_COMMAND} tour`);
  notice(
    "The tour is over. Try /model, /resume, /tree, !ls or @ file completion. " +
      "/hotkeys lists the keys; /quit or Ctrl+D leaves.",
  );
}
