// The palette a view paints in: the store's choice (the front end's, or /settings'), built once
// per choice, so every view of one store paints alike and a new choice repaints them.
import { type Palette, paletteOf } from "../render/palette.js";
import { useTuiState } from "../state/use-store.js";

export function usePalette(): Palette {
  return paletteOf(useTuiState((s) => s.ui.palette));
}
