// Which writer draws Ink's frames. By default agent-tui's own adaptations of Ink's private modules
// (row cache, inline writer, bounded transcript copy: docs/ink-adaptations.md, with what each pays).
// AGENT_TUI_INK_WRITER=ink is a bench and diagnostic switch: Ink's public options only
// (incrementalRendering), none of the patches, to measure them or to tell an Ink fault from ours.
import { installInkInstanceHooks } from "./ink-instance-hooks.js";
import { installInkRowCache } from "./ink-output-rows.js";

/** "own": agent-tui's patches; "ink": Ink 6.8's public incremental writer. */
export type InkWriter = "ink" | "own";

/** The writer asked for; the one place AGENT_TUI_INK_WRITER is read. */
export function chooseInkWriter(env: NodeJS.ProcessEnv): InkWriter {
  return env["AGENT_TUI_INK_WRITER"] === "ink" ? "ink" : "own";
}

/** What `writer` adds to the options of Ink's render(). */
export function inkWriterRenderOptions(writer: InkWriter): { incrementalRendering?: boolean } {
  return writer === "ink" ? { incrementalRendering: true } : {};
}

/** Which patches of `writer` took hold (false: that Ink differs from the one the patch knows; it draws unpatched). */
export type InkPatches = { rowCache: boolean; instanceHooks: boolean };

/** Install the patches `writer` needs into the Ink that renders; before Ink's first frame. */
export async function installInkWriter(writer: InkWriter): Promise<InkPatches> {
  if (writer === "ink") return { rowCache: false, instanceHooks: false };
  // Rows Ink already built are reused (ink-output-rows.ts); Ink's copy of every printed line is
  // bounded, and its frames send only what changed (ink-instance-hooks.ts).
  const [rowCache, instanceHooks] = await Promise.all([installInkRowCache(), installInkInstanceHooks()]);
  return { rowCache, instanceHooks };
}
