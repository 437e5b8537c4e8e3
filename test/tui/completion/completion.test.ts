// `@` file completion and `/` command completion: token finding, ranking, .gitignore, and the
// driver applying Tab through the store.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { atReplacement, atToken, rankPaths } from "../../../src/tui/completion/at-completion.js";
import { createCompletionDriver } from "../../../src/tui/completion/completion-driver.js";
import { createController } from "../../../src/tui/controller.js";
import { createFakeConnection } from "../helpers/fake-connection.js";
import {
  isIgnored,
  listProjectFiles,
  parseGitignore,
  withDirectories,
} from "../../../src/tui/completion/file-index.js";
import { BUILTIN_COMMANDS } from "../../../src/tui/slash/slash-registry.js";
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
    for (const f of ["a.ts", "x.log", "keep.log", "build/out.js", "src/b.ts", "src/gen/c.ts", "node_modules/x/i.js"])
      writeFileSync(join(root, f), "");
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

describe("completion list", () => {
  const setup = () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    const conn = createFakeConnection();
    const controller = createController({ store, connection: conn, exit: () => undefined });
    let workerFiles: ((value: string[]) => void) | undefined;
    let remote = false;
    const workerCommandList = [{ name: "review", description: "review code", source: "prompt" as const }];
    const driver = createCompletionDriver({
      store,
      commands: () => [
        ...BUILTIN_COMMANDS,
        { name: "model", description: "choose", run: () => undefined },
        { name: "tree", description: "tree", run: () => undefined },
      ],
      supported: (name) => name !== "tree",
      files: () =>
        remote
          ? {
              kind: "worker",
              list: () =>
                new Promise<string[]>((resolve) => {
                  workerFiles = resolve;
                }),
            }
          : { kind: "local", cwd: "/", list: () => ["src/main.ts", "src/other.ts", "README.md"] },
    });
    const type = (text: string) => store.dispatch({ type: "editor", op: { op: "insert", text } });
    const names = () => store.getState().completion?.list.visible.map((i) => i.label) ?? [];
    // The worker's commands are store state, as the bridge notices or a refresh put them there.
    const setWorkerCommands = (list: typeof workerCommandList) =>
      store.dispatch({ type: "worker_info", info: { slashCommands: list } });
    setWorkerCommands(workerCommandList);
    return {
      store,
      controller,
      conn,
      driver,
      type,
      names,
      setWorkerCommands,
      goRemote: () => {
        remote = true;
      },
      answerFiles: (paths: string[]) => workerFiles?.(paths),
    };
  };

  it("is state in the store, updated in the same dispatch as the keystroke: commands the worker supports plus its own", () => {
    const { store, type, names } = setup();
    type("/");
    expect(store.getState().completion?.kind).toBe("slash");
    expect(names()).toContain("/review");
    expect(names()).toContain("/model");
    expect(names()).not.toContain("/tree");
    expect(store.getState().completion?.list.visible.find((i) => i.id === "review")?.detail).toBe(
      "review code (prompt)",
    );
    type("rv");
    expect(names()[0]).toBe("/review"); // fuzzy: r…v
  });

  it("takes the worker's commands that arrive after `/name` was typed (nothing else is typed meanwhile)", () => {
    const { type, names, driver, setWorkerCommands } = setup();
    setWorkerCommands([]);
    type("/revi");
    expect(names()).not.toContain("/review");
    setWorkerCommands([{ name: "review", description: "review code", source: "prompt" }]);
    driver.refresh();
    expect(names()).toEqual(["/review"]);
  });

  it("arrows move the selection, Tab completes the selected name, Esc closes without aborting", () => {
    const { store, controller, conn, type } = setup();
    type("/");
    const second = store.getState().completion?.list.visible[1]?.id;
    controller.run("history_next");
    expect(store.getState().completion?.list.selected).toBe(1);
    controller.run("complete");
    expect(store.getState().editor.text).toBe(`/${second} `);
    expect(store.getState().completion).toBeUndefined();
    store.dispatch({ type: "editor", op: { op: "clear" } });
    type("/q");
    store.dispatch({ type: "run_state", busy: true, now: 0 });
    controller.run("abort");
    expect(store.getState().completion).toBeUndefined();
    expect(conn.calls.map((c) => c.method)).not.toContain("abort");
    expect(store.getState().editor.text).toBe("/q");
  });

  it("Enter runs the selected command", async () => {
    const { store, controller, type } = setup();
    type("/hotk");
    controller.run("submit");
    await Promise.resolve();
    expect(
      store.getState().transcript.committed.some((e) => e.kind === "notice" && e.text.includes("Keyboard shortcuts")),
    ).toBe(true);
  });

  it("completes @paths in the middle of a prompt, keeping the text after the cursor; Enter inserts, never sends", () => {
    const { store, controller, conn, type } = setup();
    type("read @mai please");
    for (let i = 0; i < " please".length; i += 1) store.dispatch({ type: "editor", op: { op: "left" } });
    expect(store.getState().completion?.kind).toBe("at");
    controller.run("submit");
    expect(store.getState().editor.text).toBe("read @src/main.ts  please");
    expect(conn.calls).toEqual([]);
  });

  it("completes an @path typed after a long prompt: the list and its edit are at the cursor", () => {
    const { store, controller, type, names } = setup();
    const long = "some text ".repeat(1000);
    type(long);
    type("@mai");
    expect(names()).toContain("src/main.ts");
    expect(store.getState().completion).toMatchObject({ kind: "at", start: long.length, end: long.length + 4 });
    controller.run("submit");
    expect(store.getState().editor.text).toBe(`${long}@src/main.ts `);
    store.dispatch({ type: "editor", op: { op: "clear" } });
    type(`/${"x".repeat(3000)}`);
    expect(store.getState().completion).toBeUndefined();
  });

  it("lists the worker's files when it can: 'reading…' until they arrive", async () => {
    const { store, type, names, goRemote, answerFiles } = setup();
    goRemote();
    type("@");
    expect(store.getState().completion?.note).toMatch(/reading the worker's files/);
    answerFiles(["remote/only.txt"]);
    await Promise.resolve();
    expect(names()).toEqual(["remote/", "remote/only.txt"]);
  });

  it("hides when nothing matches or the one match is already typed", () => {
    const { store, type } = setup();
    type("/quit");
    expect(store.getState().completion).toBeUndefined();
    store.dispatch({ type: "editor", op: { op: "clear" } });
    type("/model x");
    expect(store.getState().completion).toBeUndefined();
  });
});
