// The prompt editor view plus its single key handler (useKeys: one key at a time): keys go
// through the keymap to the controller. Inactive while a dialog owns the keyboard.
import type React from "react";
import { useRef } from "react";
import { actionKey, resolveEditorKey } from "../input/keymap.js";
import { createRepeatTracker } from "../input/key-repeat.js";
import { watchingLive } from "../state/worker-info.js";
import { editorLines, editorRowCount, searchLine } from "../render/editor-lines.js";
import { editorDoc } from "../state/editor.js";
import { visualRange } from "../state/vim/visual-mode.js";
import type { EditorState } from "../state/types.js";
import { useTuiState } from "../state/use-store.js";
import { useController } from "./controller-context.js";
import { Lines } from "./lines.js";
import { useKeys } from "../input/use-keys.js";
import { usePalette } from "./use-palette.js";
import { useKeymap } from "../input/keymap-context.js";

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
  const vim = useTuiState((s) => s.vim);
  const palette = usePalette();
  const repeats = useRef(createRepeatTracker());
  const keymap = useKeymap();
  const watching = useTuiState(watchingLive);
  useKeys(
    (input, key) => {
      if (controller.vimKey(input, key, keymap)) return;
      const repeat = repeats.current(input, key, Date.now(), keymap);
      if (repeat) {
        controller.run(repeat);
        return;
      }
      const r = resolveEditorKey(input, key, keymap);
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
  const search = editor.search ? [searchLine(editor.search, width, palette)] : [];
  const selection =
    vim && vim.mode !== "normal" && vim.mode !== "insert" ? visualRange(editor.text, vim, editor.cursor) : undefined;
  const rows = editorLines(editorDoc(editor), editor.cursor, width, maxRows - search.length, {
    palette,
    placeholder,
    focused: active && !editor.search,
    ...(selection ? { selection } : {}),
  });
  return <Lines lines={[...search, ...rows]} />;
}

/** Rows the editor wants for its current text, up to `cap` (the budget caps it anyway). */
export function editorWantedRows(editor: EditorState, width: number, cap: number): number {
  return editorRowCount(editorDoc(editor), width, cap) + (editor.search ? 1 : 0);
}
