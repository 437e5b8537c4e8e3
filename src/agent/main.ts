// agent-rpc entry point (placeholder until the agent core lands).
process.stderr.write("agent-rpc: not built yet\n");
process.exitCode = 1;
