#!/usr/bin/env node
// Thin launcher: the headless agent lives in dist/agent (built by `npm ci` via prepare). The
// live-session tools (attach, sessions) skip loading the agent itself.
const subcommand = process.argv[2];
if (subcommand === "attach" || subcommand === "sessions") await import("../dist/agent/live/live-main.js");
else await import("../dist/agent/main.js");
