#!/usr/bin/env node
// Thin launcher: the headless agent, bundled into dist/agent-bundle (built from dist/agent by
// `npm run build`, which `npm ci` runs via prepare; scripts/bundle-agent.mjs). The live-session
// tools (attach, sessions) skip loading the agent itself.
const subcommand = process.argv[2];
if (subcommand === "attach" || subcommand === "sessions") await import("../dist/agent-bundle/live-main.js");
else await import("../dist/agent-bundle/main.js");
