// agent-tui entry point (placeholder until the TUI core lands).
process.stderr.write("agent-tui: not built yet\n");
process.exitCode = 1;
