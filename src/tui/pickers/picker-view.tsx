// Thin Ink view of the open picker: reads it from the store, turns keys into picker ops
// through the keymap (PICKER_BINDINGS; printable keys type the search), and draws pickerLines.
import type React from "react";
import { resolvePickerKey } from "../input/keymap.js";
import { Lines } from "../components/lines.js";
import type { PickerHost } from "./picker-host.js";
import { pickerLines } from "./picker-lines.js";
import { useKeys } from "../input/use-keys.js";
import { useTuiState } from "../state/use-store.js";
import { usePalette } from "../components/use-palette.js";
import { useKeymap } from "../input/keymap-context.js";

export function PickerView({
  host,
  width,
  maxRows,
}: {
  host: PickerHost;
  width: number;
  maxRows: number;
}): React.ReactElement | null {
  const state = useTuiState((s) => s.picker);
  const palette = usePalette();
  const page = Math.max(1, maxRows - 3);
  const keymap = useKeymap();
  useKeys(
    (input, key) => {
      const r = resolvePickerKey(input, key, keymap);
      if (!r) return;
      // A chunk of typing was split into keys before it got here (key-chunks.ts): text is text.
      if ("text" in r) return host.apply({ op: "type", text: r.text });
      switch (r.action) {
        case "up":
          return host.apply({ op: "up" });
        case "down":
          return host.apply({ op: "down" });
        case "page_up":
          return host.apply({ op: "page_up", rows: page });
        case "page_down":
          return host.apply({ op: "page_down", rows: page });
        case "choose":
          return host.choose();
        case "cancel":
          return host.cancel();
        case "backspace":
          return host.apply({ op: "backspace" });
        case "fold":
        case "unfold":
        case "toggle_settings":
          return host.key(r.action);
        default: {
          const never: never = r.action;
          return never;
        }
      }
    },
    { scope: "overlay" },
  );
  if (!state) return null;
  return <Lines lines={pickerLines(state, width, maxRows, palette)} />;
}
