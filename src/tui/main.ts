// agent-tui entry (bin/agent-tui.js). Ink decides "am I in CI?" when it is first imported
// (an env key CI that is present, even empty, means CI): an empty CI is not a CI, so drop it
// before loading the app.
if (process.env["CI"] === "") delete process.env["CI"];
await import("./run.js");
