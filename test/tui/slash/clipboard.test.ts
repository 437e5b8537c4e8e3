// The clipboard: plain OSC 52 (no tmux/screen wrapper), a local clipboard program only when the
// terminal is local, the private fallback file, and a report that claims nothing unknowable.
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ALL_HOSTILE } from "../../fixtures/hostile-text.mjs";
import {
  type ClipboardProgram,
  clipboardText,
  copyToClipboard,
  defaultCopyDir,
  describeCopy,
  findClipboardProgram,
  OSC52_MAX_BYTES,
  onPath,
  osc52Sequence,
  runClipboardProgram,
} from "../../../src/tui/terminal/clipboard.js";

const dir = mkdtempSync(join(tmpdir(), "clip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const none = (): undefined => undefined;

describe("clipboard", () => {
  it("sends plain OSC 52 with UTF-8 as base64, also inside tmux and screen", () => {
    const b64 = Buffer.from("héllo ✓").toString("base64");
    expect(osc52Sequence("héllo ✓")).toBe(`\u001b]52;c;${b64}\u0007`);
    const writes: string[] = [];
    return copyToClipboard("x", {
      write: (d) => writes.push(d),
      env: { TMUX: "/tmp/tmux-1/default,1,0", TERM: "screen-256color" },
      dir: join(dir, "t"),
      findProgram: none,
    }).then(() => {
      expect(writes).toEqual(["\u001b]52;c;eA==\u0007"]);
    });
  });

  it("always writes the private fallback file, and skips OSC 52 for oversized text", async () => {
    const writes: string[] = [];
    const r = await copyToClipboard("answer", {
      write: (d) => writes.push(d),
      env: {},
      dir: join(dir, "a"),
      findProgram: none,
    });
    expect(r).toMatchObject({
      osc52: true,
      program: undefined,
      file: join(dir, "a", "last-copy.md"),
      error: undefined,
    });
    expect(readFileSync(r.file ?? "", "utf8")).toBe("answer");
    expect(statSync(r.file ?? "").mode & 0o077).toBe(0);
    const big = "x".repeat(OSC52_MAX_BYTES + 1);
    const r2 = await copyToClipboard(big, {
      write: (d) => writes.push(d),
      env: {},
      dir: join(dir, "b"),
      findProgram: none,
    });
    expect(r2.osc52).toBe(false);
    expect(writes).toHaveLength(1);
    expect(describeCopy("The last answer", r2)).toMatch(/^The last answer: not sent with OSC 52 \(100,001 bytes/);
  });

  it("uses the local clipboard program as well, but not over SSH", async () => {
    const ran: Array<{ program: ClipboardProgram; text: string }> = [];
    const runProgram = async (
      program: ClipboardProgram,
      text: string,
    ): Promise<{ ok: boolean; error: string | undefined }> => {
      ran.push({ program, text });
      return { ok: true, error: undefined };
    };
    const findProgram = (): ClipboardProgram => ({ name: "wl-copy", args: [] });
    const local = await copyToClipboard("hi", {
      write: () => undefined,
      env: { WAYLAND_DISPLAY: "wayland-0" },
      dir: join(dir, "c"),
      findProgram,
      runProgram,
    });
    expect(ran).toEqual([{ program: { name: "wl-copy", args: [] }, text: "hi" }]);
    expect(describeCopy("Block", local)).toBe(
      `Block: copied to the clipboard with wl-copy; sent to the terminal clipboard (OSC 52); saved to ${join(dir, "c", "last-copy.md")}.`,
    );
    await copyToClipboard("hi", {
      write: () => undefined,
      env: { WAYLAND_DISPLAY: "wayland-0", SSH_CONNECTION: "1.2.3.4 5 6.7.8.9 22" },
      dir: join(dir, "d"),
      findProgram,
      runProgram,
    });
    await copyToClipboard("hi", {
      write: () => undefined,
      env: { SSH_TTY: "/dev/pts/1" },
      dir: join(dir, "d"),
      findProgram,
      runProgram,
    });
    expect(ran).toHaveLength(1);
  });

  it("reports a failed program and an unwritable fallback file without claiming success", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    const r = await copyToClipboard("a", {
      write: () => undefined,
      env: {},
      dir: join(file, "sub"), // a file is no directory
      findProgram: () => ({ name: "xclip", args: [] }),
      runProgram: async () => ({ ok: false, error: "exit code 1" }),
    });
    expect(r.file).toBeUndefined();
    const text = describeCopy("Block", r);
    expect(text).toMatch(
      /^Block: sent to the terminal clipboard \(OSC 52\); xclip failed: exit code 1; could not save a copy to a file: /,
    );
    expect(text).not.toMatch(/copied/i);
  });

  it("picks the program for the desktop that is there", () => {
    const all = (): boolean => true;
    expect(findClipboardProgram({}, "darwin", all)).toEqual({ name: "pbcopy", args: [] });
    expect(findClipboardProgram({ WAYLAND_DISPLAY: "w", DISPLAY: ":0" }, "linux", all)?.name).toBe("wl-copy");
    expect(findClipboardProgram({ DISPLAY: ":0" }, "linux", all)).toEqual({
      name: "xclip",
      args: ["-selection", "clipboard"],
    });
    expect(findClipboardProgram({ DISPLAY: ":0" }, "linux", (n) => n === "xsel")).toEqual({
      name: "xsel",
      args: ["--clipboard", "--input"],
    });
    expect(findClipboardProgram({}, "linux", all)).toBeUndefined();
  });

  it("finds programs on PATH and runs one with the text on stdin", async () => {
    const bin = join(dir, "bin");
    mkdirSync(bin);
    const out = join(dir, "received.txt");
    const script = join(bin, "fake-copy");
    writeFileSync(script, `#!/bin/sh\ncat > ${JSON.stringify(out)}\n`);
    chmodSync(script, 0o755);
    expect(onPath("fake-copy", { PATH: `/nonexistent:${bin}` })).toBe(true);
    expect(onPath("fake-copy", { PATH: "/nonexistent" })).toBe(false);
    const r = await runClipboardProgram({ name: script, args: [] }, "copied ✓", {});
    expect(r).toEqual({ ok: true, error: undefined });
    expect(readFileSync(out, "utf8")).toBe("copied ✓");
    const missing = await runClipboardProgram({ name: join(bin, "missing"), args: [] }, "x", {});
    expect(missing.ok).toBe(false);
  });

  it("copies what a person sees: tabs and line breaks kept, no control or bidi character on any way out", async () => {
    const raw = `run:\tthis\r\nthen \u001b[201~rm -rf ~\u001b[200~ ${ALL_HOSTILE} \u009b2J \u001b[31mred\u001b[0m`;
    const writes: string[] = [];
    const piped: string[] = [];
    const runProgram = async (
      _p: ClipboardProgram,
      text: string,
    ): Promise<{ ok: boolean; error: string | undefined }> => {
      piped.push(text);
      return { ok: true, error: undefined };
    };
    const r = await copyToClipboard(raw, {
      write: (d) => writes.push(d),
      env: {},
      dir: join(dir, "hostile"),
      findProgram: () => ({ name: "xclip", args: [] }),
      runProgram,
    });
    const payload = Buffer.from(
      /^\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007$/.exec(writes[0] ?? "")?.[1] ?? "",
      "base64",
    ).toString("utf8");
    const forbidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    for (const copied of [payload, piped[0] ?? "", readFileSync(r.file ?? "", "utf8")]) {
      expect(copied).not.toMatch(forbidden);
      expect(copied).toBe(clipboardText(raw));
    }
    expect(payload).toMatch(/^run:\tthis\nthen ␛\[201~rm -rf ~␛\[200~ ␛\]52;c;/);
    expect(payload).toContain("<U+009B>2J red");
    expect(r.bytes).toBe(Buffer.byteLength(payload));
  });
});

describe("the fallback file, in a directory another local user may have made first", () => {
  const uid = process.getuid?.() ?? 0;
  const copy = (text: string, env: NodeJS.ProcessEnv, tmp: string) =>
    copyToClipboard(text, { write: () => undefined, env, dir: defaultCopyDir(env, tmp), findProgram: none });

  it("lives in agent-tui-<uid>, created 0700, written 0600", async () => {
    const tmp = mkdtempSync(join(dir, "tmp-"));
    const r = await copy("mine", {}, tmp);
    expect(r.file).toBe(join(tmp, `agent-tui-${uid}`, "last-copy.md"));
    expect(lstatSync(join(tmp, `agent-tui-${uid}`)).mode & 0o777).toBe(0o700);
    expect(lstatSync(r.file ?? "").mode & 0o777).toBe(0o600);
    expect(readFileSync(r.file ?? "", "utf8")).toBe("mine");
  });

  it.skipIf(uid !== 0)(
    "refuses a 0777 directory of another user with a symlink and a 0666 file planted in it",
    async () => {
      const tmp = mkdtempSync(join(dir, "tmp-"));
      const victim = join(dir, "victim-rc");
      writeFileSync(victim, "the user's file\n");
      const planted = join(tmp, `agent-tui-${uid}`);
      mkdirSync(planted);
      chmodSync(planted, 0o777);
      symlinkSync(victim, join(planted, "last-copy.md"));
      writeFileSync(join(planted, ".spy"), "", { mode: 0o666 });
      chownSync(planted, 4321, 4321);
      const r = await copy("the secret answer", {}, tmp);
      expect(r.file).toBeUndefined();
      expect(r.error).toMatch(/belongs to another user \(uid 4321\)/);
      expect(describeCopy("The last answer", r)).toMatch(/could not save a copy to a file: .* belongs to another user/);
      expect(readFileSync(victim, "utf8")).toBe("the user's file\n");
      expect(readFileSync(join(planted, ".spy"), "utf8")).toBe("");
    },
  );

  it("refuses a symlink at the directory's name, and replaces a symlink at the file's name instead of following it", async () => {
    const tmp = mkdtempSync(join(dir, "tmp-"));
    const elsewhere = mkdtempSync(join(dir, "elsewhere-"));
    symlinkSync(elsewhere, join(tmp, `agent-tui-${uid}`));
    const linked = await copy("x", {}, tmp);
    expect(linked.file).toBeUndefined();
    expect(linked.error).toMatch(/symbolic link/);

    const tmp2 = mkdtempSync(join(dir, "tmp-"));
    const own = join(tmp2, `agent-tui-${uid}`);
    mkdirSync(own);
    chmodSync(own, 0o777); // ours, but open to others: narrowed, and what others left is not trusted
    const victim = join(dir, "victim-2");
    writeFileSync(victim, "keep\n");
    symlinkSync(victim, join(own, "last-copy.md"));
    const r = await copy("copied", {}, tmp2);
    expect(r.file).toBe(join(own, "last-copy.md"));
    expect(lstatSync(own).mode & 0o777).toBe(0o700);
    expect(lstatSync(r.file ?? "").isSymbolicLink()).toBe(false);
    expect(lstatSync(r.file ?? "").mode & 0o777).toBe(0o600);
    expect(readFileSync(r.file ?? "", "utf8")).toBe("copied");
    expect(readFileSync(victim, "utf8")).toBe("keep\n");
  });

  it("prefers $XDG_RUNTIME_DIR when it is private to the user, not when others can enter it", async () => {
    const tmp = mkdtempSync(join(dir, "tmp-"));
    const runtime = mkdtempSync(join(dir, "run-"));
    chmodSync(runtime, 0o700);
    expect(defaultCopyDir({ XDG_RUNTIME_DIR: runtime }, tmp)).toBe(join(runtime, "agent-tui"));
    const r = await copy("r", { XDG_RUNTIME_DIR: runtime }, tmp);
    expect(r.file).toBe(join(runtime, "agent-tui", "last-copy.md"));
    chmodSync(runtime, 0o777);
    expect(defaultCopyDir({ XDG_RUNTIME_DIR: runtime }, tmp)).toBe(join(tmp, `agent-tui-${uid}`));
    expect(defaultCopyDir({ XDG_RUNTIME_DIR: "relative/run" }, tmp)).toBe(join(tmp, `agent-tui-${uid}`));
  });
});
