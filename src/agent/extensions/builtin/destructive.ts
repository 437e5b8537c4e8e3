// Destructive-command and out-of-tree-path detection for the permission gate. Pure functions:
// each rule has a stable name, which "Allow for this session" remembers.
import { isAbsolute, relative, resolve } from "node:path";

export interface DestructiveRule {
  name: string;
  test: (command: string) => boolean;
}

/** Splits on shell separators so `echo ok && rm -rf x` is checked command by command. */
function segments(command: string): string[] {
  return command
    .split(/&&|\|\||;|\n|\|/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function words(segment: string): string[] {
  return segment.split(/\s+/).filter(Boolean);
}

/** The words of a segment from its program on (skips `env X=1`, `nohup`, `time`, `command`). */
function program(segment: string): string[] {
  const list = words(segment);
  while (list.length > 0) {
    const first = list[0] ?? "";
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first) || ["env", "nohup", "time", "command", "exec"].includes(first))
      list.shift();
    else break;
  }
  return list;
}

function hasShortFlag(args: string[], letter: string): boolean {
  return args.some((a) => /^-[A-Za-z]+$/.test(a) && a.includes(letter));
}

const rmRecursiveForce: DestructiveRule = {
  name: "rm -rf",
  test: (command) =>
    segments(command).some((segment) => {
      const [prog, ...args] = program(segment);
      if (prog !== "rm" && !prog?.endsWith("/rm")) return false;
      const recursive = hasShortFlag(args, "r") || hasShortFlag(args, "R") || args.includes("--recursive");
      const force = hasShortFlag(args, "f") || args.includes("--force");
      return recursive && force;
    }),
};

function programRule(name: string, match: (prog: string, args: string[]) => boolean): DestructiveRule {
  return {
    name,
    test: (command) =>
      segments(command).some((segment) => {
        const [prog, ...args] = program(segment);
        return prog !== undefined && match(prog.replace(/^.*\//, ""), args);
      }),
  };
}

export const DESTRUCTIVE_RULES: readonly DestructiveRule[] = [
  rmRecursiveForce,
  // Before "sudo": `curl … | sudo sh` is first of all a download run as a script.
  {
    name: "curl | sh",
    test: (command) => /\b(curl|wget)\b[^|]*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b/.test(command),
  },
  programRule("sudo", (prog) => prog === "sudo" || prog === "doas"),
  programRule(
    "git push --force",
    (prog, args) =>
      prog === "git" && args[0] === "push" && args.some((a) => a === "-f" || a.startsWith("--force") || /^\+/.test(a)),
  ),
  programRule("git reset --hard", (prog, args) => prog === "git" && args[0] === "reset" && args.includes("--hard")),
  programRule(
    "git clean -f",
    (prog, args) => prog === "git" && args[0] === "clean" && (hasShortFlag(args, "f") || args.includes("--force")),
  ),
  programRule("mkfs", (prog) => prog.startsWith("mkfs")),
  programRule("dd of=", (prog, args) => prog === "dd" && args.some((a) => a.startsWith("of="))),
  programRule(
    "chmod -R 777",
    (prog, args) =>
      prog === "chmod" && args.includes("777") && (hasShortFlag(args, "R") || args.includes("--recursive")),
  ),
  programRule(
    "chown -R",
    (prog, args) => prog === "chown" && (hasShortFlag(args, "R") || args.includes("--recursive")),
  ),
  programRule("shutdown", (prog) => ["shutdown", "reboot", "halt", "poweroff"].includes(prog)),
  { name: "write to a block device", test: (command) => />\s*\/dev\/(sd|nvme|hd|disk)/.test(command) },
  { name: "fork bomb", test: (command) => /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/.test(command) },
];

/** The first destructive rule the command matches, if any. */
export function findDestructiveRule(command: string): DestructiveRule | undefined {
  return DESTRUCTIVE_RULES.find((rule) => rule.test(command));
}

/** True when `path` (relative to cwd or absolute) resolves outside the working directory. */
export function isOutsideCwd(path: string, cwd: string): boolean {
  const target = resolve(cwd, path.replace(/^~(?=$|\/)/, process.env["HOME"] ?? "~"));
  const rel = relative(resolve(cwd), target);
  return rel === ".." || rel.startsWith(`..${"/"}`) || isAbsolute(rel);
}
