// One committed transcript entry (user message, assistant markdown, thinking block, tool
// execution, notice, !cmd output): rendered once into <Static> at the width of that moment,
// from the rows built ahead of this render when there are some (render/prepared-lines.ts).
import type React from "react";
import type { EntryRenderOptions } from "../render/entry-lines.js";
import { takeEntryLines } from "../render/prepared-lines.js";
import type { Entry } from "../state/types.js";
import { Lines } from "./lines.js";

export function EntryView({
  entry,
  options,
}: {
  entry: Entry;
  options: EntryRenderOptions;
}): React.ReactElement | null {
  return <Lines lines={takeEntryLines(entry, options)} />;
}
