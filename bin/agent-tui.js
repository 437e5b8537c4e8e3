#!/usr/bin/env node
// Thin launcher: the Ink UI, bundled with its dependencies into dist/tui-bundle (built from
// dist/tui by `npm run build`, which `npm ci` runs via prepare; scripts/bundle-tui.mjs).
import "../dist/tui-bundle/main.js";
