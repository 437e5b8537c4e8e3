// Copying text (/copy, `y` in the transcript view): plain OSC 52 to the terminal (tmux with its
// default set-clipboard, screen, kitty, iTerm2, WezTerm, Windows Terminal and SSH hops pass it
// on; a tmux passthrough wrapper would be dropped by default), a local clipboard program as
// well when the terminal is on this machine, and a private file. The report says what was
// done: whether a terminal applied OSC 52 cannot be known, so it is never called a success.
// What is copied is the text as a person sees it (clipboardText), never raw control characters.
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, isAbsolute, join } from "node:path";
import { ensureOwnPrivateDir, isOwnPrivateDir, visibleText, writePrivateFileAtomic } from "../../bridge/index.js";
import { formatCount } from "../state/format-count.js";

/** Terminals cap OSC 52 payloads (xterm ~100 kB); larger texts are not sent that way. */
export const OSC52_MAX_BYTES = 100_000;
const PROGRAM_TIMEOUT_MS = 3000;

export type ClipboardProgram = { name: string; args: string[] };

export type CopyResult = {
  /** OSC 52 was written to the terminal (what the terminal did with it is unknown). */
  osc52: boolean;
  bytes: number;
  /** The local clipboard program run, if any, and how it ended. */
  program: { name: string; ok: boolean; error: string | undefined } | undefined;
  file: string | undefined;
  /** Why the fallback file could not be written. */
  error: string | undefined;
};

/**
 * The text put on the clipboard: what a person sees, not the bytes a model sent. Tabs and line
 * breaks are kept (CRLF becomes LF), foreign SGR is dropped, and every other control and bidi
 * character becomes its visible placeholder as on screen (`␛`, `<U+202E>`): pasted into a shell,
 * an `ESC[201~` would end its bracketed paste and run what follows, a CR or BS would hide text.
 */
export function clipboardText(text: string): string {
  return visibleText(text);
}

/** The escape sequence that sets the clipboard to `text` (plain: no tmux/screen wrapper). */
export function osc52Sequence(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}

/** The terminal is on this machine unless we were reached over SSH. */
export function isLocalTerminal(env: NodeJS.ProcessEnv): boolean {
  return !env["SSH_CONNECTION"] && !env["SSH_TTY"] && !env["SSH_CLIENT"];
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    // Missing or not executable: the answer is no.
    return false;
  }
}

/** Whether an executable `name` is on PATH. */
export function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env["PATH"] ?? "").split(delimiter).some((dir) => dir !== "" && isExecutable(join(dir, name)));
}

/** The clipboard program for this desktop, if one is installed. */
export function findClipboardProgram(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  exists: (name: string) => boolean,
): ClipboardProgram | undefined {
  if (platform === "darwin") return exists("pbcopy") ? { name: "pbcopy", args: [] } : undefined;
  if (env["WAYLAND_DISPLAY"] && exists("wl-copy")) return { name: "wl-copy", args: [] };
  if (env["DISPLAY"]) {
    if (exists("xclip")) return { name: "xclip", args: ["-selection", "clipboard"] };
    if (exists("xsel")) return { name: "xsel", args: ["--clipboard", "--input"] };
  }
  return undefined;
}

/** Run `program` with `text` on stdin; resolves with how it ended (never rejects). */
export function runClipboardProgram(
  program: ClipboardProgram,
  text: string,
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; error: string | undefined }> {
  return new Promise((resolve) => {
    // stdout/stderr are not kept: xclip and wl-copy leave a child serving the selection, and
    // it would hold our pipes open. The exit of the program we started is the answer.
    const child = spawn(program.name, program.args, { stdio: ["pipe", "ignore", "ignore"], env });
    const timer = setTimeout(() => {
      child.kill();
      resolve({ ok: false, error: `no answer within ${PROGRAM_TIMEOUT_MS / 1000}s` });
    }, PROGRAM_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ ok: false, error: error.message });
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(
        code === 0
          ? { ok: true, error: undefined }
          : { ok: false, error: signal ? `killed by ${signal}` : `exit code ${code}` },
      );
    });
    child.stdin.on("error", (error) => {
      // The program may exit before reading everything; its exit status is what we report.
      void error;
    });
    child.stdin.end(text);
  });
}

/**
 * Where the fallback file goes: a directory only this user can enter. $XDG_RUNTIME_DIR (per
 * user, 0700, gone at logout) when it is one, else `agent-tui-<uid>` in the temp directory, whose
 * name another local user could take first: ensureOwnPrivateDir checks it before each use.
 */
export function defaultCopyDir(env: NodeJS.ProcessEnv, tmp: string = tmpdir()): string {
  const runtime = env["XDG_RUNTIME_DIR"];
  if (runtime && isAbsolute(runtime) && isOwnPrivateDir(runtime)) return join(runtime, "agent-tui");
  const uid = process.getuid?.();
  return join(tmp, uid === undefined ? "agent-tui" : `agent-tui-${uid}`);
}

export type ClipboardOptions = {
  /** Writes to the terminal (for OSC 52). */
  write: (data: string) => void;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Directory of the fallback file (default: defaultCopyDir); it must be this user's own. */
  dir?: string;
  /** Injected for tests: program lookup and execution. */
  findProgram?: (env: NodeJS.ProcessEnv, platform: NodeJS.Platform) => ClipboardProgram | undefined;
  runProgram?: (
    program: ClipboardProgram,
    text: string,
    env: NodeJS.ProcessEnv,
  ) => Promise<{ ok: boolean; error: string | undefined }>;
};

export async function copyToClipboard(raw: string, options: ClipboardOptions): Promise<CopyResult> {
  // One boundary for every way out (OSC 52, the program, the file) and every caller (/copy, y).
  const text = clipboardText(raw);
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const bytes = Buffer.byteLength(text, "utf8");
  const osc52 = bytes <= OSC52_MAX_BYTES;
  if (osc52) options.write(osc52Sequence(text));
  let program: CopyResult["program"];
  if (isLocalTerminal(env)) {
    const find = options.findProgram ?? ((e, p) => findClipboardProgram(e, p, (name) => onPath(name, e)));
    const found = find(env, platform);
    if (found) program = { name: found.name, ...(await (options.runProgram ?? runClipboardProgram)(found, text, env)) };
  }
  const dir = options.dir ?? defaultCopyDir(env);
  const file = join(dir, "last-copy.md");
  try {
    ensureOwnPrivateDir(dir);
    // A new 0600 file renamed into place: whatever was at the name (a planted symlink) is replaced, never followed.
    writePrivateFileAtomic(file, text, { overwrite: true });
    return { osc52, bytes, program, file, error: undefined };
  } catch (error) {
    return { osc52, bytes, program, file: undefined, error: error instanceof Error ? error.message : String(error) };
  }
}

/** One line saying exactly what was done with `what` (e.g. "The last answer"). */
export function describeCopy(what: string, r: CopyResult): string {
  const done: string[] = [];
  if (r.program?.ok) done.push(`copied to the clipboard with ${r.program.name}`);
  done.push(
    r.osc52
      ? "sent to the terminal clipboard (OSC 52)"
      : `not sent with OSC 52 (${formatCount(r.bytes)} bytes; terminals take about 100 kB)`,
  );
  if (r.program && !r.program.ok) done.push(`${r.program.name} failed: ${r.program.error ?? "unknown error"}`);
  if (r.file) done.push(`saved to ${r.file}`);
  else if (r.error) done.push(`could not save a copy to a file: ${r.error}`);
  return `${what}: ${done.join("; ")}.`;
}
