// Committed transcript entries as the live screen's rows (printed once into <Static>): drawn by
// the entry's block (blocks/), in colour, collapsed unless ctrl+o expanded the tools.
import { blockRows } from "../blocks/index.js";
import type { Entry, LinkTarget } from "../state/types.js";
import type { Palette } from "./palette.js";

export { promptPreview } from "../blocks/user.js";

/** `links`: where file paths link to (none: no links). */
export type EntryRenderOptions = {
  width: number;
  showThinking: boolean;
  toolsExpanded: boolean;
  palette: Palette;
  links?: LinkTarget;
};

/** Rows for one committed entry. The first row of a new block is a blank spacer. */
export function entryLines(e: Entry, o: EntryRenderOptions): string[] {
  const fold = o.toolsExpanded ? "full" : "collapsed";
  const links = o.links ? { links: o.links } : {};
  return blockRows(e, {
    width: o.width,
    fold,
    style: "color",
    palette: o.palette,
    showThinking: o.showThinking,
    ...links,
  });
}
