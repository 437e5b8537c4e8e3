// agent-tui entry (bin/agent-tui.js). Environment fixes that must happen before Ink and React
// load: an empty CI is not a CI (Ink renders only the last frame under CI), and React runs in
// production mode unless asked otherwise (development mode is several times slower).
if (process.env["CI"] === "") delete process.env["CI"];
process.env["NODE_ENV"] ??= "production";
// Before the first frame: rows Ink already built are reused (ink-output-rows.ts).
await (await import("./ink-output-rows.js")).installInkRowCache();
await import("./run.js");
