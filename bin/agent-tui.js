#!/usr/bin/env node
// Thin launcher: the Ink UI lives in dist/tui (built by `npm ci` via prepare).
import "../dist/tui/main.js";
