// Private file creation: 0600 files in 0700 directories, atomic whole-file writes that refuse
// an existing target (a symlink included) unless asked, and never write through a symlink.
import { TEST_TMP } from "../agent/helpers/isolated-tmp.js";
import {
  chmodSync,
  chownSync,
  closeSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ensureOwnPrivateDir,
  ensurePrivateDir,
  isOwnPrivateDir,
  NotPrivateDirError,
  openPrivateAppend,
  TargetExistsError,
  writePrivateFileAtomic,
} from "../../src/protocol/private-files.js";

const mode = (path: string): number => lstatSync(path).mode & 0o777;

describe("private files", () => {
  it("creates missing directories 0700 and appended files 0600, and narrows an existing file", () => {
    const root = mkdtempSync(join(TEST_TMP, "private-"));
    const file = join(root, "a", "b", "history.jsonl");
    const fd = openPrivateAppend(file);
    writeSync(fd, "line\n");
    closeSync(fd);
    expect(mode(join(root, "a"))).toBe(0o700);
    expect(mode(join(root, "a", "b"))).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    const loose = join(root, "loose.txt");
    writeFileSync(loose, "x", { mode: 0o644 });
    closeSync(openPrivateAppend(loose));
    expect(mode(loose)).toBe(0o600);
  });

  it("tightens an existing directory only when asked", () => {
    const dir = mkdtempSync(join(TEST_TMP, "private-dir-"));
    mkdirSync(join(dir, "open"), { mode: 0o755 });
    ensurePrivateDir(join(dir, "open"));
    expect(mode(join(dir, "open"))).toBe(0o755);
    ensurePrivateDir(join(dir, "open"), { tighten: true });
    expect(mode(join(dir, "open"))).toBe(0o700);
  });

  it("writes atomically 0600, refuses an existing path or symlink, and replaces (never follows) with overwrite", () => {
    const dir = mkdtempSync(join(TEST_TMP, "private-atomic-"));
    const target = join(dir, "export.html");
    writePrivateFileAtomic(target, "first");
    expect(readFileSync(target, "utf8")).toBe("first");
    expect(mode(target)).toBe(0o600);
    expect(() => writePrivateFileAtomic(target, "second")).toThrow(TargetExistsError);
    expect(readFileSync(target, "utf8")).toBe("first");

    const victim = join(dir, "IMPORTANT.md");
    writeFileSync(victim, "keep me");
    const link = join(dir, "link.html");
    symlinkSync(victim, link);
    expect(() => writePrivateFileAtomic(link, "evil")).toThrow(TargetExistsError);
    writePrivateFileAtomic(link, "replaced", { overwrite: true });
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(readFileSync(link, "utf8")).toBe("replaced");
    // A dangling symlink is refused too (nothing is created where it points).
    symlinkSync(join(dir, "nowhere"), join(dir, "dangling.html"));
    expect(() => writePrivateFileAtomic(join(dir, "dangling.html"), "x")).toThrow(TargetExistsError);
    expect(readlinkSync(join(dir, "dangling.html"))).toBe(join(dir, "nowhere"));
    // No temp files are left behind, and a missing directory is an error, not created.
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(() => writePrivateFileAtomic(join(dir, "missing", "x.html"), "x")).toThrow(/ENOENT/);
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it("a directory of the user's own in a shared place: created 0700, a symlink, a file or another user's directory refused", () => {
    const root = mkdtempSync(join(TEST_TMP, "own-"));
    const dir = join(root, "mine");
    ensureOwnPrivateDir(dir);
    expect(mode(dir)).toBe(0o700);
    expect(isOwnPrivateDir(dir)).toBe(true);
    chmodSync(dir, 0o755);
    expect(isOwnPrivateDir(dir)).toBe(false);
    ensureOwnPrivateDir(dir); // ours: narrowed
    expect(mode(dir)).toBe(0o700);
    symlinkSync(dir, join(root, "link"));
    expect(() => ensureOwnPrivateDir(join(root, "link"))).toThrow(/symbolic link/);
    writeFileSync(join(root, "file"), "");
    expect(() => ensureOwnPrivateDir(join(root, "file"))).toThrow(/not a directory/);
    expect(() => ensureOwnPrivateDir(join(root, "missing", "child"))).toThrow(/ENOENT/);
    if (process.getuid?.() === 0) {
      const theirs = join(root, "theirs");
      mkdirSync(theirs, { mode: 0o777 });
      chownSync(theirs, 4321, 4321);
      expect(() => ensureOwnPrivateDir(theirs)).toThrow(NotPrivateDirError);
      expect(isOwnPrivateDir(theirs)).toBe(false);
    }
  });
});
