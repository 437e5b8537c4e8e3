// The review's screen (/diff): a thin Ink view over the review state (state/review.ts) and its
// rows (review-lines.ts). Its frame is a row shorter than the terminal and starts with the
// transcript view's tag, so the screen switch draws it on the alternate screen and gives the
// terminal back as it was when it closes. Keys: the reason line while one is typed, y/n while a
// conflict is asked about, the review keys otherwise.
import type React from "react";
import { Box, Text } from "ink";
import { resolveDialogKey, resolveReviewKey } from "../input/keymap.js";
import { useKeys } from "../input/use-keys.js";
import { guardRow } from "../render/sanitize.js";
import { useTuiState } from "../state/use-store.js";
import { VIEW_FRAME_TAG } from "../transcript-view/screen-switch.js";
import { Lines } from "../components/lines.js";
import type { ReviewHost } from "./review-host.js";
import { reviewRows } from "./review-lines.js";

function useReviewKeys(host: ReviewHost): void {
  const reason = useTuiState((s) => s.review?.reason);
  const confirming = useTuiState((s) => s.review?.confirm !== undefined);
  useKeys(
    (input, key) => {
      if (reason !== undefined) {
        const r = resolveDialogKey(input, key, false);
        if (!r) return;
        if ("text" in r) return host.reason({ type: "text", text: r.text });
        if (r.action === "confirm") return host.reason({ type: "submit" });
        if (r.action === "cancel" || r.action === "backspace") host.reason({ type: r.action });
        return;
      }
      if (confirming) {
        const r = resolveDialogKey(input, key, true);
        if (r && "action" in r && (r.action === "yes" || r.action === "no" || r.action === "cancel"))
          host.answer(r.action === "yes");
        return;
      }
      const action = resolveReviewKey(input, key);
      if (action) host.key(action);
    },
    { scope: "overlay" },
  );
}

export function ReviewView({ host }: { host: ReviewHost }): React.ReactElement | null {
  const review = useTuiState((s) => s.review);
  const columns = useTuiState((s) => s.ui.columns);
  const rows = useTuiState((s) => s.ui.rows);
  useReviewKeys(host);
  if (!review) return null;
  const width = Math.max(20, columns - 1);
  const lines = reviewRows(review, width, Math.max(3, rows - 1));
  return (
    <Box flexDirection="column">
      <Text>{VIEW_FRAME_TAG + guardRow(lines[0] ?? "")}</Text>
      <Lines lines={lines.slice(1)} />
    </Box>
  );
}
