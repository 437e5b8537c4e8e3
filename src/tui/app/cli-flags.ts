// The words of agent-tui's command line that are flags it does not know, as the person typed
// them: meow would only print "Unknown flag" and exit, naming no way to the help. Also the
// short forms -h and -v, which meow knows only as --help and --version.
export type FlagSpecs = Readonly<Record<string, { type: "string" | "boolean"; shortFlag?: string }>>;

const NEGATIVE_NUMBER = /^-(?:\d+|\d*\.\d+)(?:e[+-]?\d+)?$/i;

const kebabCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `-h` and `-v` as meow's --help and --version (pi takes them too); every other word as it is. */
export function expandHelpAndVersion(argv: readonly string[]): string[] {
  const end = argv.indexOf("--");
  return argv.map((a, i) => (end >= 0 && i > end ? a : a === "-h" ? "--help" : a === "-v" ? "--version" : a));
}

/**
 * Flags in `argv` that `specs` (meow's flag table, camelCase names) does not declare: `--name`,
 * `--no-name` for a boolean, `--name=value`, short flags alone or grouped (`-cr`). A string
 * flag's value is the next word unless that word is itself a flag (as meow's parser reads it).
 */
export function unknownFlags(argv: readonly string[], specs: FlagSpecs): string[] {
  const long = new Map<string, "string" | "boolean">([
    ["help", "boolean"],
    ["version", "boolean"],
  ]);
  const short = new Map<string, "string" | "boolean">();
  for (const [name, spec] of Object.entries(specs)) {
    long.set(kebabCase(name), spec.type);
    if (spec.shortFlag) short.set(spec.shortFlag, spec.type);
  }
  const unknown: string[] = [];
  const takesValue = (i: number): boolean => {
    const next = argv[i + 1];
    return next !== undefined && (!next.startsWith("-") || NEGATIVE_NUMBER.test(next));
  };
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] ?? "";
    if (word === "--") break;
    if (!word.startsWith("-") || word === "-" || NEGATIVE_NUMBER.test(word)) continue;
    if (word.startsWith("--")) {
      const name = word.slice(2).split("=", 1)[0] ?? "";
      const type = long.get(name) ?? (name.startsWith("no-") && long.get(name.slice(3)) === "boolean" ? "boolean" : undefined);
      if (type === undefined) unknown.push(`--${name}`);
      else if (type === "string" && !word.includes("=") && takesValue(i)) i += 1;
      continue;
    }
    for (let j = 1; j < word.length; j += 1) {
      const type = short.get(word.charAt(j));
      if (type === undefined) {
        unknown.push(j === 1 ? word : `-${word.charAt(j)}`);
        break;
      }
      // A string short flag takes the rest of the word, or the next word.
      if (type === "string") {
        if (j === word.length - 1 && takesValue(i)) i += 1;
        break;
      }
    }
  }
  return unknown;
}

/** The one line for flags agent-tui does not know, with the way to its help. */
export function unknownFlagsMessage(flags: readonly string[], command = "agent-tui"): string {
  return `unknown flag${flags.length === 1 ? "" : "s"} ${flags.join(", ")} (see ${command} --help)`;
}
