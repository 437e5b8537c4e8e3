// JSON of any depth: V8's JSON.stringify recurses and throws RangeError near 2,000 nested
// levels (a long linear session tree, a tool result nesting 5,000 deep), and throws TypeError
// on cycles and BigInt. These walks use an explicit stack, so no input depth crashes them.

function omitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/** JSON.stringify's toJSON step (Date and friends). */
function resolve(key: string, value: unknown): unknown {
  if (typeof value === "object" && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return (toJSON as (key: string) => unknown).call(value, key);
  }
  return value;
}

function primitive(value: unknown): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      // JSON has no BigInt: its decimal digits as a string lose nothing.
      return JSON.stringify(value.toString());
    default:
      return "null";
  }
}

interface Frame {
  node: object;
  isArray: boolean;
  keys: string[];
  index: number;
  written: number;
}

/**
 * JSON.stringify without a depth limit and without throwing: the same text for ordinary
 * values; a cycle becomes "[Circular]" and a BigInt its digits as a string. Undefined only
 * for a top-level value JSON cannot represent (undefined, a function, a symbol).
 */
export function stringifyJsonDeep(root: unknown): string | undefined {
  const top = resolve("", root);
  if (omitted(top)) return undefined;
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();
  const write = (value: unknown): void => {
    if (typeof value !== "object" || value === null) {
      out.push(primitive(value));
      return;
    }
    if (open.has(value)) {
      out.push('"[Circular]"');
      return;
    }
    open.add(value);
    const isArray = Array.isArray(value);
    out.push(isArray ? "[" : "{");
    stack.push({ node: value, isArray, keys: isArray ? [] : Object.keys(value), index: 0, written: 0 });
  };
  write(top);
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (frame.isArray) {
      const array = frame.node as unknown[];
      if (frame.index >= array.length) {
        out.push("]");
        open.delete(frame.node);
        stack.pop();
        continue;
      }
      const index = frame.index++;
      if (index > 0) out.push(",");
      const value = resolve(String(index), array[index]);
      if (omitted(value)) out.push("null");
      else write(value);
      continue;
    }
    if (frame.index >= frame.keys.length) {
      out.push("}");
      open.delete(frame.node);
      stack.pop();
      continue;
    }
    const key = frame.keys[frame.index++] as string;
    const value = resolve(key, (frame.node as Record<string, unknown>)[key]);
    if (omitted(value)) continue;
    out.push(`${frame.written++ > 0 ? "," : ""}${JSON.stringify(key)}:`);
    write(value);
  }
  return out.join("");
}

/** JSON.stringify, falling back to the stack-free walk when V8 cannot (depth, cycle, BigInt). */
export function stringifyJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // RangeError (too deep) or TypeError (cycle, BigInt): the walk above handles all three.
    if (error instanceof RangeError || error instanceof TypeError) return stringifyJsonDeep(value);
    throw error;
  }
}

/** True when `value` nests objects/arrays deeper than `maxDepth` levels (checked without recursion). */
export function jsonDepthExceeds(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
