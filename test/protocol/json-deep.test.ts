// JSON of any depth: the stack-free serialiser writes what JSON.stringify writes, also where
// JSON.stringify throws (depth, cycles, BigInt), and the depth check never recurses.
import { describe, expect, it } from "vitest";
import { jsonDepthExceeds, stringifyJson, stringifyJsonDeep } from "../../src/protocol/json-deep.js";

function nested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value, n: i } : [value, i];
  return value;
}

describe("stringifyJsonDeep", () => {
  it("matches JSON.stringify for ordinary values", () => {
    const samples: unknown[] = [
      null,
      0,
      -1.5,
      'text with "quotes", \\ and \u2028',
      true,
      [],
      {},
      [1, undefined, () => 1, Symbol("s"), NaN, Infinity, null],
      { a: 1, skip: undefined, f: () => 1, nested: { b: [1, { c: "d" }] }, date: new Date(0) },
      { toJSON: (key: string) => `converted at "${key}"` },
      nested(50),
    ];
    for (const value of samples) expect(stringifyJsonDeep(value)).toBe(JSON.stringify(value));
    expect(stringifyJsonDeep(undefined)).toBeUndefined();
  });

  it("serialises 100,000 levels, which JSON.stringify cannot", () => {
    const deep = nested(100_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = stringifyJson(deep) ?? "";
    // JSON.parse is iterative in V8: the text round-trips.
    let node: unknown = JSON.parse(text);
    let depth = 0;
    while (typeof node === "object" && node !== null && !("leaf" in node)) {
      node = Array.isArray(node) ? node[0] : (node as { a: unknown }).a;
      depth++;
    }
    expect(depth).toBe(100_000);
  });

  it("never throws on cycles or BigInt", () => {
    const cyclic: Record<string, unknown> = { name: "x" };
    cyclic["self"] = cyclic;
    expect(stringifyJson(cyclic)).toBe('{"name":"x","self":"[Circular]"}');
    expect(stringifyJson({ big: 12345678901234567890n })).toBe('{"big":"12345678901234567890"}');
    // A shared (non-cyclic) object is written twice, as JSON.stringify does.
    const shared = { v: 1 };
    expect(stringifyJson({ a: shared, b: shared })).toBe('{"a":{"v":1},"b":{"v":1}}');
  });
});

describe("jsonDepthExceeds", () => {
  it("measures nesting without recursion", () => {
    expect(jsonDepthExceeds({ a: 1 }, 1)).toBe(false);
    expect(jsonDepthExceeds({ a: {} }, 1)).toBe(true);
    expect(jsonDepthExceeds("x", 0)).toBe(false);
    expect(jsonDepthExceeds(nested(999), 1000)).toBe(false);
    expect(jsonDepthExceeds(nested(5000), 1000)).toBe(true);
    expect(jsonDepthExceeds(nested(200_000), 1000)).toBe(true);
  });
});
