// Build step helper (scripts/bundle-tui.mjs): yoga-layout's Emscripten loader (Ink's layout
// engine) carries its wasm as a base64 data URL and reads it with fetch() whenever a global fetch
// exists, as it does in Node: that first fetch() loads Node's undici, 70-90 ms of CPU at every
// start-up, for bytes already in memory. The loader also decodes the data URL itself when there
// is no fetch; this makes it always take that path.

/** How the loader asks whether fetch exists (twice: reading the binary, instantiating it). */
const FETCH_CHECK = '"function"!=typeof fetch';

/** `source` (yoga-layout's yoga-wasm-base64-esm.js) deciding it has no fetch; throws when the loader is not the one this was written for. */
export function yogaLoaderWithoutFetch(source) {
  const found = source.split(FETCH_CHECK).length - 1;
  if (found !== 2 || !source.includes("data:application/octet-stream;base64,")) {
    throw new Error(
      `yoga-without-fetch: expected yoga-layout's base64 wasm loader with 2 fetch checks, found ${found}: update scripts/yoga-without-fetch.mjs`,
    );
  }
  return source.replaceAll(FETCH_CHECK, "true");
}
