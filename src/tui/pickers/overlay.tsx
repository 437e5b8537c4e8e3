// The overlay renderer given to <App overlay>: while a picker is open it takes the place of
// the live region's input, with the footer kept underneath and, while the agent works, its run
// above (run-behind.tsx).
import type React from "react";
import { Box } from "ink";
import type { OverlayRenderer } from "../components/app.js";
import { Lines } from "../components/lines.js";
import { footerLine } from "../render/footer-lines.js";
import { useTuiState } from "../state/use-store.js";
import { usePalette } from "../components/use-palette.js";
import { PICKER_OVERLAY, type PickerHost } from "./picker-host.js";
import { PickerView } from "./picker-view.js";
import { RunBehind } from "./run-behind.js";

function Footer({ width }: { width: number }): React.ReactElement {
  const footer = useTuiState((s) => s.footer);
  return <Lines lines={[footerLine(footer, width, usePalette())]} />;
}

/** The rows above the picker a running agent may use: the frame stays shorter than the terminal. */
function RunAbove({ width, pickerRows }: { width: number; pickerRows: number }): React.ReactElement {
  const rows = useTuiState((s) => s.ui.rows);
  return <RunBehind width={width} maxRows={rows - pickerRows - 2} />;
}

export function createOverlayRenderer(host: PickerHost): OverlayRenderer {
  return (name, { width, maxRows }) => {
    if (name !== PICKER_OVERLAY) return null;
    return (
      <Box flexDirection="column">
        <RunAbove width={width} pickerRows={maxRows} />
        <PickerView host={host} width={width} maxRows={Math.max(3, maxRows - 1)} />
        <Footer width={width} />
      </Box>
    );
  };
}
