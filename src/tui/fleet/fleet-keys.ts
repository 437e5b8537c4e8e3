// The fleet view's keys, by what the view is doing: the list (keymap.ts names them), the filter
// and the new-session form (typing), the stop question (y or anything else), a peek (any key
// closes it). While a question is being answered its dialog owns the keys (fleet-answer.tsx).
import type { Key } from "ink";
import { resolveFleetKey } from "../input/fleet-keymap.js";
import { keyName, type Keymap } from "../input/keymap.js";
import type { FleetEffects } from "./fleet-effects.js";
import { selectedRow, type FleetViewAction, type FleetViewState, type NewSessionForm } from "./fleet-state.js";

type Dispatch = (a: FleetViewAction) => void;

const HERE = "That is the session on this screen: enter goes back to it, where its questions are; /quit ends it.";

const printable = (input: string, key: Key): string | undefined =>
  keyName(input, key) === undefined && input !== "" && !/[\u0000-\u001f\u007f]/.test(input) ? input : undefined;

/** What a key acts on: the view's state and dispatch, its effects, the keymap in force. */
export type FleetKeyTarget = { dispatch: Dispatch; fx: FleetEffects; keymap: Keymap };

function listKey(s: FleetViewState, input: string, key: Key, height: number, target: FleetKeyTarget) {
  const { dispatch, fx } = target;
  const action = resolveFleetKey(input, key, target.keymap);
  const row = selectedRow(s);
  const session = row && row.state !== "unreachable" ? row : undefined;
  // The session on this screen (not a live one, fleet/own-session.ts): Enter goes back to it; its
  // questions, its output and its end are there.
  if (session?.here && (action === "open" || action === "peek" || action === "stop" || action === "answer"))
    return action === "open" ? fx.close() : dispatch({ type: "message", text: HERE });
  switch (action) {
    case "down":
    case "up":
      return dispatch({ type: "move", by: action === "down" ? 1 : -1, height });
    case "close":
      return fx.close();
    case "filter":
      return dispatch({ type: "mode", mode: { kind: "filter" } });
    case "new":
      return dispatch({
        type: "mode",
        mode: { kind: "new", form: { field: "folder", folder: fx.cwd, worktree: false, branch: "" } },
      });
    case "open":
      return session ? fx.open(session) : undefined;
    case "peek":
      return session ? fx.peek(session) : undefined;
    case "stop":
      // A dead worker's row goes without a question: nothing runs, its files stay.
      if (session?.dead !== undefined) return fx.stop(session);
      return session ? dispatch({ type: "mode", mode: { kind: "confirm_stop", key: session.key } }) : undefined;
    case "answer":
      return dispatch({ type: "answer_selected" });
    case undefined:
      return;
    default: {
      const never: never = action;
      return never;
    }
  }
}

const FIELDS: NewSessionForm["field"][] = ["folder", "worktree", "branch"];

function formKey(form: NewSessionForm, input: string, key: Key, dispatch: Dispatch, fx: FleetEffects): void {
  const name = keyName(input, key);
  const set = (next: Partial<NewSessionForm>): void =>
    dispatch({ type: "mode", mode: { kind: "new", form: { ...form, ...next } } });
  if (name === "escape") return dispatch({ type: "mode", mode: { kind: "list" } });
  if (name === "enter") return fx.start(form);
  if (name === "tab" || name === "down" || name === "shift+tab" || name === "up") {
    const at = FIELDS.indexOf(form.field) + (name === "tab" || name === "down" ? 1 : FIELDS.length - 1);
    return set({ field: FIELDS[at % FIELDS.length] as NewSessionForm["field"] });
  }
  if (form.field === "worktree") {
    if (input === " " || name === "left" || name === "right") set({ worktree: !form.worktree });
    return;
  }
  const value = form[form.field];
  if (name === "backspace") return set({ [form.field]: Array.from(value).slice(0, -1).join("") });
  const text = printable(input, key);
  if (text !== undefined) set({ [form.field]: value + text, ...(form.field === "branch" ? { worktree: true } : {}) });
}

/** Handles one key of the fleet view in state `s`; `height`: session rows on screen. */
export function fleetKey(s: FleetViewState, input: string, key: Key, height: number, target: FleetKeyTarget): void {
  const { dispatch, fx } = target;
  const mode = s.mode;
  switch (mode.kind) {
    case "list":
      return listKey(s, input, key, height, target);
    case "filter": {
      const name = keyName(input, key);
      if (name === "enter") return dispatch({ type: "mode", mode: { kind: "list" } });
      if (name === "escape") {
        dispatch({ type: "filter_clear" });
        return dispatch({ type: "mode", mode: { kind: "list" } });
      }
      if (name === "backspace") return dispatch({ type: "filter_backspace" });
      const text = printable(input, key);
      return text !== undefined ? dispatch({ type: "filter_text", text }) : undefined;
    }
    case "peek":
      return dispatch({ type: "mode", mode: { kind: "list" } });
    case "confirm_stop": {
      const row = s.rows.find((r) => r.key === mode.key);
      if (row && (input === "y" || input === "Y")) return fx.stop(row);
      return dispatch({ type: "mode", mode: { kind: "list" } });
    }
    case "new":
      return formKey(mode.form, input, key, dispatch, fx);
    case "answer":
      return;
    default: {
      const never: never = mode;
      return never;
    }
  }
}
