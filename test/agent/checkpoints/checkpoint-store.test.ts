// The checkpoint store over real files: what a turn changed, restores that are byte-identical
// and all-or-nothing, conflicts with changes made by someone else, files left out, a damaged
// or deleted store, and a git repository that is only ever read.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { git, gitFacts, makeTree, SESSION } from "./store-helpers.js";

const FILES = { "a.txt": "one\ntwo\nthree\n", "src/b.ts": "export const b = 1;\n", "c.md": "# c\n", "d.txt": "d\n" };

describe("checkpoints in a git repository", () => {
  it("lists a turn's edits and deletion, restores them byte-identical, and never writes to .git", async () => {
    const t = makeTree({ git: true, files: FILES });
    const facts = gitFacts(t.cwd);
    const status = git(t.cwd, "status", "--porcelain");
    const first = await t.turn("change three files and delete one", () => {
      t.write("a.txt", "one\n2\nthree\nfour\n");
      t.write("src/b.ts", "export const b = 2;\n");
      t.write("new/e.txt", "e\n");
      unlinkSync(join(t.cwd, "d.txt"));
    });
    expect(gitFacts(t.cwd)).toEqual(facts);

    const diff = await t.service.diff(SESSION, first);
    expect(diff.files.map((f) => [f.path, f.status])).toEqual([
      ["a.txt", "modified"],
      ["d.txt", "deleted"],
      ["new/e.txt", "added"],
      ["src/b.ts", "modified"],
    ]);
    expect(diff.files[0]).toMatchObject({ before: FILES["a.txt"], after: "one\n2\nthree\nfour\n", binary: false });
    const [summary] = await t.service.list(SESSION);
    expect(summary).toMatchObject({ turn: 1, entryId: "entry-1", prompt: "change three files and delete one" });
    expect(summary).toMatchObject({ files: 4, added: 4, removed: 3 });

    const restored = await t.service.restore(SESSION, first);
    expect(restored.conflicts).toEqual([]);
    expect(restored.restored.sort()).toEqual(["a.txt", "d.txt", "src/b.ts"]);
    expect(restored.deleted).toEqual(["new/e.txt"]);
    for (const [path, content] of Object.entries(FILES)) expect(t.read(path).toString()).toBe(content);
    expect(existsSync(join(t.cwd, "new"))).toBe(false);
    expect(git(t.cwd, "status", "--porcelain")).toBe(status);
    // Restored files have their old content under a new stat: a git that refreshed its index
    // (git status without --no-optional-locks) would rewrite it at the next look.
    await t.service.list(SESSION);
    expect(gitFacts(t.cwd)).toEqual(facts);
    expect(existsSync(join(t.cwd, ".git", "index.lock"))).toBe(false);
  });

  it("names ignored folders and files over the size cap as left out, and a restore leaves them alone", async () => {
    const t = makeTree({ git: true, files: { ...FILES, ".gitignore": "build/\n*.log\n" }, maxFileBytes: 1000 });
    t.write("build/out.js", "x");
    t.write("debug.log", "log");
    const big = Buffer.alloc(5000, 7);
    t.write("blob.bin", big);
    const id = await t.turn("touch the big file", () => t.write("blob.bin", Buffer.alloc(6000, 8)));
    const [summary] = await t.service.list(SESSION);
    expect(summary?.leftOut).toEqual(
      expect.arrayContaining([
        { path: "build/", reason: "ignored" },
        { path: "debug.log", reason: "ignored" },
        { path: "blob.bin", reason: "too large" },
      ]),
    );
    expect((await t.service.diff(SESSION, id)).files).toEqual([]);
    await t.service.restore(SESSION, id);
    expect(t.read("blob.bin").length).toBe(6000);
    expect(t.read("build/out.js").toString()).toBe("x");
  });
});

describe("restore conflicts", () => {
  it("refuses the whole restore when the user changed a file since the turn, and force overwrites it", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("edit a and c", () => {
      t.write("a.txt", "agent\n");
      t.write("c.md", "# agent\n");
    });
    t.write("c.md", "# the user's own words\n");
    const refused = await t.service.restore(SESSION, id);
    expect(refused).toEqual({
      restored: [],
      deleted: [],
      conflicts: [{ path: "c.md", reason: "changed since the agent last recorded it" }],
      bytesWritten: 0,
    });
    expect(t.read("a.txt").toString()).toBe("agent\n");
    expect(t.read("c.md").toString()).toBe("# the user's own words\n");

    const forced = await t.service.restore(SESSION, id, undefined, true);
    expect(forced.restored.sort()).toEqual(["a.txt", "c.md"]);
    expect(forced.bytesWritten).toBe(FILES["a.txt"].length + FILES["c.md"].length);
    expect(t.read("c.md").toString()).toBe(FILES["c.md"]);
  });

  it("restores only the paths asked for", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("edit two", () => {
      t.write("a.txt", "agent\n");
      t.write("c.md", "# agent\n");
    });
    const result = await t.service.restore(SESSION, id, ["./c.md"]);
    expect(result.restored).toEqual(["c.md"]);
    expect(t.read("a.txt").toString()).toBe("agent\n");
    await expect(t.service.restore(SESSION, id, ["../outside"])).rejects.toThrow(/not a file inside the working/);
  });
});

describe("a damaged store", () => {
  it("a lost content fails the restore by name and writes nothing", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("edit", () => {
      t.write("a.txt", "agent a\n");
      t.write("c.md", "agent c\n");
    });
    const blobs = join(t.home, "checkpoints", SESSION, "blobs");
    // The first checkpoint's copy of a.txt is gone.
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(FILES["a.txt"]).digest("hex");
    unlinkSync(join(blobs, hash.slice(0, 2), hash.slice(2)));
    await expect(t.service.restore(SESSION, id)).rejects.toThrow(/lost the content of a\.txt/);
    expect(t.read("a.txt").toString()).toBe("agent a\n");
    expect(t.read("c.md").toString()).toBe("agent c\n");
  });

  it("a damaged log is an error, and the next turn starts a new log", async () => {
    const t = makeTree({ files: FILES });
    await t.turn("one", () => t.write("a.txt", "1\n"));
    await t.turn("two", () => t.write("a.txt", "2\n"));
    const log = join(t.home, "checkpoints", SESSION, "log.jsonl");
    const lines = (await import("node:fs")).readFileSync(log, "utf8").split("\n");
    writeFileSync(log, [lines[0], "{not json", ...lines.slice(1)].join("\n"));
    const fresh = new (await import("../../../src/agent/checkpoints/checkpoint-service.js")).CheckpointService({
      cwd: t.cwd,
      home: t.home,
      settings: { enabled: true, maxFileBytes: 1e6, maxFiles: 1000 },
    });
    await expect(fresh.list(SESSION)).rejects.toThrow(/checkpoint log .* is damaged at line 2/);
    await fresh.beforeTurn(SESSION);
    await fresh.turnOpened("three", undefined);
    const list = await fresh.list(SESSION);
    expect(list.map((c) => [c.turn, c.prompt])).toEqual([[1, "three"]]);
    expect(readdirSync(join(t.home, "checkpoints", SESSION)).some((n) => n.startsWith("log.jsonl.damaged-"))).toBe(
      true,
    );
  });

  it("a deleted store is said, and the next turn records again", async () => {
    const t = makeTree({ files: FILES });
    const id = await t.turn("one", () => t.write("a.txt", "1\n"));
    rmSync(join(t.home, "checkpoints"), { recursive: true });
    await expect(t.service.diff(SESSION, id)).rejects.toThrow(/was deleted/);
    const next = await t.turn("two", () => t.write("a.txt", "2\n"));
    expect((await t.service.diff(SESSION, next)).files.map((f) => f.path)).toEqual(["a.txt"]);
    const restored = await t.service.restore(SESSION, next);
    expect(restored.restored).toEqual(["a.txt"]);
    expect(t.read("a.txt").toString()).toBe("1\n");
  });
});

describe("a tree too large to record", () => {
  it("gets no checkpoint (the turn is not stopped), and a smaller one does again", async () => {
    const t = makeTree({ files: FILES, maxFiles: 3 });
    await expect(t.service.beforeTurn(SESSION)).rejects.toThrow(/more than 3 files under .*checkpoints\.maxFiles/);
    await t.service.turnOpened("too many files", undefined);
    expect(await t.service.list(SESSION)).toEqual([]);
    unlinkSync(join(t.cwd, "d.txt"));
    const id = await t.turn("three files", () => t.write("a.txt", "x\n"));
    expect((await t.service.diff(SESSION, id)).files.map((f) => f.path)).toEqual(["a.txt"]);
  });
});

describe("the store's files", () => {
  it("are private: folders 0700, files 0600", async () => {
    const t = makeTree({ files: FILES });
    await t.turn("one", () => t.write("a.txt", "1\n"));
    const dir = join(t.home, "checkpoints", SESSION);
    const modes: string[] = [];
    const walk = (path: string): void => {
      const st = statSync(path);
      modes.push(`${st.isDirectory() ? "d" : "f"}${(st.mode & 0o777).toString(8)}`);
      if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(join(t.home, "checkpoints"));
    expect(new Set(modes)).toEqual(new Set(["d700", "f600"]));
    expect(existsSync(join(dir, "log.jsonl"))).toBe(true);
  });
});

describe("the hash cache", () => {
  it("is saved with the turn's end state, not before the prompt goes to the model", async () => {
    const t = makeTree({ files: FILES });
    const cache = join(t.home, "checkpoints", SESSION, "hash-cache.json");
    await t.turn("first", () => {});
    const saved = readFileSync(cache, "utf8");
    expect(saved).toContain("a.txt");
    t.write("a.txt", "changed before the prompt\n");
    await t.service.beforeTurn(SESSION);
    await t.service.turnOpened("second", "entry-x");
    // The prompt's own checkpoint hashed a.txt again but left the cache file as it was.
    expect(readFileSync(cache, "utf8")).toBe(saved);
    await t.service.turnEnded();
    expect(readFileSync(cache, "utf8")).not.toBe(saved);
  });
});
