// Thin Ink view of the open picker: reads it from the store, turns keys into picker
// ops through the keymap (dialog bindings + named keys), and draws pickerLines.
import type React from "react";
import { keyName, resolveDialogKey } from "../keymap.js";
import { Lines } from "../components/lines.js";
import type { PickerHost } from "./picker-host.js";
import { pickerLines } from "./picker-lines.js";
import { useKeys } from "../components/use-keys.js";
import { useTuiState } from "../state/use-store.js";

export function PickerView({ host, width, maxRows }: { host: PickerHost; width: number; maxRows: number }): React.ReactElement | null {
  const state = useTuiState((s) => s.picker);
  const page = Math.max(1, maxRows - 3);
  useKeys(
    (input, key) => {
      const name = keyName(input, key);
      if (name === "left" || name === "right" || name === "pageup" || name === "pagedown" || name === "ctrl+o") {
        if (name === "pageup") host.apply({ op: "page_up", rows: page });
        else if (name === "pagedown") host.apply({ op: "page_down", rows: page });
        else host.key(name);
        return;
      }
      const r = resolveDialogKey(input, key, false);
      if (!r) return;
      if ("text" in r) {
        // Fast typing can deliver "abc\r" as one chunk: that is text followed by Enter.
        const enter = /^[^\r\n]*\r$/.test(r.text);
        host.apply({ op: "type", text: enter ? r.text.slice(0, -1) : r.text });
        if (enter) host.choose();
        return;
      }
      switch (r.action) {
        case "up":
          host.apply({ op: "up" });
          return;
        case "down":
          host.apply({ op: "down" });
          return;
        case "confirm":
          host.choose();
          return;
        case "cancel":
          host.cancel();
          return;
        case "backspace":
          host.apply({ op: "backspace" });
          return;
        default:
          return; // yes/no/newline/paste markers mean nothing in a picker
      }
    },
    { scope: "overlay" },
  );
  if (!state) return null;
  return <Lines lines={pickerLines(state, width, maxRows)} />;
}
