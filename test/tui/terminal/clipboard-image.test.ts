// Which clipboard tool Ctrl+V reads with, and what it makes of each answer; the programs are
// stand-ins that record how they were called.
import { describe, expect, it } from "vitest";
import { readClipboardImage } from "../../../src/tui/terminal/clipboard-image.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A fake machine: which programs exist and what each call prints (keyed by "cmd arg arg"). */
function machine(programs: string[], answers: Record<string, Buffer | Error>) {
  const calls: string[] = [];
  return {
    calls,
    exists: (name: string) => programs.includes(name),
    run: async (cmd: string, args: string[]) => {
      const key = [cmd, ...args].join(" ");
      calls.push(key);
      const answer = answers[key] ?? Object.entries(answers).find(([k]) => key.startsWith(k))?.[1];
      if (answer === undefined || answer instanceof Error)
        return { ok: false as const, error: answer?.message ?? "exit code 1" };
      return { ok: true as const, out: answer };
    },
  };
}

describe("readClipboardImage", () => {
  it("X11: asks xclip for the types, then reads the image type it offers", async () => {
    const m = machine(["xclip"], {
      "xclip -selection clipboard -t TARGETS -o": Buffer.from("TARGETS\ntext/plain\nimage/png\n"),
      "xclip -selection clipboard -t image/png -o": PNG,
    });
    const r = await readClipboardImage({ env: { DISPLAY: ":0" }, platform: "linux", ...m });
    expect(r).toEqual({ kind: "image", bytes: PNG, tool: "xclip" });
    expect(m.calls).toEqual(["xclip -selection clipboard -t TARGETS -o", "xclip -selection clipboard -t image/png -o"]);
  });

  it("Wayland comes before X11, and a text clipboard is no image", async () => {
    const m = machine(["wl-paste", "xclip"], { "wl-paste --list-types": Buffer.from("text/plain;charset=utf-8\n") });
    const r = await readClipboardImage({
      env: { DISPLAY: ":0", WAYLAND_DISPLAY: "wayland-0" },
      platform: "linux",
      ...m,
    });
    expect(r).toEqual({ kind: "no_image", tool: "wl-paste" });
    expect(m.calls).toEqual(["wl-paste --list-types"]);
  });

  it("Wayland reads the type it chose without a trailing newline", async () => {
    const m = machine(["wl-paste"], {
      "wl-paste --list-types": Buffer.from("image/jpeg\nimage/png\n"),
      "wl-paste --type image/png --no-newline": PNG,
    });
    const r = await readClipboardImage({ env: { WAYLAND_DISPLAY: "wayland-0" }, platform: "linux", ...m });
    expect(r).toEqual({ kind: "image", bytes: PNG, tool: "wl-paste" });
  });

  it("macOS: osascript's «data PNGf…» is decoded; pngpaste is used when installed", async () => {
    const hex = PNG.toString("hex").toUpperCase();
    const osa = machine(["osascript"], { "osascript -e": Buffer.from(`«data PNGf${hex}»\n`) });
    expect(await readClipboardImage({ env: {}, platform: "darwin", ...osa })).toEqual({
      kind: "image",
      bytes: PNG,
      tool: "osascript",
    });
    const pp = machine(["pngpaste", "osascript"], { "pngpaste -": PNG });
    expect(await readClipboardImage({ env: {}, platform: "darwin", ...pp })).toEqual({
      kind: "image",
      bytes: PNG,
      tool: "pngpaste",
    });
  });

  it("Windows and WSL: PowerShell's base64 PNG; empty output is no image", async () => {
    const win = machine([], { "powershell.exe -NoProfile": Buffer.from(`${PNG.toString("base64")}\r\n`) });
    expect(await readClipboardImage({ env: {}, platform: "win32", ...win })).toEqual({
      kind: "image",
      bytes: PNG,
      tool: "powershell.exe",
    });
    const wsl = machine(["powershell.exe"], { "powershell.exe -NoProfile": Buffer.from("\r\n") });
    expect(await readClipboardImage({ env: { WSL_DISTRO_NAME: "Ubuntu" }, platform: "linux", ...wsl })).toEqual({
      kind: "no_image",
      tool: "powershell.exe",
    });
  });

  it("says what is missing when no tool can be used, and passes a tool's failure on", async () => {
    const none = machine([], {});
    expect(await readClipboardImage({ env: {}, platform: "linux", ...none })).toEqual({
      kind: "no_tool",
      why: "there is no desktop session here (neither WAYLAND_DISPLAY nor DISPLAY is set)",
    });
    expect(await readClipboardImage({ env: { DISPLAY: ":0" }, platform: "linux", ...none })).toEqual({
      kind: "no_tool",
      why: "wl-paste (Wayland) or xclip (X11) is not installed",
    });
    const broken = machine(["xclip"], { "xclip -selection clipboard -t TARGETS": new Error("Can't open display") });
    expect(await readClipboardImage({ env: { DISPLAY: ":0" }, platform: "linux", ...broken })).toEqual({
      kind: "error",
      tool: "xclip",
      error: "Can't open display",
    });
  });
});
