// Ctrl+V with an image on the clipboard: the clipboard of the machine agent-tui runs on (the
// laptop), read through the desktop's own tool, whichever exists: wl-paste (Wayland), xclip
// (X11), pngpaste or osascript (macOS), PowerShell (Windows and WSL). The image's bytes then
// travel in the prompt, so it reaches a worker on any machine. Nothing is written to disk.
import { execFile } from "node:child_process";
import { onPath } from "./clipboard.js";

const TIMEOUT_MS = 5000;
/** More than any image we send (images/image-file.ts); a bigger answer is cut off and refused. */
const MAX_OUTPUT = 64 * 1024 * 1024;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

export type ClipboardImage =
  | { kind: "image"; bytes: Uint8Array; tool: string }
  /** The clipboard holds no image (text, files, nothing). */
  | { kind: "no_image"; tool: string }
  /** No tool to read the clipboard with: `why` says what is missing. */
  | { kind: "no_tool"; why: string }
  | { kind: "error"; tool: string; error: string };

type Run = (cmd: string, args: string[]) => Promise<{ ok: true; out: Buffer } | { ok: false; error: string }>;

export type ClipboardImageOptions = {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Injected for tests: whether a program is installed, and running one. */
  exists?: (name: string) => boolean;
  run?: Run;
};

function runProgram(env: NodeJS.ProcessEnv): Run {
  return (cmd, args) =>
    new Promise((resolve) => {
      execFile(cmd, args, { encoding: "buffer", maxBuffer: MAX_OUTPUT, timeout: TIMEOUT_MS, env }, (error, out) => {
        if (error)
          resolve({ ok: false, error: error.killed ? `no answer within ${TIMEOUT_MS / 1000}s` : error.message });
        else resolve({ ok: true, out });
      });
    });
}

/** The first image type a clipboard offers, in our order of preference. */
function imageType(types: string): string | undefined {
  const offered = types.split(/\r?\n/).map((t) => t.trim().toLowerCase());
  return IMAGE_TYPES.find((t) => offered.includes(t));
}

/** wl-paste and xclip: list the types on offer, then read the image type if there is one. */
async function readTyped(
  run: Run,
  tool: string,
  list: string[],
  read: (type: string) => string[],
): Promise<ClipboardImage> {
  const types = await run(tool, list);
  if (!types.ok) return { kind: "error", tool, error: types.error };
  const type = imageType(types.out.toString("utf8"));
  if (type === undefined) return { kind: "no_image", tool };
  const data = await run(tool, read(type));
  if (!data.ok) return { kind: "error", tool, error: data.error };
  return data.out.length === 0 ? { kind: "no_image", tool } : { kind: "image", bytes: data.out, tool };
}

/** macOS: osascript prints the clipboard's PNG as «data PNGf89504E47…». */
async function readOsascript(run: Run): Promise<ClipboardImage> {
  const r = await run("osascript", ["-e", "the clipboard as «class PNGf»"]);
  if (!r.ok)
    return /-1700|can.t make/i.test(r.error)
      ? { kind: "no_image", tool: "osascript" }
      : { kind: "error", tool: "osascript", error: r.error };
  const hex = /«data PNGf([0-9A-Fa-f]*)»/.exec(r.out.toString("utf8"))?.[1];
  return hex
    ? { kind: "image", bytes: Buffer.from(hex, "hex"), tool: "osascript" }
    : { kind: "no_image", tool: "osascript" };
}

/** Windows and WSL: PowerShell hands the clipboard's image over as base64 PNG text. */
async function readPowerShell(run: Run, exe: string): Promise<ClipboardImage> {
  const script = [
    "Add-Type -AssemblyName System.Windows.Forms; Add-Type -AssemblyName System.Drawing",
    "$img = [System.Windows.Forms.Clipboard]::GetImage()",
    "if ($img) { $ms = New-Object System.IO.MemoryStream; $img.Save($ms, [System.Drawing.Imaging.ImageFormat]::Png);",
    "[Convert]::ToBase64String($ms.ToArray()) }",
  ].join(" ");
  const r = await run(exe, ["-NoProfile", "-NonInteractive", "-Command", script]);
  if (!r.ok) return { kind: "error", tool: exe, error: r.error };
  const b64 = r.out.toString("utf8").trim();
  return b64 === "" ? { kind: "no_image", tool: exe } : { kind: "image", bytes: Buffer.from(b64, "base64"), tool: exe };
}

const isWsl = (env: NodeJS.ProcessEnv): boolean => Boolean(env["WSL_DISTRO_NAME"] || env["WSL_INTEROP"]);

/** Read an image from the clipboard with the tool this desktop has. Never rejects. */
export async function readClipboardImage(o: ClipboardImageOptions = {}): Promise<ClipboardImage> {
  const env = o.env ?? process.env;
  const platform = o.platform ?? process.platform;
  const exists = o.exists ?? ((name: string) => onPath(name, env));
  const run = o.run ?? runProgram(env);
  if (platform === "darwin") {
    if (exists("pngpaste")) {
      const r = await run("pngpaste", ["-"]);
      return r.ok && r.out.length > 0
        ? { kind: "image", bytes: r.out, tool: "pngpaste" }
        : { kind: "no_image", tool: "pngpaste" };
    }
    return exists("osascript")
      ? readOsascript(run)
      : { kind: "no_tool", why: "neither pngpaste nor osascript is on PATH" };
  }
  if (platform === "win32") return readPowerShell(run, "powershell.exe");
  if (env["WAYLAND_DISPLAY"] && exists("wl-paste"))
    return readTyped(run, "wl-paste", ["--list-types"], (t) => ["--type", t, "--no-newline"]);
  if (env["DISPLAY"] && exists("xclip"))
    return readTyped(run, "xclip", ["-selection", "clipboard", "-t", "TARGETS", "-o"], (t) => [
      "-selection",
      "clipboard",
      "-t",
      t,
      "-o",
    ]);
  if (isWsl(env) && exists("powershell.exe")) return readPowerShell(run, "powershell.exe");
  const display = env["WAYLAND_DISPLAY"] || env["DISPLAY"];
  return {
    kind: "no_tool",
    why: display
      ? "wl-paste (Wayland) or xclip (X11) is not installed"
      : "there is no desktop session here (neither WAYLAND_DISPLAY nor DISPLAY is set)",
  };
}
