// Secret redaction for exported sessions: values of secret-looking environment variables
// and well-known token shapes are replaced before anything is rendered.

const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i;
// Short values (e.g. "1", "true") would redact ordinary words; real secrets are longer.
const MIN_SECRET_LENGTH = 8;

const TOKEN_PATTERNS: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bsk-ant-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{16,}/g,
];

export const REDACTED = "[REDACTED]";

export type Redactor = (text: string) => string;

/** Secret values from an environment (longest first, so overlapping values redact fully). */
export function secretValues(env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value || value.length < MIN_SECRET_LENGTH || !SECRET_NAME.test(name)) continue;
    values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

export function createRedactor(env: NodeJS.ProcessEnv = process.env): Redactor {
  const secrets = secretValues(env);
  return (text: string): string => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
    return out;
  };
}

/** Apply the redactor to every string inside a JSON-like value. */
export function redactDeep<T>(value: T, redact: Redactor): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return redact(node);
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === "object" && node !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) out[key] = walk(child);
      return out;
    }
    return node;
  };
  // The walk preserves the shape; only string leaves change.
  return walk(value) as T;
}
