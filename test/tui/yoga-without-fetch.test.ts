// The bundle's yoga-layout loader (scripts/yoga-without-fetch.mjs): Ink's layout engine takes its
// wasm from the data URL it carries without calling fetch() (whose first call loads Node's undici
// at start-up), still lays out, and a loader this was not written for stops the build.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";

type Rewrite = (source: string) => string;
type YogaModule = { Node: { create(): YogaNode } };
type YogaNode = {
  setWidth(w: number): void;
  setHeight(h: number): void;
  calculateLayout(): void;
  getComputedWidth(): number;
  free(): void;
};

const SCRIPT = resolve(import.meta.dirname, "..", "..", "scripts", "yoga-without-fetch.mjs");
const YOGA_DIST = join(dirname(createRequire(import.meta.url).resolve("yoga-layout")), "..");
const LOADER = join(YOGA_DIST, "binaries", "yoga-wasm-base64-esm.js");

const rewrite = async (): Promise<Rewrite> =>
  ((await import(pathToFileURL(SCRIPT).href)) as { yogaLoaderWithoutFetch: Rewrite }).yogaLoaderWithoutFetch;

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Yoga loaded through `source` in place of its loader, with fetch() recording its calls. */
async function loadWith(source: string): Promise<{ yoga: YogaModule; fetched: number }> {
  const dir = mkdtempSync(join(tmpdir(), "yoga-loader-"));
  dirs.push(dir);
  writeFileSync(join(dir, "loader.mjs"), source);
  const wrap = pathToFileURL(join(YOGA_DIST, "src", "wrapAssembly.js")).href;
  writeFileSync(
    join(dir, "yoga.mjs"),
    `import load from "./loader.mjs";\nimport wrap from ${JSON.stringify(wrap)};\nexport default wrap(await load());\n`,
  );
  let fetched = 0;
  vi.stubGlobal("fetch", () => {
    fetched += 1;
    return Promise.reject(new Error("no fetch in this test"));
  });
  const yoga = ((await import(pathToFileURL(join(dir, "yoga.mjs")).href)) as { default: YogaModule }).default;
  return { yoga, fetched };
}

describe("yoga's wasm loader in the bundle", () => {
  it("lays out without calling fetch(), where the loader as shipped calls it", async () => {
    const shipped = readFileSync(LOADER, "utf8");
    expect((await loadWith(shipped)).fetched).toBeGreaterThan(0);
    const { yoga, fetched } = await loadWith((await rewrite())(shipped));
    expect(fetched).toBe(0);
    const node = yoga.Node.create();
    node.setWidth(42);
    node.setHeight(3);
    node.calculateLayout();
    expect(node.getComputedWidth()).toBe(42);
    node.free();
  });

  it("refuses a loader it was not written for, so the build fails instead of fetching", async () => {
    const yogaLoaderWithoutFetch = await rewrite();
    expect(() => yogaLoaderWithoutFetch("export default async () => fetch('x');")).toThrow(/yoga-without-fetch/);
  });
});
