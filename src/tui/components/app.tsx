// The Ink root: <Static> transcript above, live region below, inside the store and
// controller contexts. An overlay slot (pickers, session browser) replaces the
// live region's input while it is open.
import type React from "react";
import { useLayoutEffect } from "react";
import { Box } from "ink";
import type { Controller } from "../controller.js";
import type { Store } from "../state/store.js";
import { StoreContext, useTuiState } from "../state/use-store.js";
import { ControllerContext } from "./controller-context.js";
import { LiveRegion } from "./live-region.js";
import { TranscriptView } from "../transcript-view/transcript-view.js";
import { Transcript } from "./transcript.js";
import { KeyRouterRoot } from "../input/use-keys.js";

export type OverlayRenderer = (
  name: string,
  props: { width: number; maxRows: number; close: () => void },
) => React.ReactElement | null;

function Overlay({ render }: { render: OverlayRenderer | undefined }): React.ReactElement | null {
  const name = useTuiState((s) => s.ui.overlay);
  const columns = useTuiState((s) => s.ui.columns);
  const rows = useTuiState((s) => s.ui.rows);
  if (!name || !render) return null;
  return render(name, { width: columns - 1, maxRows: Math.max(3, Math.floor(rows / 2)), close: () => undefined });
}

/**
 * An open overlay replaces the live region: the editor would read the same keys, and both
 * together could outgrow the terminal. A dialog from the agent takes precedence over it. The
 * transcript view replaces everything (it draws its own dialogs).
 */
function Body({ overlay }: { overlay: OverlayRenderer | undefined }): React.ReactElement | null {
  const name = useTuiState((s) => s.ui.overlay);
  const dialogs = useTuiState((s) => s.dialogs.length);
  const viewing = useTuiState((s) => s.ui.transcriptView !== undefined);
  const noFrame = useTuiState((s) => s.ui.exitRequested === "no_frame");
  if (noFrame) return null;
  if (viewing) return <TranscriptView />;
  if (name && overlay && dialogs === 0) return <Overlay render={overlay} />;
  return <LiveRegion />;
}

/** Reports, once committed, the frame drawn for leaving (app/exit-frame.ts says why it matters). */
function ExitFrameCommitted({ onCommit }: { onCommit: (() => void) | undefined }): null {
  const leaving = useTuiState((s) => s.ui.exitRequested !== false);
  useLayoutEffect(() => {
    if (leaving) onCommit?.();
  }, [leaving, onCommit]);
  return null;
}

type AppProps = {
  store: Store;
  controller: Controller;
  overlay?: OverlayRenderer;
  /** Called once the frame drawn for leaving is committed. */
  onExitFrame?: () => void;
  /** Invisible helpers that need the contexts (Tab completion keys). */
  children?: React.ReactNode;
};

export function App(props: AppProps): React.ReactElement {
  return (
    <StoreContext.Provider value={props.store}>
      <ControllerContext.Provider value={props.controller}>
        <KeyRouterRoot overlays={props.overlay !== undefined}>
          <Transcript />
          <Box flexDirection="column">
            <Body overlay={props.overlay} />
          </Box>
          {props.children}
          <ExitFrameCommitted onCommit={props.onExitFrame} />
        </KeyRouterRoot>
      </ControllerContext.Provider>
    </StoreContext.Provider>
  );
}
