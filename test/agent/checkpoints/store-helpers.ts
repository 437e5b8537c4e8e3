// Shared set-up for the checkpoint store tests: a temp working tree (optionally a git repository
// with one commit), a temp agent home, the service over them, and one "turn" driven the way the
// runtime's hooks drive it (snapshot before the model, record at the user message, end at settle).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CheckpointService } from "../../../src/agent/checkpoints/checkpoint-service.js";
import "../helpers/isolated-tmp.js";

export const SESSION = "session-a";

export interface Tree {
  cwd: string;
  home: string;
  service: CheckpointService;
  write(path: string, content: string | Uint8Array): void;
  read(path: string): Buffer;
  /** Runs `edit` as the agent's turn and returns the turn's checkpoint id. */
  turn(prompt: string, edit: () => void): Promise<string>;
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["--no-optional-locks", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  });
}

export interface TreeOptions {
  git?: boolean;
  files?: Record<string, string>;
  maxFileBytes?: number;
  maxFiles?: number;
}

export function makeTree(options: TreeOptions = {}): Tree {
  const root = mkdtempSync(join(tmpdir(), "checkpoints-"));
  const cwd = join(root, "work");
  const home = join(root, "home");
  mkdirSync(cwd);
  const write = (path: string, content: string | Uint8Array): void => {
    mkdirSync(dirname(join(cwd, path)), { recursive: true });
    writeFileSync(join(cwd, path), content);
  };
  for (const [path, content] of Object.entries(options.files ?? {})) write(path, content);
  if (options.git) {
    git(cwd, "init", "-q", "-b", "main");
    git(cwd, "add", ".");
    git(cwd, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "initial");
  }
  const service = new CheckpointService({
    cwd,
    home,
    settings: {
      enabled: true,
      maxFileBytes: options.maxFileBytes ?? 5 * 1024 * 1024,
      maxFiles: options.maxFiles ?? 1000,
    },
  });
  let entry = 0;
  return {
    cwd,
    home,
    service,
    write,
    read: (path) => readFileSync(join(cwd, path)),
    async turn(prompt, edit) {
      await service.beforeTurn(SESSION);
      await service.turnOpened(prompt, `entry-${++entry}`);
      edit();
      await service.turnEnded();
      const list = await service.list(SESSION);
      return list[list.length - 1]?.id ?? "";
    },
  };
}

/** What a checkpoint must never change in the user's repository. */
export function gitFacts(cwd: string): Record<string, string> {
  const sha = (path: string): string => createHash("sha256").update(readFileSync(path)).digest("hex");
  return {
    index: sha(join(cwd, ".git", "index")),
    config: sha(join(cwd, ".git", "config")),
    head: git(cwd, "rev-parse", "HEAD"),
    refs: git(cwd, "for-each-ref"),
    stash: git(cwd, "stash", "list"),
    objects: git(cwd, "count-objects"),
  };
}
