// Prompt history per project, kept across runs like a shell's: one file per working directory
// under $AGENT_TUI_HOME/history (0700), mode 0600, one JSON string per line (prompts span
// lines), appended as prompts are sent and cut back to the newest entries when it grows.
// Secrets in a prompt (keys, tokens, secret env values) are redacted before it is written, as
// in session files.
import { closeSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDir, openPrivateAppend, redactSecrets, writePrivateFileAtomic } from "../../bridge/index.js";
import { tuiHome } from "./settings-file.js";
import type { Store } from "../state/store.js";

/** Entries kept (HISTSIZE); the file is rewritten to this many once it holds twice as many. */
export const HISTORY_SIZE = 1000;
/** Prompts longer than this (a pasted file) are not written to the file, so it stays small. */
const ENTRY_MAX_CHARS = 64 * 1024;

export type PromptHistory = {
  /** Oldest first. */
  load(): string[];
  add(prompt: string): void;
  readonly path: string;
};

/** The history file of `cwd` (the same slug as the session directories). */
export function promptHistoryPath(env: NodeJS.ProcessEnv, cwd: string): string {
  const slug = `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
  return join(tuiHome(env), "history", `${slug}.jsonl`);
}

function parseLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    try {
      const v: unknown = JSON.parse(line);
      if (typeof v === "string" && v.trim() !== "") out.push(v);
    } catch (error) {
      void error; // a line torn by a crash mid-append is skipped, as a shell would
    }
  }
  return out;
}

/** `report` hears about I/O failures: history is a convenience, never a reason to stop. */
export function createPromptHistory(
  env: NodeJS.ProcessEnv,
  cwd: string,
  report: (message: string) => void,
  size = HISTORY_SIZE,
): PromptHistory {
  const path = promptHistoryPath(env, cwd);
  const redact = (text: string): string => redactSecrets(text, env);
  let lines = 0;
  return {
    path,
    load() {
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT")
          report(`Could not read the prompt history: ${(error as Error).message}`);
        return [];
      }
      const all = parseLines(text);
      lines = all.length;
      return all.slice(-size);
    },
    add(prompt) {
      if (prompt.length > ENTRY_MAX_CHARS) return;
      try {
        ensurePrivateDir(join(path, ".."), { tighten: true });
        const fd = openPrivateAppend(path);
        try {
          writeSync(fd, `${JSON.stringify(redact(prompt))}\n`);
        } finally {
          closeSync(fd);
        }
        lines += 1;
        if (lines <= size * 2) return;
        // Bounded like HISTFILESIZE: keep the newest entries, replace the file atomically.
        const kept = parseLines(readFileSync(path, "utf8")).slice(-size);
        writePrivateFileAtomic(path, kept.map((p) => `${JSON.stringify(p)}\n`).join(""), { overwrite: true });
        lines = kept.length;
      } catch (error) {
        report(`Could not save the prompt history: ${(error as Error).message}`);
      }
    },
  };
}

/** Put this project's history into the editor's (Up, Ctrl+R); returns what records a sent prompt. */
export function loadPromptHistory(store: Store, env: NodeJS.ProcessEnv, cwd: string): (prompt: string) => void {
  const history = createPromptHistory(env, cwd, (text) => store.dispatch({ type: "notice", level: "warning", text }));
  store.dispatch({ type: "editor", op: { op: "load_history", entries: history.load() } });
  return (prompt) => history.add(prompt);
}
