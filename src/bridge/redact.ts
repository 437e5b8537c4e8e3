// Secret redaction for anything the bridge shows or records from a worker (stderr tail,
// protocol-error excerpts): provider keys, bearer tokens, URL credentials, secret env values.

const REDACTED = "[REDACTED]";
const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i;
/** Values shorter than this are not treated as secrets (e.g. `AUTH=1` would redact every "1"). */
const MIN_SECRET_VALUE_LENGTH = 6;

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
  [
    /((?:api[_-]?key|access[_-]?key|secret|token|password|passwd|auth)[A-Za-z0-9_]*["']?\s*[:=]\s*["']?)(?!\[REDACTED\])[^\s"',;}]{4,}/gi,
    `$1${REDACTED}`,
  ],
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
