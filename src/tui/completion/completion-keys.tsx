// Tab for completion. The editor has no Tab binding, so this handler is the only one that
// acts on it; it is inactive while a dialog or an overlay owns the keyboard.
import type React from "react";
import { keyName } from "../keymap.js";
import { useTuiState } from "../state/use-store.js";
import type { CompletionDriver } from "./completion-driver.js";
import { useKeys } from "../components/use-keys.js";

export function CompletionKeys({ driver }: { driver: CompletionDriver }): React.ReactElement | null {
  const active = useTuiState((s) => s.ui.overlay === undefined && s.dialogs.length === 0 && !s.ui.exitRequested);
  useKeys(
    (input, key) => {
      if (keyName(input, key) === "tab") driver.complete();
    },
    // Listens next to the editor (which owns the "editor" keys) for Tab only.
    { scope: "editor", isActive: active, primary: false },
  );
  return null;
}
