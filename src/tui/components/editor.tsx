// The prompt editor view plus its single key handler (useKeys: one key at a time): keys go
// through the keymap to the controller. Inactive while a dialog owns the keyboard.
import type React from "react";
import { actionKey, resolveEditorKey } from "../input/keymap.js";
import { watchingLive } from "../state/worker-info.js";
import { editorLines, editorRowCount, searchLine } from "../render/editor-lines.js";
import { editorDoc } from "../state/editor.js";
import type { EditorState } from "../state/types.js";
import { useTuiState } from "../state/use-store.js";
import { useController } from "./controller-context.js";
import { Lines } from "./lines.js";
import { useKeys } from "../input/use-keys.js";

export function Editor({
  width,
  maxRows,
  active,
}: {
  width: number;
  maxRows: number;
  active: boolean;
}): React.ReactElement {
  const controller = useController();
  const editor = useTuiState((s) => s.editor);
  const busy = useTuiState((s) => s.run.busy);
  const watching = useTuiState(watchingLive);
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
  const placeholder = watching
    ? `watching: another terminal controls this session · ${actionKey("take_control")} takes control`
    : busy
      ? "steer the agent (enter) or queue a follow-up (alt+enter)"
      : "message the agent · /hotkeys for keys";
  const search = editor.search ? [searchLine(editor.search, width)] : [];
  const rows = editorLines(editorDoc(editor), editor.cursor, width, maxRows - search.length, {
    placeholder,
    focused: active && !editor.search,
  });
  return <Lines lines={[...search, ...rows]} />;
}

/** Rows the editor wants for its current text, up to `cap` (the budget caps it anyway). */
export function editorWantedRows(editor: EditorState, width: number, cap: number): number {
  return editorRowCount(editorDoc(editor), width, cap) + (editor.search ? 1 : 0);
}
