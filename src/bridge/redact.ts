// Secret redaction for anything the bridge shows or records from a worker (stderr tail,
// protocol-error excerpts): provider keys, bearer tokens, URL credentials, secret env values.

const REDACTED = "[REDACTED]";
const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i;
/** Values shorter than this are not treated as secrets (e.g. `AUTH=1` would redact every "1"). */
const MIN_SECRET_VALUE_LENGTH = 6;

/** A secret-looking key name and its `=` / `": "`, kept in the output (group 1). */
const SECRET_KEY_ASSIGNMENT =
  /((?:api[_-]?key|access[_-]?key|secret|token|password|passwd|auth)[A-Za-z0-9_]*["']?\s*[:=]\s*["']?)/;
/** The value after it, unless an earlier pattern has already redacted it. */
const SECRET_VALUE = /(?!\[REDACTED\])[^\s"',;}]{4,}/;

const PATTERNS: readonly [RegExp, string][] = [
  // Authorization headers and bearer tokens (value up to whitespace or quote).
  [/(authorization\s*[:=]\s*["']?)(?:bearer\s+|basic\s+|token\s+)?[^\s"',;]+/gi, `$1${REDACTED}`],
  [/\b(bearer\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1${REDACTED}`],
  // Provider key shapes.
  [/\bsk-(?:ant-|proj-|or-)?[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, REDACTED],
  [/\bxox[abposr]-[A-Za-z0-9-]{8,}/g, REDACTED],
  [/\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b/g, REDACTED],
  // URL credentials: scheme://user:pass@host
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/:@"']+:[^\s/@"']+@/gi, `$1${REDACTED}@`],
  // key=value / "key": "value" for secret-looking key names.
  [new RegExp(SECRET_KEY_ASSIGNMENT.source + SECRET_VALUE.source, "gi"), `$1${REDACTED}`],
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Collect the values of environment variables whose names look secret. */
export function secretEnvValues(env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_VALUE_LENGTH) continue;
    if (SECRET_ENV_NAME.test(name)) values.add(value);
  }
  // Longest first so a value containing another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

export type Redactor = (text: string) => string;

/** A redactor for a given environment (values of secret-named variables are removed too). */
export function createRedactor(env: NodeJS.ProcessEnv = process.env): Redactor {
  const values = secretEnvValues(env);
  const valuePattern = values.length > 0 ? new RegExp(values.map(escapeRegExp).join("|"), "g") : undefined;
  return (text) => {
    let out = valuePattern ? text.replace(valuePattern, REDACTED) : text;
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out;
  };
}

/** Redact with the current process environment. */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  return createRedactor(env)(text);
}

/** Names whose `NAME=value` or `--name value` carries a secret on a worker command line. */
const SECRET_WORD_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i;
/** A value shaped like a key: long, one word, letters and digits mixed. */
function looksLikeKey(value: string): boolean {
  return /^[A-Za-z0-9_+=.:-]{16,}$/.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value);
}

/**
 * The secret values in a worker command line (`--agent "… KEY=… …"`): values of secret-named
 * assignments and flags, key-shaped assignment values, and words a redactor pattern matches.
 */
export function commandLineSecrets(argv: readonly string[]): string[] {
  const out = new Set<string>();
  const byShape = createRedactor({});
  argv.forEach((word, index) => {
    const assignment = /^-{0,2}([A-Za-z_][A-Za-z0-9_-]*)=(.+)$/s.exec(word);
    if (assignment) {
      // Only the value: `OPENAI_API_KEY=[REDACTED]` still says which variable was set.
      const [, name = "", value = ""] = assignment;
      if (SECRET_WORD_NAME.test(name) || looksLikeKey(value) || byShape(value) !== value) out.add(value);
      return;
    }
    if (/^--?[A-Za-z]/.test(word) && SECRET_WORD_NAME.test(word)) {
      const next = argv[index + 1];
      if (next !== undefined && !next.startsWith("-")) out.add(next);
    }
    if (byShape(word) !== word) out.add(word);
  });
  return [...out].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length);
}

/** A redactor that also removes the secrets of `argv` wherever they appear (a spawn error quotes argv[0]). */
export function withCommandLineSecrets(redact: Redactor, argv: readonly string[]): Redactor {
  const secrets = commandLineSecrets(argv);
  if (secrets.length === 0) return redact;
  return (text) => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return redact(out);
  };
}

/** A word as a shell reads it back: quoted when it holds spaces or shell characters. */
function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.split("'").join("'\\''")}'`;
}

/** A worker command line for notices, with its secrets masked; words quoted so it can be run as shown. */
export function describeCommandLine(argv: readonly string[]): string {
  return withCommandLineSecrets((text) => text, argv)(argv.map(shellWord).join(" "));
}
