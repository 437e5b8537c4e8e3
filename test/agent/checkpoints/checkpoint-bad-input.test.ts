// Bad input the checkpoint store must answer with a clear message and without a half-restored
// tree: a stored content that is damaged (garbage, or another content under its name), a turn
// whose files are gone from the tree since, and a restore that cannot write one of its files.
import { createHash } from "node:crypto";
import { existsSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { makeTree, SESSION } from "./store-helpers.js";

const FILES = { "a.txt": "one\ntwo\n", "b.txt": "bee\n", "dir/x.txt": "x\n" };

const blobPath = (home: string, content: string): string => {
  const hash = createHash("sha256").update(content).digest("hex");
  return join(home, "checkpoints", SESSION, "blobs", hash.slice(0, 2), hash.slice(2));
};

describe("a damaged content", () => {
  it("garbage in a stored content fails the restore by name and writes nothing", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("edit", () => {
      t.write("a.txt", "agent a\n");
      t.write("b.txt", "agent b\n");
    });
    writeFileSync(blobPath(t.home, FILES["a.txt"]), "not gzip at all");
    await expect(t.service.restore(SESSION, id)).rejects.toThrow(/The stored content of a\.txt is damaged/);
    expect(t.read("a.txt").toString()).toBe("agent a\n");
    expect(t.read("b.txt").toString()).toBe("agent b\n");
  });

  it("another content under a content's name is caught by its hash, in a diff as in a restore", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("edit", () => t.write("a.txt", "agent a\n"));
    writeFileSync(blobPath(t.home, FILES["a.txt"]), gzipSync("one\nTWO\n"));
    await expect(t.service.diff(SESSION, id)).rejects.toThrow(/a\.txt is damaged \(.* does not match its hash\)/);
    await expect(t.service.restore(SESSION, id)).rejects.toThrow(/does not match its hash/);
    expect(t.read("a.txt").toString()).toBe("agent a\n");
  });
});

describe("a turn whose files are gone", () => {
  it("lists files deleted since the turn as conflicts and writes nothing; force brings them back", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("edit", () => {
      t.write("a.txt", "agent a\n");
      t.write("dir/x.txt", "agent x\n");
    });
    // After the turn the user removes what it touched.
    unlinkSync(join(t.cwd, "a.txt"));
    rmSync(join(t.cwd, "dir"), { recursive: true });
    const diff = await t.service.diff(SESSION, id);
    expect(diff.files.map((f) => [f.path, f.status])).toEqual([
      ["a.txt", "deleted"],
      ["dir/x.txt", "deleted"],
    ]);
    const refused = await t.service.restore(SESSION, id);
    expect(refused).toMatchObject({ restored: [], deleted: [], bytesWritten: 0 });
    expect(refused.conflicts).toEqual([
      { path: "a.txt", reason: "deleted since the agent last recorded it" },
      { path: "dir/x.txt", reason: "deleted since the agent last recorded it" },
    ]);
    expect(existsSync(join(t.cwd, "a.txt"))).toBe(false);
    const forced = await t.service.restore(SESSION, id, undefined, true);
    expect(forced.restored.sort()).toEqual(["a.txt", "dir/x.txt"]);
    expect(t.read("a.txt").toString()).toBe(FILES["a.txt"]);
    expect(t.read("dir/x.txt").toString()).toBe(FILES["dir/x.txt"]);
  });
});

describe("a restore that cannot write a file", () => {
  it("fails naming the file and leaves every other file as it was", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("edit", () => {
      t.write("a.txt", "agent a\n");
      rmSync(join(t.cwd, "dir"), { recursive: true });
    });
    // A file now stands where the restore must create a folder.
    writeFileSync(join(t.cwd, "dir"), "a file named dir\n");
    await expect(t.service.restore(SESSION, id, undefined, true)).rejects.toThrow(
      /Nothing was restored: cannot write dir\/x\.txt/,
    );
    expect(t.read("a.txt").toString()).toBe("agent a\n");
    expect(t.read("dir").toString()).toBe("a file named dir\n");
  });
});
