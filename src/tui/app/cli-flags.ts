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
      const type =
        long.get(name) ?? (name.startsWith("no-") && long.get(name.slice(3)) === "boolean" ? "boolean" : undefined);
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

/** What a session ID looks like (`01a24fef-48a0`, a full UUID, a prefix of one): hex, a digit or a dash in it. */
const SESSION_ID = /^(?=.*[\d-])[\da-f]{4,}(?:-[\da-f]+)*$/i;

/** Words meaning "end it" that are not agent-tui subcommands: `agent-tui sessions stop ID` does it. */
const STOP_WORDS = ["stop", "kill", "end", "rm", "remove", "delete", "terminate"];

/** Edit distance (insertions, deletions, substitutions), for words of a few letters. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

const near = (word: string, target: string): boolean => distance(word, target) <= (target.length > 5 ? 2 : 1);

/**
 * The command the person most likely meant when the words before any flag read as a mistyped
 * subcommand (`stop ID`, `atach ID`, `session`), or undefined: then they are a message for the
 * agent, as pi takes them. Only a near-miss word followed by nothing but a session ID counts, so
 * a real prompt ("stop the server on port 8080") is never refused.
 */
export function mistypedSubcommand(input: readonly string[]): string | undefined {
  const [first, ...rest] = input;
  if (first === undefined || rest.length > 1) return undefined;
  const id = rest[0];
  if (id !== undefined && !SESSION_ID.test(id)) return undefined;
  const word = first.toLowerCase();
  if (word === "attach" || word === "sessions") return undefined;
  if (id !== undefined && STOP_WORDS.some((w) => near(word, w))) return `agent-tui sessions stop ${id}`;
  const attach = id === undefined ? "agent-tui attach" : `agent-tui attach ${id}`;
  if (near(word, "attach") || word === "reattach") return attach;
  if (near(word, "sessions")) return id === undefined ? "agent-tui sessions" : `agent-tui attach ${id}`;
  return undefined;
}
