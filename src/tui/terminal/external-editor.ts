// Ctrl+G: edit the prompt in $VISUAL / $EDITOR. The editor owns the terminal while it runs
// (spawnSync blocks Ink's input loop); raw mode is restored afterwards.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitCommandLine } from "../../bridge/index.js";

export function createExternalEditor(
  input: NodeJS.ReadStream,
): ((text: string) => Promise<string | undefined>) | undefined {
  const editor = process.env["VISUAL"] || process.env["EDITOR"];
  if (!editor) return undefined;
  return async (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), "agent-tui-"));
    const file = join(dir, "prompt.md");
    try {
      writeFileSync(file, text);
      const [cmd, ...args] = splitCommandLine(editor);
      if (!cmd) return undefined;
      if (input.isTTY) input.setRawMode(false);
      const r = spawnSync(cmd, [...args, file], { stdio: "inherit" });
      if (input.isTTY) input.setRawMode(true);
      if (r.status !== 0) return undefined;
      return readFileSync(file, "utf8");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
