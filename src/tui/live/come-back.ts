// The command that brings a detached session back, written as this agent-tui was started, so
// it can be pasted as printed: `agent-tui attach ID` only when `agent-tui` on PATH is this
// program; else `node bin/agent-tui.js attach ID` (the script as run, relative to the folder
// when inside it), with the --agent that reaches the worker (a remote one needs it).
import { realpathSync } from "node:fs";
import { delimiter, isAbsolute, join, relative } from "node:path";

/** How this process was started (process.argv, process.execPath, process.cwd(), $PATH). */
export type Invocation = { argv: readonly string[]; execPath: string; cwd: string; pathEnv: string | undefined };

export function currentInvocation(): Invocation {
  return { argv: process.argv, execPath: process.execPath, cwd: process.cwd(), pathEnv: process.env["PATH"] };
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch (error) {
    // Not there (or not readable): it is not the program we look for.
    void error;
    return undefined;
  }
}

/** Whether the shell finds `name` on PATH as the file `target`. */
function onPathAs(name: string, target: string, pathEnv: string | undefined): boolean {
  const want = real(target);
  if (want === undefined) return false;
  for (const dir of (pathEnv ?? "").split(delimiter)) {
    if (dir === "" || !isAbsolute(dir)) continue;
    const found = real(join(dir, name));
    if (found !== undefined) return found === want;
  }
  return false;
}

/** Characters a terminal would act on or reorder (a path is foreign text): escaped, never printed. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A word as a POSIX shell reads it back; one with control characters in bash's $'…' escapes. */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  if (!UNPRINTABLE.test(word)) return `'${word.replace(/'/g, "'\\''")}'`;
  const escaped = [...word]
    .map((ch) => {
      if (ch === "\\" || ch === "'") return `\\${ch}`;
      if (!UNPRINTABLE.test(ch)) return ch;
      const cp = ch.codePointAt(0) ?? 0;
      return cp < 0x80 ? `\\x${cp.toString(16).padStart(2, "0")}` : `\\u${cp.toString(16).padStart(4, "0")}`;
    })
    .join("");
  return `$'${escaped}'`;
}

/** The words that start agent-tui again the way it was started this time. */
export function startWords(inv: Invocation): string[] {
  const script = inv.argv[1];
  if (script === undefined) return ["agent-tui"];
  if (onPathAs("agent-tui", script, inv.pathEnv)) return ["agent-tui"];
  // A launcher without .js (an npm bin link) runs by its shebang; a .js file needs node.
  const inside = relative(inv.cwd, script);
  const shown = inside !== "" && !inside.startsWith("..") && !isAbsolute(inside) ? inside : script;
  if (!script.endsWith(".js")) return [shown.includes("/") ? shown : `./${shown}`];
  const node = onPathAs("node", inv.execPath, inv.pathEnv) ? "node" : inv.execPath;
  return [node, shown];
}

/** The --agent the user gave, if any: the worker lives where it reaches. */
function agentFlag(argv: readonly string[]): string[] {
  for (let i = 2; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === "--") break;
    if (word === "--agent" && argv[i + 1] !== undefined) return ["--agent", argv[i + 1] as string];
    if (word.startsWith("--agent=")) return ["--agent", word.slice("--agent=".length)];
  }
  return [];
}

/** `node bin/agent-tui.js attach 01a24f12-107f`, ready to paste. */
export function comeBackCommand(inv: Invocation, id: string): string {
  return [...startWords(inv), "attach", id.slice(0, 13), ...agentFlag(inv.argv)].map(shellWord).join(" ");
}
