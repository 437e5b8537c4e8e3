// `@` file completion and `/` command completion: token finding, ranking, .gitignore, and the
// driver applying Tab through the store.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { atReplacement, atToken, rankPaths } from "../../../src/tui/completion/at-completion.js";
import { COMPLETION_WIDGET, computeCompletion, createCompletionDriver } from "../../../src/tui/completion/completion-driver.js";
import { isIgnored, listProjectFiles, parseGitignore, withDirectories } from "../../../src/tui/completion/file-index.js";
import { BUILTIN_COMMANDS } from "../../../src/tui/slash-registry.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";

describe("@ tokens and ranking", () => {
  it("finds the @token before the cursor only at a word start", () => {
    expect(atToken("look at @src/ma", 15)).toEqual({ start: 8, query: "src/ma" });
    expect(atToken("@", 1)).toEqual({ start: 0, query: "" });
    expect(atToken("mail me@host", 12)).toBeUndefined();
    expect(atToken("@a b", 4)).toBeUndefined();
  });

  it("ranks basename hits and shallow paths first; quotes paths with spaces", () => {
    const paths = ["src/deep/nested/main.ts", "src/main.ts", "docs/maintenance.md", "package.json"];
    expect(rankPaths(paths, "main")[0]).toBe("src/main.ts");
    expect(rankPaths(paths, "zz")).toEqual([]);
    expect(rankPaths(paths, "")[0]).toBe("package.json");
    expect(atReplacement("src/")).toBe("@src/");
    expect(atReplacement("a b.txt")).toBe('@"a b.txt" ');
  });
});

describe("file index", () => {
  const root = mkdtempSync(join(tmpdir(), "files-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("walks a non-git directory honouring nested .gitignore files", () => {
    mkdirSync(join(root, "src", "gen"), { recursive: true });
    mkdirSync(join(root, "node_modules", "x"), { recursive: true });
    mkdirSync(join(root, "build"), { recursive: true });
    writeFileSync(join(root, ".gitignore"), "build/\n*.log\n!keep.log\n");
    writeFileSync(join(root, "src", ".gitignore"), "gen/\n");
    for (const f of ["a.ts", "x.log", "keep.log", "build/out.js", "src/b.ts", "src/gen/c.ts", "node_modules/x/i.js"]) writeFileSync(join(root, f), "");
    const files = listProjectFiles(root).sort();
    expect(files).toEqual([".gitignore", "a.ts", "keep.log", "src/.gitignore", "src/b.ts"]);
    expect(withDirectories(["src/b.ts"])).toEqual(["src/", "src/b.ts"]);
  });

  it("parses gitignore globs: anchored, dir-only, double star and negation", () => {
    const rules = parseGitignore("/dist\n**/tmp/*.txt\nlogs/\n!important.txt\n");
    expect(isIgnored(rules, "dist", true)).toBe(true);
    expect(isIgnored(rules, "a/dist", true)).toBe(false);
    expect(isIgnored(rules, "x/tmp/a.txt", false)).toBe(true);
    expect(isIgnored(rules, "logs", false)).toBe(false);
    expect(isIgnored(rules, "logs", true)).toBe(true);
  });
});

describe("completion driver", () => {
  const setup = () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    const driver = createCompletionDriver({
      store,
      commands: () => [...BUILTIN_COMMANDS, { name: "model", description: "choose", run: () => undefined }, { name: "tree", description: "tree", run: () => undefined }],
      workerCommands: { list: () => [{ name: "review", description: "review code", source: "prompt" as const }], refresh: async () => undefined },
      supported: (name) => name !== "tree",
      cwd: "/",
      listFiles: () => ["src/main.ts", "src/other.ts", "README.md"],
    });
    const type = (text: string) => store.dispatch({ type: "editor", op: { op: "insert", text } });
    return { store, driver, type };
  };

  it("offers built-ins the worker supports plus worker commands, as a widget; Tab completes", () => {
    const { store, driver, type } = setup();
    type("/");
    const c = driver.current();
    expect(c?.kind).toBe("slash");
    const names = c?.kind === "slash" ? c.items.map((i) => i.name) : [];
    expect(names).toContain("review");
    expect(names).toContain("model");
    expect(names).not.toContain("tree");
    expect(store.getState().widgets[COMPLETION_WIDGET]?.placement).toBe("belowEditor");
    type("rev");
    expect(driver.complete()).toBe(true);
    expect(store.getState().editor.text).toBe("/review ");
    expect(store.getState().widgets[COMPLETION_WIDGET]).toBeUndefined();
  });

  it("completes @paths in the middle of a prompt, keeping the text after the cursor", () => {
    const { store, driver, type } = setup();
    type("read @mai please");
    for (let i = 0; i < " please".length; i += 1) store.dispatch({ type: "editor", op: { op: "left" } });
    expect(driver.current()?.kind).toBe("at");
    driver.complete();
    expect(store.getState().editor.text).toBe("read @src/main.ts  please");
  });

  it("inserts the common prefix first when several commands match", () => {
    const c = computeCompletion("/re", 3, { slash: () => [{ name: "resume", description: "", source: "builtin" }, { name: "resend", description: "", source: "builtin" }], files: () => [] });
    expect(c?.kind).toBe("slash");
    const { store, driver, type } = setup();
    type("/q");
    driver.complete();
    expect(store.getState().editor.text).toBe("/quit ");
    expect(computeCompletion("/model x", 8, { slash: () => [], files: () => [] })).toBeUndefined();
  });
});
