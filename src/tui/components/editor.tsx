// The prompt editor view plus its single key handler (useKeys: one key at a time): keys go
// through the keymap to the controller. Inactive while a dialog owns the keyboard.
import type React from "react";
import { resolveEditorKey } from "../keymap.js";
import { editorLines } from "../render/editor-lines.js";
import { useTuiState } from "../state/use-store.js";
import { useController } from "./controller-context.js";
import { Lines } from "./lines.js";
import { useKeys } from "./use-keys.js";

export function Editor({ width, maxRows, active }: { width: number; maxRows: number; active: boolean }): React.ReactElement {
  const controller = useController();
  const editor = useTuiState((s) => s.editor);
  const busy = useTuiState((s) => s.run.busy);
  useKeys(
    (input, key) => {
      const r = resolveEditorKey(input, key);
      if (!r) return;
      if ("text" in r) {
        controller.insertText(input);
        return;
      }
      controller.run(r.action);
    },
    { scope: "editor", isActive: active },
  );
  const placeholder = busy ? "steer the agent (enter) or queue a follow-up (alt+enter)" : "message the agent · /hotkeys for keys";
  return <Lines lines={editorLines(editor.text, editor.cursor, width, maxRows, { placeholder, focused: active })} />;
}

/** Rows the editor wants for its current text (before the budget caps it). */
export function editorWantedRows(text: string, width: number): number {
  return editorLines(text, text.length, width, 1000).length;
}
