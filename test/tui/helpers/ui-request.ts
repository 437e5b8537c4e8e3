// Extension UI requests written by hand in tests, decoded as the bridge decodes a worker's frame
// (the protocol's decodeWorkerFrame), then turned into the UI's request as bridge-notices.ts does.
import type { ExtensionUiRequest } from "../../../src/bridge/index.js";
import { decodeWorkerFrame } from "../../../src/protocol/index.js";
import { decodeUiRequest, type UiRequest } from "../../../src/tui/state/ui-requests.js";

/** The typed request the bridge hands over; undefined where it reports an unknown event or error. */
export function wireUiRequestOrUndefined(raw: Record<string, unknown>): ExtensionUiRequest | undefined {
  const decoded = decodeWorkerFrame({ ...raw, type: "extension_ui_request" });
  return decoded.ok && decoded.value.kind === "extension_ui_request" ? decoded.value.frame : undefined;
}

/** The typed request the bridge hands over; throws for one it would not. */
export function wireUiRequest(raw: Record<string, unknown>): ExtensionUiRequest {
  const request = wireUiRequestOrUndefined(raw);
  if (request === undefined) throw new Error(`not a UI request the bridge passes on: ${JSON.stringify(raw)}`);
  return request;
}

/** `raw` as the UI's request, stamped `now`. */
export function uiRequestOf(raw: Record<string, unknown>, now: number): UiRequest {
  return decodeUiRequest(wireUiRequest(raw), now);
}
