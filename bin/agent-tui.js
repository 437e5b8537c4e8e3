#!/usr/bin/env node
// Thin launcher: the Ink UI, bundled with its dependencies into dist/tui-bundle (built from
// dist/tui by `npm run build`, which `npm ci` runs via prepare; scripts/bundle-tui.mjs). V8's
// heap settings come first (dist/tui/app/heap-tuning.js), so the bundle is imported dynamically: a
// static import would load it before this module's body runs.
import { keepHeapSmall } from "../dist/tui/app/heap-tuning.js";

keepHeapSmall();
await import("../dist/tui-bundle/main.js");
