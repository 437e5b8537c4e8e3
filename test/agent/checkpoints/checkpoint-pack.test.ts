// A session's first snapshot of a larger tree goes into one pack file instead of a file per
// content (its cost was mostly creating those files): the pack restores byte for byte, a later
// turn's few changes stay loose files, and a damaged or missing pack is a clear error that
// writes nothing, never a wrong file.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOOSE_BATCH } from "../../../src/agent/checkpoints/blob-pack.js";
import { makeTree, SESSION } from "./store-helpers.js";

/** More files than a loose batch holds, each with its own text; one binary with every byte value. */
function manyFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < LOOSE_BATCH * 3; i++) files[`src/f${i}.txt`] = `file ${i}\n${"x".repeat(i * 37)}\n`;
  return files;
}
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const storeDir = (home: string): string => join(home, "checkpoints", SESSION);
const packFiles = (home: string): string[] => readdirSync(join(storeDir(home), "blobs", "packs")).sort();
const looseDirs = (home: string): string[] =>
  readdirSync(join(storeDir(home), "blobs")).filter((n) => /^[0-9a-f]{2}$/.test(n));

describe("the first snapshot's pack", () => {
  it("holds the whole tree in one pack and an index, and a restore from it is byte-identical", async () => {
    const files = manyFiles();
    const t = makeTree({ files });
    t.write("bin/all-bytes", BINARY);
    const id = await t.turn("rewrite everything", () => {
      for (const path of Object.keys(files)) t.write(path, "agent\n");
      rmSync(join(t.cwd, "bin/all-bytes"));
    });
    const packs = packFiles(t.home);
    expect(packs).toHaveLength(2);
    expect(packs.filter((n) => n.endsWith(".pack"))).toHaveLength(1);
    expect(packs.filter((n) => n.endsWith(".idx.json"))).toHaveLength(1);
    // The turn's own change ("agent\n", once) is one loose content, not a second pack.
    expect(looseDirs(t.home)).toHaveLength(1);
    const packDir = join(storeDir(t.home), "blobs", "packs");
    expect(statSync(packDir).mode & 0o777).toBe(0o700);
    for (const name of packs) expect(statSync(join(packDir, name)).mode & 0o777).toBe(0o600);

    const restored = await t.service.restore(SESSION, id);
    expect(restored.conflicts).toEqual([]);
    for (const [path, content] of Object.entries(files)) expect(t.read(path).toString()).toBe(content);
    expect(t.read("bin/all-bytes").equals(BINARY)).toBe(true);
  });

  it("a few large files are packed too, so a batch is never held whole in memory", async () => {
    const big = (seed: number): Buffer => Buffer.alloc(4_500_000, `${seed} large file line\n`);
    const t = makeTree({ files: { "small.txt": "small\n" } });
    t.write("one.bin", big(1));
    t.write("two.bin", big(2));
    const id = await t.turn("shrink them", () => {
      t.write("one.bin", "1\n");
      t.write("two.bin", "2\n");
    });
    expect(packFiles(t.home).filter((n) => n.endsWith(".pack"))).toHaveLength(1);
    await t.service.restore(SESSION, id);
    expect(t.read("one.bin").equals(big(1))).toBe(true);
    expect(t.read("two.bin").equals(big(2))).toBe(true);
  });

  it("a damaged pack fails the restore by name and writes nothing", async () => {
    const files = manyFiles();
    const t = makeTree({ files });
    const id = await t.turn("edit two", () => {
      t.write("src/f1.txt", "agent one\n");
      t.write("src/f2.txt", "agent two\n");
    });
    const pack = packFiles(t.home).find((n) => n.endsWith(".pack")) ?? "";
    const path = join(storeDir(t.home), "blobs", "packs", pack);
    const bytes = readFileSync(path);
    bytes.fill(0, 10, 40);
    writeFileSync(path, bytes);
    await expect(t.service.restore(SESSION, id)).rejects.toThrow(/The stored content of src\/f[12]\.txt is damaged/);
    expect(t.read("src/f1.txt").toString()).toBe("agent one\n");
    expect(t.read("src/f2.txt").toString()).toBe("agent two\n");
  });

  it("a deleted pack is named as lost", async () => {
    const t = makeTree({ files: manyFiles() });
    const id = await t.turn("edit one", () => t.write("src/f3.txt", "agent\n"));
    const pack = packFiles(t.home).find((n) => n.endsWith(".pack")) ?? "";
    rmSync(join(storeDir(t.home), "blobs", "packs", pack));
    await expect(t.service.restore(SESSION, id)).rejects.toThrow(
      /The checkpoint store has lost the content of src\/f3\.txt \(.*\.pack is missing\)/,
    );
    expect(t.read("src/f3.txt").toString()).toBe("agent\n");
  });
});
