// The review's screen (/diff): a thin Ink view over the review state (state/review.ts) and its
// rows (review-lines.ts). Its frame is a row shorter than the terminal and starts with the
// transcript view's tag, so the screen switch draws it on the alternate screen and gives the
// terminal back as it was when it closes. Keys: the reason line while one is typed, y/n while a
// conflict is asked about, the review keys otherwise.
import type React from "react";
import { Box, Text } from "ink";
import type { Key } from "ink";
import { resolveDialogKey, viewKeypresses } from "../input/keymap.js";
import { useKeymap } from "../input/keymap-context.js";
import type { Keymap } from "../input/keymap.js";
import { resolveReviewKey, reviewHint } from "../input/review-keymap.js";
import { useKeys } from "../input/use-keys.js";
import { guardRow } from "../render/sanitize.js";
import type { Store } from "../state/store.js";
import { useStore, useTuiState } from "../state/use-store.js";
import { VIEW_FRAME_TAG } from "../transcript-view/screen-switch.js";
import { Lines } from "../components/lines.js";
import { usePalette } from "../components/use-palette.js";
import type { ReviewHost } from "./review-host.js";
import { reviewRows } from "./review-lines.js";

/** One key: read from the store at the key, not the last render (keys come faster than frames). */
function reviewKey(store: Store, host: ReviewHost, keymap: Keymap, input: string, key: Key): void {
  const review = store.getState().review;
  if (!review) return;
  if (review.reason !== undefined) {
    const r = resolveDialogKey(input, key, false, keymap);
    if (!r) return;
    if ("text" in r) return host.reason({ type: "text", text: r.text });
    if (r.action === "confirm") return host.reason({ type: "submit" });
    if (r.action === "cancel" || r.action === "backspace") host.reason({ type: r.action });
    return;
  }
  if (review.confirm) {
    const r = resolveDialogKey(input, key, true, keymap);
    if (r && "action" in r && (r.action === "yes" || r.action === "no" || r.action === "cancel"))
      host.answer(r.action === "yes");
    return;
  }
  const action = resolveReviewKey(input, key, keymap);
  if (action) host.key(action);
}

function useReviewKeys(host: ReviewHost): void {
  const store = useStore();
  const keymap = useKeymap();
  useKeys(
    (input, key) => {
      // Keys typed faster than one read arrive as one chunk ("jx"): each character is a key,
      // except while a reason is typed, where the chunk is text.
      const typing = store.getState().review?.reason !== undefined;
      for (const k of typing ? [{ input, key }] : viewKeypresses(input, key))
        reviewKey(store, host, keymap, k.input, k.key);
    },
    { scope: "overlay" },
  );
}

export function ReviewView({ host }: { host: ReviewHost }): React.ReactElement | null {
  const review = useTuiState((s) => s.review);
  const columns = useTuiState((s) => s.ui.columns);
  const rows = useTuiState((s) => s.ui.rows);
  const links = useTuiState((s) => s.ui.links);
  useReviewKeys(host);
  const keymap = useKeymap();
  const palette = usePalette();
  if (!review) return null;
  const width = Math.max(20, columns - 1);
  const lines = reviewRows(review, width, Math.max(3, rows - 1), { palette, links, hint: reviewHint(keymap) });
  return (
    <Box flexDirection="column">
      <Text>{VIEW_FRAME_TAG + guardRow(lines[0] ?? "")}</Text>
      <Lines lines={lines.slice(1)} />
    </Box>
  );
}
