#!/usr/bin/env node
// Thin launcher: the headless agent lives in dist/agent (built by `npm ci` via prepare).
import "../dist/agent/main.js";
