// Answering a fleet session's question from the list, with the very dialogs the TUI shows for
// its own worker (components/dialogs/): they run inside a store of their own holding just this
// question, and a controller whose only answer is the callback (the fleet sends it to the
// session as a watcher: attach --watch, one extension_ui_response, close). Their key router is
// nested: the fleet view ignores keys while this is up, the dialog gets them.
import type React from "react";
import { useMemo, useState } from "react";
import type { FleetDialog, UiResponse } from "../../bridge/index.js";
import type { Controller } from "../controller.js";
import { ControllerContext } from "../components/controller-context.js";
import { DialogHost } from "../components/dialogs/dialog-host.js";
import { KeyRouterRoot } from "../input/use-keys.js";
import { createInitialState } from "../state/initial-state.js";
import { createStore } from "../state/store.js";
import type { DialogRequest } from "../state/types.js";
import { StoreContext } from "../state/use-store.js";

/** The dialog the TUI would show for `d` (fleet rows carry what the registry publishes). */
export function fleetDialogRequest(d: FleetDialog, now: number): DialogRequest {
  const base = { id: d.id, title: d.title, timeoutMs: undefined, receivedAt: now };
  switch (d.method) {
    case "select":
      return { ...base, method: "select", options: d.options ?? [], diff: d.diff };
    case "confirm":
      return { ...base, method: "confirm", message: d.message ?? "" };
    case "input":
      return { ...base, method: "input", placeholder: d.message ?? "" };
    case "editor":
      // Never answered without its text: the list refuses a cut dialog (fleet-state.ts).
      return { ...base, method: "editor", prefill: d.prefill ?? "" };
    default: {
      const never: never = d.method;
      return never;
    }
  }
}

/**
 * A controller that only answers: the dialogs call nothing else (DialogHost uses answerDialog),
 * and a call of anything else is a bug to hear about, not to ignore.
 */
function answerOnlyController(onAnswer: (response: UiResponse) => void): Controller {
  const answerOnly: Pick<Controller, "answerDialog"> = { answerDialog: (_id, response) => onAnswer(response) };
  return new Proxy(answerOnly, {
    get(target, prop) {
      if (prop === "answerDialog") return target.answerDialog;
      // No external editor from the fleet's list: the editor dialog is edited in place.
      if (prop === "editExternally") return undefined;
      throw new Error(`the fleet's answer dialog has no ${String(prop)}`);
    },
  }) as Controller;
}

export function FleetAnswer(props: {
  dialog: FleetDialog;
  width: number;
  maxRows: number;
  onAnswer: (response: UiResponse) => void;
}): React.ReactElement {
  const { dialog, onAnswer, width, maxRows } = props;
  // One store per question (the dialog's own state lives there); its size only seeds it.
  const [store] = useState(() => {
    const s = createStore(createInitialState(width, maxRows));
    const request = fleetDialogRequest(dialog, Date.now());
    s.dispatch({ type: "ui_request", request: { kind: "dialog", dialog: request }, now: Date.now() });
    return s;
  });
  const controller = useMemo(() => answerOnlyController(onAnswer), [onAnswer]);
  const request = store.getState().dialogs[0];
  return (
    <StoreContext.Provider value={store}>
      <ControllerContext.Provider value={controller}>
        <KeyRouterRoot overlays={false}>
          {request ? <DialogHost dialog={request} queued={0} width={width} maxRows={maxRows} now={Date.now()} /> : null}
        </KeyRouterRoot>
      </ControllerContext.Provider>
    </StoreContext.Provider>
  );
}
