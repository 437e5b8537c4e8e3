// Decode results and the small field readers the decoders share. Readers throw a DecodeError
// carrying the exact message; each public decoder converts it to `{ ok: false, error }`.

export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: string };

export type JsonObject = Record<string, unknown>;

/** Internal: thrown by field readers, always caught by `runDecoder`. */
export class DecodeError extends Error {
  override name = "DecodeError";
}

export function fail(message: string): never {
  throw new DecodeError(message);
}

/** Runs a decoder body, converting a DecodeError into a failed result (other errors propagate). */
export function runDecoder<T>(body: () => T): DecodeResult<T> {
  try {
    return { ok: true, value: body() };
  } catch (error) {
    if (error instanceof DecodeError) return { ok: false, error: error.message };
    throw error;
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"` */
export function describeChoices(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v}"`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1] ?? ""}`;
}

/**
 * Field readers bound to one object and an error prefix such as `prompt` (giving
 * `prompt: "message" must be a string`). Per docs/protocol.md §0.3 a `null` optional field counts
 * as absent. `path` prefixes nested keys (`images[0].` gives `"images[0].data"`).
 */
export interface FieldReader {
  readonly obj: JsonObject;
  string(key: string): string;
  optString(key: string): string | undefined;
  boolean(key: string): boolean;
  optBoolean(key: string): boolean | undefined;
  number(key: string): number;
  optNumber(key: string): number | undefined;
  oneOf<T extends string>(key: string, values: readonly T[]): T;
  optOneOf<T extends string>(key: string, values: readonly T[]): T | undefined;
  array(key: string): unknown[];
  optArray(key: string): unknown[] | undefined;
  object(key: string): JsonObject;
  optObject(key: string): JsonObject | undefined;
  optStringArray(key: string): string[] | undefined;
  stringArray(key: string): string[];
}

export function fieldReader(obj: JsonObject, prefix: string, path = ""): FieldReader {
  const err = (key: string, what: string): never => fail(`${prefix}: "${path}${key}" must be ${what}`);
  const present = (key: string): boolean => obj[key] !== undefined && obj[key] !== null;
  const reader: FieldReader = {
    obj,
    string(key) {
      const v = obj[key];
      return typeof v === "string" ? v : err(key, "a string");
    },
    optString(key) {
      return present(key) ? reader.string(key) : undefined;
    },
    boolean(key) {
      const v = obj[key];
      return typeof v === "boolean" ? v : err(key, "a boolean");
    },
    optBoolean(key) {
      return present(key) ? reader.boolean(key) : undefined;
    },
    number(key) {
      const v = obj[key];
      return typeof v === "number" && Number.isFinite(v) ? v : err(key, "a number");
    },
    optNumber(key) {
      return present(key) ? reader.number(key) : undefined;
    },
    oneOf(key, values) {
      const v = obj[key];
      const match = values.find((candidate) => candidate === v);
      return match ?? err(key, describeChoices(values));
    },
    optOneOf(key, values) {
      return present(key) ? reader.oneOf(key, values) : undefined;
    },
    array(key) {
      const v = obj[key];
      return Array.isArray(v) ? v : err(key, "an array");
    },
    optArray(key) {
      return present(key) ? reader.array(key) : undefined;
    },
    object(key) {
      const v = obj[key];
      return isObject(v) ? v : err(key, "an object");
    },
    optObject(key) {
      return present(key) ? reader.object(key) : undefined;
    },
    stringArray(key) {
      const list = reader.array(key);
      return list.every((item): item is string => typeof item === "string") ? list : err(key, "an array of strings");
    },
    optStringArray(key) {
      return present(key) ? reader.stringArray(key) : undefined;
    },
  };
  return reader;
}

/** The string at `obj[key]`, or `fallback`. */
export function stringAt(obj: JsonObject, key: string, fallback = ""): string {
  const value = obj[key];
  return typeof value === "string" ? value : fallback;
}

/** The string at `obj[key]`, or undefined. */
export function optStringAt(obj: JsonObject, key: string): string | undefined {
  const value = obj[key];
  return typeof value === "string" ? value : undefined;
}

/** The strings of the array at `obj[key]` (non-strings skipped), or undefined if not an array. */
export function stringsAt(obj: JsonObject, key: string): string[] | undefined {
  const value: unknown = obj[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : undefined;
}

/** Copies `value` onto `target[key]` only when defined, so absent stays absent on the wire. */
export function setIfDefined<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}
